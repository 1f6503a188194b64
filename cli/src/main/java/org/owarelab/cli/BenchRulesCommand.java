package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.owarelab.rules.Board;
import org.owarelab.rules.RulesBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware bench rules}: make+undo and perft speed of the rules engine on one thread, and perft on several. */
@Command(name = "rules", mixinStandardHelpOptions = true,
        description = {"Rules engine speed on one thread: make+undo pairs per second over random games "
                + "(every legal move of every position made and taken back), and perft leaves per second.",
            "Prints 'make+undo/s: N' and 'perft leaves/s: N' (wall clock), the same per second of this thread's "
                + "CPU time ('make+undo/cpu-s', 'perft leaves/cpu-s': steadier on a shared machine), and with --threads T > 1 also the same perft "
                + "split over T threads, 'perft leaves/s (T threads): N'."},
        footer = {"", "Examples:", "  oware bench rules --seconds 5 --perft-depth 11",
            "  oware bench rules --threads 2"})
final class BenchRulesCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--seconds", defaultValue = "3", description = "Measured time of the make+undo run (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--perft-depth", defaultValue = "11", description = "Depth of the timed perft (default ${DEFAULT-VALUE}).")
    int perftDepth;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
            description = "Also time the perft on T threads, 1..256 (default ${DEFAULT-VALUE}: one thread only).")
    int threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random games (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (seconds <= 0 || perftDepth < 1 || perftDepth > 14) {
            throw new BadInputException("expected --seconds > 0 and --perft-depth 1..14");
        }
        if (threads < 1 || threads > 256) {
            throw new BadInputException("--threads " + threads + ": expected 1..256");
        }
        PrintWriter out = spec.commandLine().getOut();
        Board board = new Board();
        RulesBench.makeUndo(board, seed, 0.5); // warm-up
        RulesBench.MakeUndo r = RulesBench.makeUndo(board, seed, seconds);
        RulesBench.perft(Math.min(perftDepth, 9), 1); // warm-up
        RulesBench.PerftRun p = RulesBench.perft(perftDepth, 1);
        double perftSecs = p.wallNanos() / 1e9;
        out.printf("make+undo pairs: %d in %.2f s%n", r.pairs(), r.wallNanos() / 1e9);
        out.printf("make+undo/s: %d%n", (long) (r.pairs() / (r.wallNanos() / 1e9)));
        out.printf("make+undo/cpu-s: %d%n", (long) (r.pairs() / Math.max(r.cpuNanos() / 1e9, 1e-9)));
        out.printf("perft(%d): %d leaves in %.3f s%n", perftDepth, p.leaves(), perftSecs);
        out.printf("perft leaves/s: %d%n", (long) (p.leaves() / perftSecs));
        out.printf("perft leaves/cpu-s: %d%n", (long) (p.leaves() / Math.max(p.cpuNanos() / 1e9, 1e-9)));
        if (threads > 1) {
            RulesBench.perft(Math.min(perftDepth, 9), threads); // warm-up
            RulesBench.PerftRun split = RulesBench.perft(perftDepth, threads);
            double splitSecs = split.wallNanos() / 1e9;
            out.printf("perft(%d) on %d threads: %d leaves in %.3f s%n", perftDepth, threads, split.leaves(), splitSecs);
            out.printf("perft leaves/s (%d threads): %d%n", threads, (long) (split.leaves() / splitSecs));
        }
        out.flush();
        return 0;
    }
}
