package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.owarelab.rules.Board;
import org.owarelab.rules.Perft;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware perft}: leaf counts of the game tree and their speed, on one thread or several. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = "Count the leaf nodes of the game tree to a depth and print leaves/s (one thread, or the tree "
                + "split at its first plies over --threads T: the same counts).",
        footer = {"", "Examples:",
            "  oware perft --depth 11",
            "  oware perft --depth 12 --threads 2",
            "  oware perft --depth 6 --divide",
            "  oware perft --depth 8 --rules houses=4,seeds=3",
            "  oware perft --depth 5 --position 0-0-0-0-1-2-1-1-0-0-0-0-20-23-S --rules grand-slam=capture-all"})
final class PerftCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--depth", required = true, paramLabel = "N", description = "Plies to search (1..30).")
    int depth;

    @Option(names = "--divide", description = "Print the leaf count below each first move.")
    boolean divide;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
            description = "Threads counting the split tree, 1..256 (default ${DEFAULT-VALUE}).")
    int threads;

    @Mixin
    RulesOptions rules = new RulesOptions();

    @Override
    public Integer call() {
        if (depth < 1 || depth > 30) {
            throw new BadInputException("--depth " + depth + ": expected 1..30");
        }
        if (threads < 1 || threads > 256) {
            throw new BadInputException("--threads " + threads + ": expected 1..256");
        }
        Board board = rules.board();
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        long total;
        if (divide) {
            total = 0;
            for (Map.Entry<Character, Long> e : Perft.divide(board, depth, threads).entrySet()) {
                out.println(e.getKey() + ": " + e.getValue());
                total += e.getValue();
            }
        } else {
            total = Perft.count(board, depth, threads);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        out.printf("perft(%d) = %d%n", depth, total);
        out.printf("time: %.3f s%s%n", secs, threads > 1 ? " on " + threads + " threads" : "");
        out.printf("leaves/s: %d%n", (long) (total / Math.max(secs, 1e-9)));
        out.flush();
        return 0;
    }
}
