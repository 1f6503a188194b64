package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.alphabeta.SearchBench;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware bench puct}: simulations per second of one game's PUCT search at a move time. */
@Command(name = "puct", mixinStandardHelpOptions = true,
        description = {"One agent (PUCT, or any spec) searching the fixed set of 12 bench positions of 'bench search' "
                + "(default rules) for a fixed move time each, from a fresh tree, on the calling thread: the speed "
                + "of one game's search, as 'oware uci', 'play' and 'serve' run it.",
            "Prints one line per position, then 'simulations: N', 'time: S s' and 'simulations/s: N' (a decision's "
                + "node count: simulations for PUCT). A warm-up pass at a tenth of the move time, not counted, comes "
                + "first."},
        footer = {"", "Examples:", "  oware bench puct --agent 'puct:model=runs/q1' --movetime 1000",
            "  oware bench puct --agent 'puct:model=runs/q1,batch=1' --movetime 500",
            "  oware bench puct --agent 'puct:model=runs/q1,batch=64'"})
final class BenchPuctCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--agent", paramLabel = "SPEC", required = true,
            description = "The agent spec, e.g. puct:model=runs/q1,batch=32.")
    String agent;

    @Option(names = "--movetime", paramLabel = "MS", defaultValue = "1000",
            description = "Milliseconds per position, 1..600000 (default ${DEFAULT-VALUE}).")
    long movetime;

    @Override
    public Integer call() {
        if (movetime < 1 || movetime > 600_000) {
            throw new BadInputException("--movetime " + movetime + ": expected 1..600000 ms");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (AgentRegistry agents = ModelAgents.registry(); Agent a = agents.create(agent, RuleSet.DEFAULT, 1)) {
            run(a, Math.max(1, movetime / 10), (line, d) -> { });
            out.printf(Locale.ROOT, "puct bench: %s, %d positions, movetime %d ms%n", agent, SearchBench.POSITIONS.size(),
                    movetime);
            long[] totals = new long[2];
            int[] index = {0};
            run(a, movetime, (position, d) -> {
                totals[0] += d.nodes();
                totals[1] += d.timeNanos();
                out.printf(Locale.ROOT, "%2d  %-30s  best %d  value %+.3f  simulations %9d  time %7.1f ms  simulations/s %8d%n",
                        ++index[0], position, d.move(), d.value(), d.nodes(), d.timeNanos() / 1e6,
                        d.timeNanos() <= 0 ? 0 : (long) (d.nodes() * 1e9 / d.timeNanos()));
                out.flush();
            });
            out.printf(Locale.ROOT, "simulations: %d%n", totals[0]);
            out.printf(Locale.ROOT, "time: %.3f s%n", totals[1] / 1e9);
            out.printf(Locale.ROOT, "simulations/s: %d%n", totals[1] <= 0 ? 0 : (long) (totals[0] * 1e9 / totals[1]));
            out.flush();
        }
        return 0;
    }

    private static void run(Agent a, long movetime, java.util.function.BiConsumer<String, Decision> each) {
        for (String moves : SearchBench.POSITIONS) {
            Board b = new Board();
            Moves.playAll(b, moves);
            a.reset(1);
            each.accept(b.text(), a.decide(b, SearchLimit.movetime(movetime), SearchMonitor.NONE));
        }
    }
}
