package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The time left of train's progress lines, from the session's pace. */
class PaceTest {
    @Test
    void nothingIsSaidBeforeThePaceIsKnown() {
        Pace pace = new Pace(3);
        pace.startGeneration();
        assertEquals("", pace.selfPlay(1, Double.NaN), "no game has ended yet");
        assertEquals("", pace.learning(1, Double.NaN));
    }

    @Test
    void learningAddsWhatFollowedTheLearnerLastTimeAndTheGenerationsLeft() {
        Pace pace = new Pace(3);
        pace.startGeneration();
        pace.endGeneration(100, 80, 10); // 10 s after the learner: checkpoint, evaluation
        pace.startGeneration();
        // 5 s of steps left + 10 s after them; then 1 more generation at the session's 100 s each
        assertEquals("  ~15 s left in the generation, ~2 min in the run", pace.learning(2, 5));
        pace.endGeneration(60, 50, 5);
        assertEquals("  ~10 s left in the generation, ~10 s in the run", pace.learning(3, 5), "the last generation");
    }
}
