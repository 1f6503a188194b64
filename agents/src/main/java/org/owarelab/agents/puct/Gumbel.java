package org.owarelab.agents.puct;

import java.util.SplittableRandom;

/**
 * The arithmetic of Gumbel MuZero (Danihelka et al., "Policy improvement by planning with
 * Gumbel", ICLR 2022), written from the paper and mctx's description: the visit schedule of
 * sequential halving, Gumbel draws, and the completed, transformed Q-values
 * {@code sigma(q) = (cVisit + max_b N(b)) * cScale * q} with unvisited actions completed by
 * the mixed value and min-max rescaling to [0, 1]. Stateless; allocates only in
 * {@link #schedule}.
 */
final class Gumbel {
    /** Floor under priors before taking logs, so a legal move never gets a -infinite logit. */
    static final double MIN_PRIOR = 1e-12;

    private Gumbel() {
    }

    /**
     * The visit count each selected root action must have at each simulation of a search of
     * {@code simulations} child visits over {@code considered} actions: the actions still in
     * play get {@code max(1, floor(sims / (ceil(log2 m) * k)))} visits each per phase, then the
     * better half (at least 2) goes on. Entry {@code i} is the count to look for at simulation
     * {@code i}.
     */
    static int[] schedule(int considered, int simulations) {
        int[] out = new int[simulations];
        if (considered <= 1) {
            for (int i = 0; i < simulations; i++) {
                out[i] = i;
            }
            return out;
        }
        int log2 = 32 - Integer.numberOfLeadingZeros(considered - 1); // ceil(log2(considered))
        int[] visits = new int[considered];
        int k = considered;
        int len = 0;
        while (len < simulations) {
            int extra = Math.max(1, simulations / (log2 * k));
            for (int e = 0; e < extra && len < simulations; e++) {
                for (int i = 0; i < k && len < simulations; i++) {
                    out[len++] = visits[i];
                }
                for (int i = 0; i < k; i++) {
                    visits[i]++;
                }
            }
            k = Math.max(2, k / 2);
        }
        return out;
    }

    /** A standard Gumbel draw, {@code -log(-log(U))}. */
    static double sample(SplittableRandom rng) {
        double u;
        do {
            u = rng.nextDouble();
        } while (u <= 0.0);
        return -Math.log(-Math.log(u));
    }

    /**
     * Writes {@code sigma(completed q)} of the legal children of {@code node} into
     * {@code out[0 .. actions)} (from the node's mover's view), counting virtual visits as losses.
     *
     * @param priors the node's priors ({@code priors[off + m]}), used for the mixed value
     */
    static void transformedQ(Nodes t, int node, float[] priors, int off, double cVisit, double cScale,
            double[] out) {
        final int a = t.actions;
        final int mask = t.legal[node] & 0xFF;
        long sumN = 0;
        int maxN = 0;
        double visitedMass = 0;
        double weighted = 0;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            int c = t.child[node * a + m];
            int n = c == Nodes.NONE ? 0 : t.visits(c) + t.virtual[c];
            if (n > 0) {
                double q = (-t.valueSum(c) - t.virtual[c]) / n;
                out[m] = q;
                double p = Math.max(MIN_PRIOR, priors[off + m]);
                visitedMass += p;
                weighted += p * q;
                sumN += n;
                maxN = Math.max(maxN, n);
            } else {
                out[m] = Double.NaN;
            }
        }
        double mixed = (t.raw[node] + (visitedMass > 0 ? sumN * (weighted / visitedMass) : 0)) / (1 + sumN);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                if (Double.isNaN(out[m])) {
                    out[m] = mixed;
                }
                lo = Math.min(lo, out[m]);
                hi = Math.max(hi, out[m]);
            }
        }
        double scale = (cVisit + maxN) * cScale / Math.max(hi - lo, 1e-8);
        for (int m = 0; m < a; m++) {
            out[m] = (mask >>> m & 1) != 0 ? (out[m] - lo) * scale : 0.0;
        }
    }

    /**
     * Writes {@code softmax(log P + sigma)} over the legal moves of {@code mask} into
     * {@code out}: the improved policy (zero on illegal moves).
     */
    static void improvedPolicy(int mask, float[] priors, int off, double[] sigma, int a, double[] out) {
        double max = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                out[m] = Math.log(Math.max(MIN_PRIOR, priors[off + m])) + sigma[m];
                max = Math.max(max, out[m]);
            }
        }
        double sum = 0;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                out[m] = Math.exp(out[m] - max);
                sum += out[m];
            } else {
                out[m] = 0;
            }
        }
        for (int m = 0; m < a; m++) {
            out[m] /= sum;
        }
    }
}
