package org.owarelab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.report.Charts;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.util.OutputPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware accuracy}: how often an agent plays a perfect move, measured with the endgame tables. */
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
    private static final ObjectMapper JSON = new ObjectMapper();
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
        int[] range = range(seeds);
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
        List<Accuracy.Row> rows;
        String agentName;
        try (AgentRegistry agents = ModelAgents.registry()) {
            agents.validate(agentSpec);
            List<Agent> instances = new ArrayList<>();
            try {
                for (int k = 0; k < threads; k++) {
                    instances.add(agents.create(agentSpec, r, seed));
                }
                // The canonical spec names a default limit (alphabeta:depth=8) that --movetime or --sims
                // overrides: then the spec as given says what ran.
                agentName = limit.equals(SearchLimit.NONE) ? instances.get(0).spec() : agentSpec;
                rows = Accuracy.run(table, instances, limit, range[0], range[1], positions, seed, line -> {
                    err.println(line);
                    err.flush();
                });
            } finally {
                for (Agent a : instances) {
                    a.close();
                }
            }
        }
        String lim = movetime != null ? movetime + " ms/move" : sims != null ? sims + " sims/move" : "spec's limit";
        out.printf(Locale.ROOT, "accuracy of %s (%s), rules %s, table %s, seed %d%n", agentName, lim, r, tables, seed);
        out.println("seeds  positions  optimal% [95%]        outcome% [95%]        seed loss [95%]        kept%");
        List<Map<String, Object>> json = new ArrayList<>();
        for (Accuracy.Row row : rows) {
            double[] oi = row.optimalInterval();
            double[] ci = row.outcomeInterval();
            out.printf(Locale.ROOT, "%5d  %9d  %6.1f [%5.1f,%5.1f]  %6.1f [%5.1f,%5.1f]  %6.3f [%5.3f,%5.3f]  %5.1f%n",
                    row.seeds(), row.positions(), 100 * row.optimalRate(), 100 * oi[0], 100 * oi[1],
                    100 * row.outcomeRate(), 100 * ci[0], 100 * ci[1], row.meanLoss(), row.lossLo(), row.lossHi(),
                    100 * row.keptShare());
            Map<String, Object> m = Accuracy.json(row);
            json.add(m);
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
        Map<String, Object> top = new LinkedHashMap<>();
        top.put("agent", agentName);
        top.put("limit", lim);
        top.put("rules", r.spec());
        top.put("tables", tables.toString());
        top.put("seed", seed);
        top.put("rows", json);
        top.put("pooled", Accuracy.json(Accuracy.pooled(rows)));
        out.println(JSON.writeValueAsString(top));
        out.flush();
        return 0;
    }

    static int[] range(String text) {
        String t = text.trim();
        try {
            int[] r;
            int dash = t.indexOf('-');
            if (dash < 0) {
                int v = Integer.parseInt(t);
                r = new int[] {v, v};
            } else {
                r = new int[] {Integer.parseInt(t.substring(0, dash).trim()), Integer.parseInt(t.substring(dash + 1).trim())};
            }
            if (r[0] >= 1 && r[0] <= r[1] && r[1] <= 48) {
                return r;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException("--seeds '" + text + "': expected a range A-B of seed counts, 1 <= A <= B, e.g. 2-12");
    }
}
