package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The evaluation's share of the ablation ETA. */
class AblationProgressTest {
    @Test
    void timeModeCostsEveryPoolMoveAtTheMoveTimeSpreadOverTheThreads() {
        var e = new AblationFile.Evaluation(List.of("greedy"), 10, "time", null, 50, null, null, 2, null);
        // 4 players: 6 pairs x 10 games x 80 plies x 0.05 s / 2 threads.
        assertEquals(6 * 10 * 80 * 0.05 / 2, AblationProgress.evaluationSeconds(e, 4, 1e-3, 2), 1e-9);
    }

    @Test
    void simsModeCostsEveryMoveAsACheckpointsSearchAtTheMeasuredPace() {
        var e = new AblationFile.Evaluation(List.of("greedy"), 2, "sims", 100, null, null, null, 1, null);
        // 3 players: 3 pairs x 2 games x 80 plies x 100 sims x 1e-4 s.
        assertEquals(3 * 2 * 80 * 100 * 1e-4, AblationProgress.evaluationSeconds(e, 3, 1e-4, 1), 1e-9);
    }
}
