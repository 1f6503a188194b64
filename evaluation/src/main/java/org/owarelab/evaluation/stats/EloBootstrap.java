package org.owarelab.evaluation.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap intervals for {@link BradleyTerry}: resample every pair's games with
 * replacement, refit (starting from the full-data estimate, so each refit takes a few Newton
 * steps), and take the {@code (1 -+ confidence) / 2} quantiles of each player's Elo. Deterministic
 * for a given seed. Games are resampled one by one, so the correlation of colour-swapped pairs is
 * ignored (see {@link Pentanomial} for paired statistics).
 */
final class EloBootstrap {
    private EloBootstrap() {
    }

    /** Fills lo and hi with each player's interval. */
    static void intervals(int k, int fixed, boolean centre, PairCounts pairs, double[] thetaHat,
            EloOptions options, double[] lo, double[] hi) {
        int samples = options.bootstrapSamples();
        double[][] elo = new double[k][samples];
        SplittableRandom rng = new SplittableRandom(options.seed());
        for (int r = 0; r < samples; r++) {
            PairCounts p = pairs.resample(rng);
            double[] theta = BradleyTerry.maximize(k, fixed, p.a, p.b, p.n, p.s, thetaHat).theta();
            double[] e = BradleyTerry.toElo(theta, centre, options.anchorElo());
            for (int i = 0; i < k; i++) {
                elo[i][r] = e[i];
            }
        }
        double tail = (1 - options.confidence()) / 2;
        for (int i = 0; i < k; i++) {
            Arrays.sort(elo[i]);
            lo[i] = quantile(elo[i], tail);
            hi[i] = quantile(elo[i], 1 - tail);
        }
    }

    /** The q-quantile of sorted values, linearly interpolated (type 7 of Hyndman and Fan). */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int i = (int) Math.floor(h);
        if (i >= sorted.length - 1) {
            return sorted[sorted.length - 1];
        }
        return sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]);
    }
}
