package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
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
            "Prints one line per position, then 'simulations: N', 'time: S s', 'simulations/s: N' (a decision's "
                + "node count: simulations for PUCT) and 'cpu: C cores' (the process's CPU time over the searches' "
                + "time: about T when T search threads each have a core of their own, less when they wait for each "
                + "other or for a busy machine). A warm-up pass at a tenth of the move time, not counted, comes first.",
            "With --threads 1,2 the bench runs once per count, the spec's threads key set to it (threads of one "
                + "search over one tree), and ends with one line per count: 'threads T: simulations/s N (xS)', "
                + "S the speed-up over the first count.",
            "With --rounds R the counts run R times in turn (1,2,1,2,...), so that a machine whose speed drifts "
                + "shows in every count alike: each round ends with its own lines, and the last lines give the "
                + "median over rounds, 'threads T: simulations/s N (xS), median of R rounds; range LO-HI (xLO-HI)', S "
                + "the median of the rounds' speed-ups (each round's count against that round's first count)."},
        footer = {"", "Examples:", "  oware bench puct --agent 'puct:model=runs/q1' --movetime 1000",
            "  oware bench puct --agent 'puct:model=runs/q1,batch=1' --movetime 500",
            "  oware bench puct --agent 'puct:model=runs/q1,batch=64'",
            "  oware bench puct --agent 'puct:model=runs/q1' --threads 1,2",
            "  oware bench puct --agent strong --threads 1,2 --rounds 4   # medians"})
final class BenchPuctCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--agent", paramLabel = "SPEC", required = true,
            description = "The agent spec, e.g. puct:model=runs/q1,batch=32.")
    String agent;

    @Option(names = "--movetime", paramLabel = "MS", defaultValue = "1000",
            description = "Milliseconds per position, 1..600000 (default ${DEFAULT-VALUE}).")
    long movetime;

    @Option(names = "--threads", paramLabel = "T[,T...]", split = ",",
            description = "Search thread counts to bench in turn, each 1..256 (default: the spec's own).")
    int[] threads;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "1",
            description = "Times to run the thread counts in turn, 1..100 (default ${DEFAULT-VALUE}); more than one "
                    + "prints the medians over rounds.")
    int rounds;

    @Override
    public Integer call() {
        if (movetime < 1 || movetime > 600_000) {
            throw new BadInputException("--movetime " + movetime + ": expected 1..600000 ms");
        }
        if (rounds < 1 || rounds > 100) {
            throw new BadInputException("--rounds " + rounds + ": expected 1..100");
        }
        PrintWriter out = spec.commandLine().getOut();
        String[] specs;
        int[] counts = threads;
        if (counts == null) {
            specs = new String[] {agent};
        } else {
            for (int t : counts) {
                if (t < 1 || t > 256) {
                    throw new BadInputException("--threads " + t + ": expected counts 1..256, e.g. --threads 1,2");
                }
            }
            specs = new String[counts.length];
            for (int i = 0; i < counts.length; i++) {
                specs[i] = withThreads(agent, counts[i]);
            }
        }
        long[][] rates = new long[rounds][specs.length];
        for (int r = 0; r < rounds; r++) {
            if (rounds > 1) {
                out.printf(Locale.ROOT, "round %d/%d%n", r + 1, rounds);
            }
            for (int i = 0; i < specs.length; i++) {
                rates[r][i] = bench(specs[i], out);
            }
            if (counts != null) {
                for (int i = 0; i < counts.length; i++) {
                    out.printf(Locale.ROOT, "threads %d: simulations/s %d (x%.2f)%n", counts[i], rates[r][i],
                            ratio(rates[r][i], rates[r][0]));
                }
            }
            out.flush();
        }
        if (rounds > 1) {
            for (int i = 0; i < specs.length; i++) {
                double[] rate = new double[rounds];
                double[] speedUp = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    rate[r] = rates[r][i];
                    speedUp[r] = ratio(rates[r][i], rates[r][0]);
                }
                String who = counts == null ? "" : "threads " + counts[i] + ": ";
                String x = counts == null ? "" : String.format(Locale.ROOT, " (x%.2f)", median(speedUp));
                String xRange = counts == null ? ""
                        : String.format(Locale.ROOT, " (x%.2f-%.2f)", StatUtils.min(speedUp), StatUtils.max(speedUp));
                out.printf(Locale.ROOT, "%ssimulations/s %d%s, median of %d rounds; range %d-%d%s%n", who,
                        (long) median(rate), x, rounds, (long) StatUtils.min(rate), (long) StatUtils.max(rate), xRange);
            }
        }
        out.flush();
        return 0;
    }

    private static double ratio(long a, long b) {
        return b <= 0 ? 0.0 : a / (double) b;
    }

    /** The median of {@code xs} (the mean of the middle two for an even count). */
    static double median(double[] xs) {
        return new Median().evaluate(xs);
    }

    /** {@code spec} with its {@code threads} key set to {@code t} (any earlier one dropped). */
    static String withThreads(String spec, int t) {
        AgentSpec s;
        try {
            s = AgentSpec.parse(spec);
        } catch (RuntimeException e) {
            throw new BadInputException("--agent '" + spec + "': " + e.getMessage());
        }
        StringBuilder sb = new StringBuilder(s.name());
        char sep = ':';
        for (java.util.Map.Entry<String, String> e : s.options().entrySet()) {
            if (!e.getKey().equals("threads")) {
                sb.append(sep).append(e.getKey()).append('=').append(AgentSpec.quote(e.getValue()));
                sep = ',';
            }
        }
        return sb.append(sep).append("threads=").append(t).toString();
    }

    /** One bench of {@code agentSpec}: the lines described in the help; returns its simulations/s. */
    private long bench(String agentSpec, PrintWriter out) {
        try (AgentRegistry agents = ModelAgents.registry(); Agent a = agents.create(agentSpec, RuleSet.DEFAULT, 1)) {
            run(a, Math.max(1, movetime / 10), (line, d) -> { });
            out.printf(Locale.ROOT, "puct bench: %s, %d positions, movetime %d ms%n", agentSpec, SearchBench.POSITIONS.size(),
                    movetime);
            long[] totals = new long[2];
            int[] index = {0};
            long cpu0 = processCpuNanos();
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
            long rate = totals[1] <= 0 ? 0 : (long) (totals[0] * 1e9 / totals[1]);
            out.printf(Locale.ROOT, "simulations/s: %d%n", rate);
            long cpu = processCpuNanos() - cpu0;
            if (cpu0 >= 0 && cpu >= 0 && totals[1] > 0) {
                out.printf(Locale.ROOT, "cpu: %.2f cores%n", cpu / (double) totals[1]);
            }
            out.flush();
            return rate;
        }
    }

    /** The process's CPU time so far (all threads), or -1 where the JVM does not say. */
    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
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
