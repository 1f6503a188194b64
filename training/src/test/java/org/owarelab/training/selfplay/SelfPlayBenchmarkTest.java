package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.RuleSet;

/** The rounds of {@link SelfPlayBenchmark}. */
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
    void rejectsZeroRounds() {
        assertThrows(IllegalArgumentException.class, () -> SelfPlayBenchmark.runRounds(SelfPlayConfig.DEFAULT,
                RuleSet.DEFAULT, () -> new UniformEvaluator(6), new TinyEncoder(RuleSet.DEFAULT), 1, 1, 0, 1));
    }
}
