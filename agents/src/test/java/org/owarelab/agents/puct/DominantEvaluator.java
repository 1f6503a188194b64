package org.owarelab.agents.puct;

import org.owarelab.agents.inference.Evaluator;
import org.owarelab.rules.Board;

/**
 * Almost all prior on the lowest legal move, values 0: a search of a few thousand simulations
 * settles on that move. Far deeper ones (tens of thousands, free evaluations on several threads)
 * reach terminal results that draw visits to other moves, so they settle later and elsewhere.
 */
record DominantEvaluator(int actions) implements Evaluator {
    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        for (int i = 0; i < count; i++) {
            int mask = boards[i].legalMask();
            int first = Integer.numberOfTrailingZeros(mask);
            for (int m = 0; m < actions; m++) {
                priors[i * actions + m] = (mask >>> m & 1) == 0 ? 0f : m == first ? 0.95f : 0.01f;
            }
            values[i] = 0f;
        }
    }
}
