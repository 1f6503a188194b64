package org.owarelab.ablation;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.owarelab.training.loop.LoopConfig;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.selfplay.SelfPlayConfig;

/**
 * What {@code oware ablate --dry-run} prints: the variants (the first one's resolved config in
 * full, the others' lines that differ from it) and the estimated cost. Writes nothing.
 *
 * <p>Cost from the config: self-play games and simulations (simulations per move x an assumed
 * {@value #PLIES} plies per game; playout cap randomisation counted at its mean), the learner
 * steps' upper bound, the evaluation's games. Time: from the pace measured by runs already in
 * the output directory (seconds per generation of the same variant, else another variant's scaled
 * by games x simulations per move), else bounded by a time budget ({@code loop.maxWallSeconds}:
 * printed as "at most", since a run that ends its generations sooner takes less), else unknown.
 */
public final class DryRun {
    /** Plies per self-play game assumed by the estimate. */
    static final int PLIES = 80;

    private DryRun() {
    }

    public static void print(AblationPlan plan, Path dir, PrintWriter out) {
        List<AblationRun> runs = AblationRun.of(plan, dir);
        out.printf(Locale.ROOT, "ablation %s: base %s; axes %s; %d variant%s x seeds %s = %d runs; output %s%n",
                plan.source().file(), plan.baseName(), plan.axes().isEmpty() ? "none" : String.join(", ", plan.axes()),
                plan.variants().size(), plan.variants().size() == 1 ? "" : "s", plan.seeds(), runs.size(), dir);
        List<String> first = Arrays.asList(plan.variants().get(0).config().toYaml().split("\n"));
        for (int i = 0; i < plan.variants().size(); i++) {
            AblationPlan.Variant v = plan.variants().get(i);
            out.println();
            out.println("variant " + v.name() + "  (" + (v.overrides().isEmpty() ? "the base config"
                    : "--set " + String.join(" --set ", v.overrides())) + ")");
            List<String> lines = Arrays.asList(v.config().toYaml().split("\n"));
            if (i == 0) {
                lines.forEach(l -> out.println("  " + l));
            } else {
                List<String> diff = diff(first, lines);
                out.println(diff.isEmpty() ? "  (same resolved config as " + plan.variants().get(0).name() + ")"
                        : "  differs from " + plan.variants().get(0).name() + " in:");
                diff.forEach(l -> out.println("  " + l));
            }
        }
        out.println();
        cost(plan, runs, out);
        out.flush();
    }

