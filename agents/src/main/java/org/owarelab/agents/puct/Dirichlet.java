package org.owarelab.agents.puct;

import java.util.SplittableRandom;

/**
 * Dirichlet draws for root noise, from Gamma variates (Marsaglia and Tsang's method, with the
 * {@code U^(1/alpha)} boost for {@code alpha < 1}). Deterministic for a given generator state.
 */
final class Dirichlet {
    private Dirichlet() {
    }

    /**
     * Writes a draw of {@code Dir(alpha, ..., alpha)} over the moves in {@code mask} into
     * {@code out[0 .. actions)}; zero outside the mask.
     */
    static void sample(SplittableRandom rng, double alpha, int mask, int actions, double[] out) {
        double sum = 0;
        for (int m = 0; m < actions; m++) {
            out[m] = (mask >>> m & 1) != 0 ? gamma(rng, alpha) : 0.0;
            sum += out[m];
        }
        int legal = Integer.bitCount(mask);
        for (int m = 0; m < actions; m++) {
            if ((mask >>> m & 1) != 0) {
                // A tiny alpha can underflow every draw to 0: fall back to uniform.
                out[m] = sum > 0 ? out[m] / sum : 1.0 / legal;
            }
        }
    }

    /** A Gamma(alpha, 1) variate. */
    static double gamma(SplittableRandom rng, double alpha) {
        if (alpha < 1) {
            double u = rng.nextDouble();
            return gamma(rng, alpha + 1) * Math.pow(u, 1.0 / alpha);
        }
        double d = alpha - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        while (true) {
            double x = rng.nextGaussian();
            double v = 1.0 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = rng.nextDouble();
            if (u < 1.0 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1.0 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
