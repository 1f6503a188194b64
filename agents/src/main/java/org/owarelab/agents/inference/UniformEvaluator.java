package org.owarelab.agents.inference;

import org.owarelab.rules.Board;

/** Uniform priors over the legal moves and value 0: searches run without a network (tests, baselines). */
public final class UniformEvaluator implements Evaluator {
    private final int actions;

    public UniformEvaluator(int actions) {
        this.actions = actions;
    }

    @Override
    public int actions() {
        return actions;
    }

    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        for (int i = 0; i < count; i++) {
            int mask = boards[i].legalMask();
            float p = mask == 0 ? 0f : 1f / Integer.bitCount(mask);
            for (int m = 0; m < actions; m++) {
                priors[i * actions + m] = (mask >>> m & 1) != 0 ? p : 0f;
            }
            values[i] = 0f;
        }
    }
}
