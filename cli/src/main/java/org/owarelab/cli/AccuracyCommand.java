package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.accuracy.AccuracyRun;
import org.owarelab.evaluation.report.Charts;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.util.OutputPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code oware accuracy}: how often an agent plays a perfect move, measured with the endgame tables
 * by {@link AccuracyRun}; the command checks its options and prints the table, the plot and the JSON.
 */
@Command(name = "accuracy", mixinStandardHelpOptions = true,
        description = "Measure an agent against perfect play: random positions per seed count on the board "
                + "(see docs/endgame-tables.md), the optimal-move rate, the outcome-preserving "
                + "rate and the mean seed loss, with 95%% intervals; a table, a PNG plot, JSON as the last line.",
        footer = {"", "Examples:",
            "  oware tables build --seeds 12 && oware accuracy --agent alphabeta --movetime 50",
            "  oware accuracy --agent greedy --seeds 2-8 --positions 500 --tables tables-12.owtb",
            "  oware accuracy --agent puct:model=runs/q1/best --sims 200 --plot puct.png",
            "  oware accuracy --agent strong --sims 200 --threads 2",
            "  oware accuracy --agent 'uci:cmd=./oware uci --agent alphabeta' --movetime 100"})
final class AccuracyCommand implements Callable<Integer> {
    /** The most positions decided at once: as many as the most threads of one search. */
    static final int MAX_THREADS = SearchOption.MAX_THREADS;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--agent", required = true, paramLabel = "SPEC", description = "The agent (any spec).")
    String agentSpec;

    @Option(names = "--seeds", defaultValue = "2-12", paramLabel = "A-B",
            description = "Seed counts on the board (default ${DEFAULT-VALUE}).")
    String seeds;

    @Option(names = "--positions", defaultValue = "200", paramLabel = "K",
            description = "Positions per seed count (default ${DEFAULT-VALUE}).")
    int positions;

    @Option(names = "--movetime", paramLabel = "MS", description = "Time per move (else the spec's limit).")
    Long movetime;

    @Option(names = "--sims", paramLabel = "N", description = "Simulations per move, for MCTS/PUCT agents.")
    Integer sims;

    @Option(names = "--tables", defaultValue = "tables-12.owtb", paramLabel = "FILE",
            description = "Endgame table file (default ${DEFAULT-VALUE}; build with 'oware tables build').")
    Path tables;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "", description = "Rule variants (default: default).")
    String rules;

    @Option(names = "--seed", defaultValue = "1", description = "Sampling seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", defaultValue = "1", paramLabel = "T",
            description = {"Positions decided at once, each by an instance of the agent on a thread of its own "
                    + "(default ${DEFAULT-VALUE}); the figures do not depend on T for agents whose moves do not "
                    + "depend on time (a network's, gathered into shared calls, up to float near-ties). "
                    + "Give timed PUCT agents threads=1 then."})
    int threads;

    @Option(names = "--plot", defaultValue = "accuracy.png", paramLabel = "FILE",
            description = "PNG plot of the rates by seed count (default ${DEFAULT-VALUE}).")
    Path plot;

    @Override
    public Integer call() throws Exception {
        int[] range = AccuracyRun.range(seeds);
        if (positions < 1) {
            throw new BadInputException("--positions " + positions + ": expected >= 1");
        }
        if (movetime != null && sims != null) {
            throw new BadInputException("--movetime and --sims: give one of them");
        }
        if ((movetime != null && movetime < 1) || (sims != null && sims < 1)) {
            throw new BadInputException("--movetime/--sims: expected >= 1");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new BadInputException("--threads " + threads + ": expected 1.." + MAX_THREADS);
        }
        SearchLimit limit = movetime != null ? SearchLimit.movetime(movetime)
                : sims != null ? SearchLimit.simulations(sims) : SearchLimit.NONE;
        RuleSet r = RuleSet.parse(rules);
        EndgameTable table = EndgameTable.load(tables, r, range[1]);
        OutputPaths.checkFile("--plot", plot); // before the positions are played
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AccuracyRun.Measured measured;
        try (AgentRegistry agents = ModelAgents.registry()) {
            measured = AccuracyRun.measure(agents, agentSpec, r, seed, threads, table, limit, range, positions, line -> {
                err.println(line);
                err.flush();
            });
        }
        String agentName = measured.agent();
        List<Accuracy.Row> rows = measured.rows();
        String lim = movetime != null ? movetime + " ms/move" : sims != null ? sims + " sims/move" : "spec's limit";
        out.printf(Locale.ROOT, "accuracy of %s (%s), rules %s, table %s, seed %d%n", agentName, lim, r, tables, seed);
        out.println("seeds  positions  optimal% [95%]        outcome% [95%]        seed loss [95%]        kept%");
        for (Accuracy.Row row : rows) {
            double[] oi = row.optimalInterval();
            double[] ci = row.outcomeInterval();
            out.printf(Locale.ROOT, "%5d  %9d  %6.1f [%5.1f,%5.1f]  %6.1f [%5.1f,%5.1f]  %6.3f [%5.3f,%5.3f]  %5.1f%n",
                    row.seeds(), row.positions(), 100 * row.optimalRate(), 100 * oi[0], 100 * oi[1],
                    100 * row.outcomeRate(), 100 * ci[0], 100 * ci[1], row.meanLoss(), row.lossLo(), row.lossHi(),
                    100 * row.keptShare());
        }
        Accuracy.Row all = Accuracy.pooled(rows);
        out.printf(Locale.ROOT, "  all  %9d  %6.1f  outcome %6.1f  seed loss %6.3f [%5.3f,%5.3f]  (pooled)%n", all.positions(),
                100 * all.optimalRate(), 100 * all.outcomeRate(), all.meanLoss(), all.lossLo(), all.lossHi());
        if (rows.stream().anyMatch(x -> x.positions() > 0)) {
            Charts.savePng(Charts.accuracy(agentName + " (" + lim + ")", rows), plot);
            out.println("plot: " + plot);
        } else {
            out.println("plot: none (no position could be judged)");
        }
        out.println(AccuracyRun.json(measured, lim, r, tables, seed));
        out.flush();
        return 0;
    }
}
