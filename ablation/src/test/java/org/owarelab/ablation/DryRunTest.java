package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cost model of {@code --dry-run}: work from the configs, time from the measured pace or the budgets. */
class DryRunTest {
    @TempDir
    Path tmp;

    private String dryRun(AblationPlan plan, Path dir) {
        StringWriter s = new StringWriter();
        DryRun.print(plan, dir, new PrintWriter(s, true));
        return s.toString();
    }

    @Test
    void aVariantWithoutMeasuredPaceIsScaledFromAnotherByGamesTimesSimulations() throws Exception {
        // 2 variants (8 and 16 simulations) x 1 seed, 2 generations each.
        AblationPlan plan = AblationPlan.load(Tiny.write(tmp, "p.yaml", Tiny.head(2)
                + "grid:\n  selfplay.simulations: [8, 16]\nseeds: [1]\n"));
        Path dir = tmp.resolve("abl");
        assertTrue(dryRun(plan, dir).contains("training time: unknown until a run has measured the pace (0 of 2"));
        // The 8-simulation run measured 10 s for its first generation: 10 s for its second, and the
        // 16-simulation run, twice the work per generation, 20 s for each of its two: 50 s in all.
        AblationRun measured = AblationRun.of(plan, dir).get(0);
        Files.createDirectories(measured.dir());
        Files.writeString(measured.runDirectory().metrics(),
                "{\"generation\":1,\"step\":5,\"positions\":100,\"seconds\":10.0,\"genSeconds\":10.0}\n");
        String out = dryRun(plan, dir);
        assertTrue(out.contains("training time: ~50 s one run at a time (0 of 2 runs finished already; pace measured"),
                out);
        assertTrue(out.contains("cost (from the configs): 32 self-play games, ~3.07e+04 simulations"), out);
        assertTrue(out.contains("at most 20 learner steps"), out);
    }

    @Test
    void withoutAMeasuredPaceTheTimeBudgetsBoundTheTime() throws Exception {
        AblationPlan plan = AblationPlan.load(Tiny.write(tmp, "b.yaml", Tiny.head(2)
                + "grid:\n  loop.maxWallSeconds: [60, 120]\nseeds: [1, 2]\n"));
        String out = dryRun(plan, tmp.resolve("abl"));
        // A budget is an upper bound, not an estimate: a run whose generations end sooner takes less.
        assertTrue(out.contains("training time: at most 6 min one run at a time (0 of 4 runs finished already; the "
                + "time budgets loop.maxWallSeconds: a run that ends its generations sooner takes less"), out);
        assertFalse(out.contains("training time: ~"), out);
        assertFalse(Files.exists(tmp.resolve("abl")), "a dry run writes nothing");
    }

    @Test
    void playoutCapRandomisationCountsSimulationsAtTheirMean() throws Exception {
        AblationPlan plan = AblationPlan.load(Tiny.write(tmp, "c.yaml", Tiny.head(1).replace("  selfplay.simulations: 8\n",
                "  selfplay.simulations: 100\n  selfplay.playoutCap.fullProbability: 0.25\n"
                + "  selfplay.playoutCap.fastSimulations: 20\n")));
        assertEquals(0.25 * 100 + 0.75 * 20, DryRun.simsPerMove(plan.variants().get(0).config().selfplay()), 1e-9);
    }
}
