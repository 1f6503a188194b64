package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.owarelab.agents.alphabeta.AlphaBetaConfig;
import org.owarelab.agents.alphabeta.SearchBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware bench search}: alpha-beta speed and node-count signature on the fixed position set. */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = {"Alpha-beta on the fixed set of 12 bench positions (default rules, reached by fixed "
                + "move strings), each searched to a fixed depth from a cleared table, on one thread.",
            "Prints one line per position, then 'nodes: N', 'time: S s', 'nodes/s: N' and 'signature: N'. "
                + "The signature is the total node count: it changes exactly when the search's behaviour does, "
                + "never with the machine or its load."},
        footer = {"", "Examples:", "  oware bench search", "  oware bench search --depth 10 --tt 64",
            "  oware bench search --lmr"})
final class BenchSearchCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--depth", defaultValue = "14", description = "Search depth in plies, 1..40 (default ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--tt", defaultValue = "16", description = "Transposition table size in MiB, 0 = none (default ${DEFAULT-VALUE}).")
    int tt;

    @Option(names = "--lmr", description = "Search with late-move reductions, as timed searches do by default (a "
            + "fixed depth is otherwise full width): fewer nodes to the same nominal depth, another signature.")
    boolean lmr;

    @Option(names = "--no-warmup", description = "Skip the untimed warm-up pass (the same positions 2 plies shallower).")
    boolean noWarmup;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 40) {
            throw new BadInputException("--depth " + depth + ": expected 1..40");
        }
        if (tt < 0 || tt > 16384) {
            throw new BadInputException("--tt " + tt + ": expected 0..16384 MiB");
        }
        PrintWriter out = spec.commandLine().getOut();
        AlphaBetaConfig config = new AlphaBetaConfig(depth, 0, 0, tt, true, false, null, lmr ? Boolean.TRUE : null,
                AlphaBetaConfig.DEFAULT_ASPIRATION, null);
        if (!noWarmup) {
            SearchBench.run(config, Math.max(1, depth - 2), r -> { });
        }
        out.printf("alpha-beta bench: %d positions, depth %d, tt %d MiB%s%n", SearchBench.POSITIONS.size(), depth, tt,
                lmr ? ", late-move reductions" : "");
        int[] index = {0};
        List<SearchBench.Result> results = SearchBench.run(config, depth, r -> {
            out.printf("%2d  %-30s  best %c  value %+.3f  nodes %10d  time %8.1f ms  nodes/s %9d%n", ++index[0],
                    r.position(), r.letter(), r.value(), r.nodes(), r.nanos() / 1e6,
                    r.nanos() <= 0 ? 0 : (long) (r.nodes() * 1e9 / r.nanos()));
            out.flush();
        });
        long nodes = SearchBench.signature(results);
        long nanos = 0;
        for (SearchBench.Result r : results) {
            nanos += r.nanos();
        }
        out.printf("nodes: %d%n", nodes);
        out.printf("time: %.3f s%n", nanos / 1e9);
        out.printf("nodes/s: %d%n", nanos <= 0 ? 0 : (long) (nodes * 1e9 / nanos));
        out.printf("signature: %d%n", nodes);
        out.flush();
        return 0;
    }
}
