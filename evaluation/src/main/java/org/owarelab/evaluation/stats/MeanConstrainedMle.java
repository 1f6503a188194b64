package org.owarelab.evaluation.stats;

/**
 * The maximum-likelihood distribution over outcome categories (scores {@code a_i}, observed
 * {@code n_i} times) among those with expected score {@code s}. By Lagrange it is
 * {@code p_i = phat_i / (1 + lambda (a_i - s))}, with phat the observed frequencies and lambda
 * the root of {@code f(lambda) = sum phat_i (a_i - s) / (1 + lambda (a_i - s))}, which decreases
 * from +infinity to -infinity on the interval where every denominator stays positive. The root is
 * bracketed and found by bisection polished with Newton steps (f is smooth and convex there).
 */
final class MeanConstrainedMle {
    private MeanConstrainedMle() {
    }

    /** Whether some distribution on the observed categories has mean s: s strictly inside their range. */
    static boolean feasible(double[] a, double[] n, double s) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            if (n[i] > 0) {
                min = Math.min(min, a[i]);
                max = Math.max(max, a[i]);
            }
        }
        return min < s && s < max;
    }

    /** The constrained maximum-likelihood probabilities; requires {@link #feasible}. */
    static double[] fit(double[] a, double[] n, double s) {
        double total = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            total += n[i];
            if (n[i] > 0) {
                min = Math.min(min, a[i]);
                max = Math.max(max, a[i]);
            }
        }
        double[] phat = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            phat[i] = n[i] / total;
        }
        double lo = -1 / (max - s);
        double hi = 1 / (s - min);
        double lambda = 0;
        for (int it = 0; it < 200; it++) {
            double f = 0;
            double df = 0;
            for (int i = 0; i < a.length; i++) {
                double d = a[i] - s;
                double q = 1 + lambda * d;
                f += phat[i] * d / q;
                df -= phat[i] * d * d / (q * q);
            }
            if (f == 0) {
                break;
            }
            if (f > 0) {
                lo = lambda;
            } else {
                hi = lambda;
            }
            double newton = lambda - f / df;
            // Newton where it stays inside the bracket, bisection otherwise.
            double next = newton > lo && newton < hi ? newton : (lo + hi) / 2;
            boolean done = Math.abs(next - lambda) <= 1e-14 * (1 + Math.abs(lambda));
            lambda = next;
            if (done) {
                break;
            }
        }
        double[] p = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            p[i] = phat[i] / (1 + lambda * (a[i] - s));
        }
        return p;
    }
}
