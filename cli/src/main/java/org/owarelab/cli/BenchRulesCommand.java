package org.owarelab.cli;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import org.owarelab.rules.Board;
import org.owarelab.rules.Perft;
import org.owarelab.rules.Position;
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
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        makeUndo(board, seed, 0.5); // warm-up
        long c0 = cpu.getCurrentThreadCpuTime();
        long[] r = makeUndo(board, seed, seconds);
        long c1 = cpu.getCurrentThreadCpuTime();
        double pairsPerSec = r[0] / (r[1] / 1e9);
        Perft.count(new Board(), Math.min(perftDepth, 9)); // warm-up
        long c2 = cpu.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long leaves = Perft.count(new Board(), perftDepth);
        double perftSecs = (System.nanoTime() - t0) / 1e9;
        long c3 = cpu.getCurrentThreadCpuTime();
        out.printf("make+undo pairs: %d in %.2f s%n", r[0], r[1] / 1e9);
        out.printf("make+undo/s: %d%n", (long) pairsPerSec);
        out.printf("make+undo/cpu-s: %d%n", (long) (r[0] / Math.max((c1 - c0) / 1e9, 1e-9)));
        out.printf("perft(%d): %d leaves in %.3f s%n", perftDepth, leaves, perftSecs);
        out.printf("perft leaves/s: %d%n", (long) (leaves / perftSecs));
        out.printf("perft leaves/cpu-s: %d%n", (long) (leaves / Math.max((c3 - c2) / 1e9, 1e-9)));
        if (threads > 1) {
            Perft.count(new Board(), Math.min(perftDepth, 9), threads); // warm-up
            t0 = System.nanoTime();
            long split = Perft.count(new Board(), perftDepth, threads);
            double splitSecs = (System.nanoTime() - t0) / 1e9;
            out.printf("perft(%d) on %d threads: %d leaves in %.3f s%n", perftDepth, threads, split, splitSecs);
            out.printf("perft leaves/s (%d threads): %d%n", threads, (long) (split / splitSecs));
        }
        out.flush();
        return 0;
    }

    /** Returns {pairs, nanos}: random games where every legal move of each position is made and undone. */
    private static long[] makeUndo(Board board, long seed, double seconds) {
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        long pairs = 0;
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (seconds * 1e9);
        long now = t0;
        while (now < deadline) {
            for (int step = 0; step < 4096; step++) {
                int mask = board.legalMask();
                if (mask == 0 || board.ply() >= 400) {
                    board.set(Position.start(board.rules()));
                    mask = board.legalMask();
                }
                for (int m = mask; m != 0; m &= m - 1) {
                    board.play(Integer.numberOfTrailingZeros(m));
                    board.undo();
                    pairs++;
                }
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                int k = (int) ((x >>> 33) % Integer.bitCount(mask));
                int m = mask;
                while (k-- > 0) {
                    m &= m - 1;
                }
                board.play(Integer.numberOfTrailingZeros(m));
            }
            now = System.nanoTime();
        }
        return new long[] {pairs, now - t0};
    }
}
