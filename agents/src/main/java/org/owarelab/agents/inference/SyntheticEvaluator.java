package org.owarelab.agents.inference;

import org.owarelab.rules.Board;
import org.owarelab.util.SplitMix;

/**
 * A deterministic stand-in for a network: priors and values are pseudo-random functions of the
 * position's hash (houses, stores, side to move), so searches see non-uniform, reproducible
 * evaluations with no model. Optionally spins for {@code callNanos + count * positionNanos} per
 * call to cost like a real network (the DJL MLP measured about 125 us + 1.9 us per position on 2
 * cores, see ECOSYSTEM.md), for benchmarks of the search around it.
 *
 * <p>Values are in [-0.9, 0.9] from the side to move's view; priors are in [0.1, 1] before
 * normalisation over the legal moves. Stateless apart from counters; not thread-safe (one per
 * thread, like a real evaluator). The spin uses the clock for its cost only, never for outputs.
 */
public final class SyntheticEvaluator implements Evaluator {
    private final int actions;
    private final long seed;
    private final long callNanos;
    private final long positionNanos;

    /** Free of cost: outputs only. */
    public SyntheticEvaluator(int actions, long seed) {
        this(actions, seed, 0, 0);
    }

    /**
     * @param callNanos simulated fixed cost of a call
     * @param positionNanos simulated cost per position
     */
    public SyntheticEvaluator(int actions, long seed, long callNanos, long positionNanos) {
        if (actions < 1 || callNanos < 0 || positionNanos < 0) {
            throw new IllegalArgumentException("synthetic evaluator: actions >= 1 and costs >= 0 expected");
        }
        this.actions = actions;
        this.seed = seed;
        this.callNanos = callNanos;
        this.positionNanos = positionNanos;
    }

    @Override
    public int actions() {
        return actions;
    }

    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        long start = callNanos > 0 || positionNanos > 0 ? System.nanoTime() : 0;
        for (int i = 0; i < count; i++) {
            Board b = boards[i];
            long h = mix(b.hash() ^ seed);
            values[i] = (float) (((h >>> 11) * 0x1.0p-53) * 1.8 - 0.9);
            int mask = b.legalMask();
            float sum = 0f;
            for (int m = 0; m < actions; m++) {
                float p = 0f;
                if ((mask >>> m & 1) != 0) {
                    p = 0.1f + 0.9f * (float) ((mix(h + m + 1) >>> 40) * 0x1.0p-24);
                }
                priors[i * actions + m] = p;
                sum += p;
            }
            for (int m = 0; m < actions; m++) {
                priors[i * actions + m] = sum > 0 ? priors[i * actions + m] / sum : 0f;
            }
        }
        if (start != 0) {
            long until = start + callNanos + count * positionNanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
    }

    /** SplitMix64's finaliser. */
    static long mix(long z) {
        return SplitMix.mix(z);
    }
}
