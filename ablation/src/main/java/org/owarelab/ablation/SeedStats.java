package org.owarelab.ablation;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Statistics over seeds: a variant's runs differ by seed, so its Elo is the mean of its per-seed
 * Elos, with a Student t-interval from their spread (which holds the seed-to-seed variation and
 * each run's game noise alike); two variants are compared by Welch's t-test on their per-seed Elos.
 */
public final class SeedStats {
    private SeedStats() {
    }

    /**
     * A mean with its interval.
     *
     * @param n values
     * @param mean their mean
     * @param sd their sample standard deviation (NaN for one value)
     * @param lo lower end of the interval (NaN for one value: no spread to measure)
     * @param hi upper end
     */
    public record Interval(int n, double mean, double sd, double lo, double hi) {
    }

    /** The mean of {@code values} with a two-sided t-interval at {@code level} (e.g. 0.95), n - 1 degrees of freedom. */
    public static Interval tInterval(double[] values, double level) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("confidence level " + level + ": expected 0 < level < 1");
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        if (n == 1) {
            return new Interval(1, mean, Double.NaN, Double.NaN, Double.NaN);
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + level / 2);
        double half = t * sd / Math.sqrt(n);
        return new Interval(n, mean, sd, mean - half, mean + half);
    }

    /** Welch's two-sided p-value for equal means of {@code a} and {@code b}; NaN when either has fewer than 2 values. */
    public static double welchP(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            return Double.NaN;
        }
        boolean constant = java.util.Arrays.stream(a).distinct().count() == 1
                && java.util.Arrays.stream(b).distinct().count() == 1;
        if (constant) {
            return a[0] == b[0] ? 1.0 : 0.0;
        }
        return new TTest().tTest(a, b);
    }
}