    /** The lines of {@code b} that differ from {@code a}'s at the same place, under their section headers. */
    private static List<String> diff(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>();
        List<String> headers = new ArrayList<>(); // the open sections, outermost first
        List<Boolean> printed = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) {
            String l = b.get(i);
            int indent = l.length() - l.stripLeading().length();
            while (!headers.isEmpty() && indent(headers.get(headers.size() - 1)) >= indent) {
                headers.remove(headers.size() - 1);
                printed.remove(printed.size() - 1);
            }
            if (!(i < a.size() && a.get(i).equals(l))) {
                for (int h = 0; h < headers.size(); h++) {
                    if (!printed.get(h)) {
                        out.add(headers.get(h));
                        printed.set(h, true);
                    }
                }
                out.add(l);
            }
            if (l.endsWith(":")) {
                headers.add(l);
                printed.add(false);
            }
        }
        return out;
    }

    private static int indent(String l) {
        return l.length() - l.stripLeading().length();
    }

    private static void cost(AblationPlan plan, List<AblationRun> runs, PrintWriter out) {
        double totalSeconds = 0;
        boolean timeKnown = true;
        boolean budgetOnly = false; // some run's time is its budget alone: the total is an upper bound
        long games = 0;
        double sims = 0;
        long steps = 0;
        List<String> how = new ArrayList<>();
        for (AblationRun r : runs) {
            TrainConfig c = r.config();
            LoopConfig loop = c.loop();
            games += (long) loop.generations() * loop.gamesPerGeneration();
            sims += (double) loop.generations() * loop.gamesPerGeneration() * PLIES * simsPerMove(c.selfplay());
            steps += (long) loop.generations() * loop.maxStepsPerGeneration();
            if (r.finished()) {
                continue;
            }
            double pace = pace(runs, r);
            List<AblationRun.Generation> g = r.generations();
            int doneGens = g.isEmpty() ? 0 : g.get(g.size() - 1).generation();
            double doneSecs = g.isEmpty() ? 0 : g.get(g.size() - 1).seconds();
            double bySteps = Double.isNaN(pace) ? Double.NaN : pace * (loop.generations() - doneGens);
            double budget = loop.maxWallSeconds() > 0 ? Math.max(0, loop.maxWallSeconds() - doneSecs) : Double.NaN;
            double t = Double.isNaN(bySteps) ? budget : Double.isNaN(budget) ? bySteps : Math.min(bySteps, budget);
            if (Double.isNaN(t)) {
                timeKnown = false;
            } else {
                budgetOnly |= Double.isNaN(bySteps);
                totalSeconds += t;
            }
        }
        out.printf(Locale.ROOT, "cost (from the configs): %d self-play games, ~%.3g simulations (simulations per move "
                + "x %d plies per game, assumed), at most %d learner steps%n", games, sims, PLIES, steps);
        var e = plan.evaluation();
        long checkpoints = 0;
        for (AblationRun r : runs) {
            LoopConfig loop = r.config().loop();
            checkpoints += e.allCheckpoints() ? (loop.generations() + loop.checkpointEvery() - 1) / loop.checkpointEvery() : 1;
        }
        long players = checkpoints + e.opponents().size();
        out.printf(Locale.ROOT, "evaluation: round robin of %d players (%d fixed opponents + %d checkpoints%s): %d pairs x "
                + "%d games = %d games at %s (games already saved are not played again)%n", players,
                e.opponents().size(), checkpoints, e.allCheckpoints() ? ", about one per checkpointEvery generations" : "",
                players * (players - 1) / 2, e.games(), players * (players - 1) / 2 * e.games(), e.perMove());
        long finished = runs.stream().filter(AblationRun::finished).count();
        if (timeKnown && budgetOnly) {
            out.printf(Locale.ROOT, "training time: at most %s one run at a time (%d of %d runs finished already; "
                    + "the time budgets loop.maxWallSeconds%s: a run that ends its generations sooner takes less; "
                    + "run the ablation a while and dry-run again for the measured pace)%n",
                    AblationProgress.duration(totalSeconds), finished, runs.size(),
                    runs.stream().anyMatch(r -> !r.generations().isEmpty()) ? " where no pace is measured yet" : "");
        } else if (timeKnown) {
            out.printf(Locale.ROOT, "training time: ~%s one run at a time (%d of %d runs finished already; %s)%n",
                    AblationProgress.duration(totalSeconds), finished, runs.size(),
                    "pace measured by the runs in the output directory, seconds per generation");
        } else {
            out.printf(Locale.ROOT, "training time: unknown until a run has measured the pace (%d of %d runs finished); "
                    + "run the ablation a while and dry-run again%n", finished, runs.size());
        }
    }

    static double simsPerMove(SelfPlayConfig s) {
        double p = s.playoutCap().fullProbability();
        return p * s.simulations() + (1 - p) * s.playoutCap().fastSimulations();
    }

    /** Seconds per generation of {@code r}: measured on its variant, else scaled from another variant, else NaN. */
    private static double pace(List<AblationRun> runs, AblationRun r) {
        double secs = 0;
        long gens = 0;
        double otherSecs = 0;
        double otherWork = 0;
        long otherGens = 0;
        for (AblationRun x : runs) {
            List<AblationRun.Generation> g = x.generations();
            if (g.isEmpty()) {
                continue;
            }
            AblationRun.Generation last = g.get(g.size() - 1);
            if (x.variant().equals(r.variant())) {
                secs += last.seconds();
                gens += last.generation();
            } else {
                otherSecs += last.seconds();
                otherGens += last.generation();
                otherWork += last.generation() * work(x.config());
            }
        }
        if (gens > 0) {
            return secs / gens;
        }
        if (otherGens > 0) {
            return otherSecs / otherGens * work(r.config()) / (otherWork / otherGens);
        }
        return Double.NaN;
    }

    private static double work(TrainConfig c) {
        return c.loop().gamesPerGeneration() * simsPerMove(c.selfplay());
    }
}
