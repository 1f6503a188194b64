package org.owarelab.agents.inference;

import org.owarelab.rules.Board;

/** A fake evaluator whose outputs are a fixed function of the board's hash; counts what it is asked. */
final class HashEvaluator implements Evaluator {
    private final int actions;
    int calls;
    int boards;
    boolean closed;

    HashEvaluator(int actions) {
        this.actions = actions;
    }

    @Override
    public int actions() {
        return actions;
    }

    @Override
    public void evaluate(Board[] bs, int count, float[] priors, float[] values) {
        calls++;
        boards += count;
        for (int i = 0; i < count; i++) {
            long h = bs[i].hash();
            int mask = bs[i].legalMask();
            float sum = 0;
            for (int m = 0; m < actions; m++) {
                float w = (mask >>> m & 1) != 0 ? 1 + ((h >>> (4 * m)) & 15) : 0;
                priors[i * actions + m] = w;
                sum += w;
            }
            for (int m = 0; m < actions; m++) {
                priors[i * actions + m] /= sum;
            }
            values[i] = ((h >>> 40) & 1023) / 511.5f - 1f;
        }
    }

    @Override
    public void close() {
        closed = true;
    }
}
