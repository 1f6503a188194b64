package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.eval.UniformEvaluator;
import org.owarelab.rules.RuleSet;

/** The rounds of {@link SelfPlayBenchmark} and their median. */
class SelfPlayBenchmarkTest {
    @Test
    void eachRoundMeasuresItsOwnGamesAndRawThroughput() throws InterruptedException {
        SelfPlayConfig cfg = SelfPlayConfig.DEFAULT.withGames(4, 1).withSimulations(8);
        List<SelfPlayBenchmark.Result> rs = SelfPlayBenchmark.runRounds(cfg, RuleSet.DEFAULT,
                () -> new UniformEvaluator(6), new TinyEncoder(RuleSet.DEFAULT), 2, 3, 4, 7);
        assertEquals(4, rs.size());
        for (SelfPlayBenchmark.Result r : rs) {
            // Each worker finishes 3 games a round.
            assertEquals(6, r.stats().games());
            assertTrue(r.stats().simulations() > 0 && r.stats().evaluated() > 0);
            assertTrue(r.seconds() > 0 && r.rawEvalsPerSecond() > 0);
            assertTrue(r.efficiency() > 0 && Double.isFinite(r.efficiency()));
        }
    }

    @Test
    void medianOfOddEvenAndEmpty() {
        assertEquals(2.0, SelfPlayBenchmark.median(new double[] {3, 1, 2}));
        assertEquals(2.5, SelfPlayBenchmark.median(new double[] {4, 1, 3, 2}));
        assertTrue(Double.isNaN(SelfPlayBenchmark.median(new double[0])));
        double[] v = {5, 1, 4};
        SelfPlayBenchmark.median(v);
        assertEquals(5, v[0], "the input is left as it was");
    }

    @Test
    void rejectsZeroRounds() {
        assertThrows(IllegalArgumentException.class, () -> SelfPlayBenchmark.runRounds(SelfPlayConfig.DEFAULT,
                RuleSet.DEFAULT, () -> new UniformEvaluator(6), new TinyEncoder(RuleSet.DEFAULT), 1, 1, 0, 1));
    }
}
