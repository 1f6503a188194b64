package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.training.config.ConfigLoader;

class GenerationPlanTest {
    private static TrainConfig config(String... overrides) {
        return ConfigLoader.parse("", "x.yaml", TrainConfig.DEFAULT, List.of(overrides));
    }

    @Test
    void theLastGenerationEndsOnACheckpointAndDoesNotEvaluateBesidesTheFinalEvaluation() {
        TrainConfig cfg = config("loop.generations=6", "loop.evaluateEvery=3", "loop.checkpointEvery=4",
                "gating.enabled=false");
        GenerationPlan g3 = GenerationPlan.of(cfg, 3, false);
        assertTrue(g3.evaluate() && g3.checkpoint() && !g3.last(), "an evaluation reads a checkpoint: " + g3);
        GenerationPlan g4 = GenerationPlan.of(cfg, 4, false);
        assertTrue(g4.checkpoint() && !g4.evaluate(), g4.toString());
        GenerationPlan g5 = GenerationPlan.of(cfg, 5, false);
        assertFalse(g5.checkpoint() || g5.evaluate() || g5.last(), g5.toString());
        GenerationPlan g6 = GenerationPlan.of(cfg, 6, false);
        assertTrue(g6.last() && g6.checkpoint() && !g6.evaluate(), g6.toString());
        assertEquals("gen 6/6", g6.label());
    }

    @Test
    void aSpentTimeBudgetMakesAnyGenerationTheLastAndGatingCheckpointsEveryOne() {
        GenerationPlan early = GenerationPlan.of(config("loop.generations=6", "gating.enabled=false"), 2, true);
        assertTrue(early.last() && early.checkpoint(), early.toString());
        GenerationPlan gated = GenerationPlan.of(config("loop.generations=6", "loop.checkpointEvery=5",
                "gating.enabled=true"), 2, false);
        assertTrue(gated.gate() && gated.checkpoint(), gated.toString());
    }
}
