package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.owarelab.agents.inference.Evaluator;
import org.owarelab.rules.Board;

/** Wraps an evaluator, refuses finished boards and counts calls, positions and the largest batch. */
final class CheckingEvaluator implements Evaluator {
    private final Evaluator inner;
    int calls;
    long positions;
    int maxBatch;

    CheckingEvaluator(Evaluator inner) {
        this.inner = inner;
    }

    @Override
    public int actions() {
        return inner.actions();
    }

    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        for (int i = 0; i < count; i++) {
            assertFalse(boards[i].isOver(), "a finished board reached the evaluator: " + boards[i]);
        }
        calls++;
        positions += count;
        maxBatch = Math.max(maxBatch, count);
        inner.evaluate(boards, count, priors, values);
    }
}
