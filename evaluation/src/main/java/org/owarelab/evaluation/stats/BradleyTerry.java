package org.owarelab.evaluation.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * Elo ratings by maximum likelihood under the Bradley-Terry model: player i scores against
 * player j with expectation {@code 1 / (1 + 10^((Rj - Ri) / 400))}.
 *
 * <p><b>Draws count as half a win and half a loss</b> (the score likelihood
 * {@code p^s (1-p)^(1-s)} with s in {0, 1/2, 1}). Chosen over Davidson's draw model because
 * (1) the estimate then satisfies "each player's expected score equals their actual score", the
 * property users check by hand; (2) two players scoring s give exactly
 * {@code 400 log10(s / (1 - s))}, the same logistic Elo as {@link ScoreInterval#elo}, the
 * pentanomial statistics and the {@link Sprt}, so every Elo in a report is on one scale; (3) there
 * is no draw parameter to fit, which a few hundred games estimate poorly. The cost: a draw counts
 * as a full game of information, so {@link EloOptions.IntervalMethod#INFORMATION} intervals are a
 * little wide when draws are common; the bootstrap does not have that bias.
 *
 * <p><b>Degenerate data.</b> A player who won (or lost) every game has an infinite
 * maximum-likelihood Elo. {@link EloOptions#virtualDraws()} (default 1) adds that many draws to
 * every pair of players that met, a weak prior that pulls each pair's score towards 1/2 by the
 * weight of that many games: a 10-0 result becomes 10.5 : 0.5, i.e. +529 Elo, while 300-100 moves
 * only from 190.8 to 190.4. Pairs that never met get nothing, so the prior never joins groups the
 * games left apart: players not linked by a chain of games raise a {@link ComparisonGraphException}
 * naming the groups. With 0 virtual draws the plain estimate is used, and data without one
 * (Zermelo's condition) raise the same exception.
 *
 * <p><b>Fit.</b> Newton's method on the concave log-likelihood with the fixed player's rating
 * removed (the reduced information matrix is positive definite when the graph is connected),
 * with step halving; from zero it converges in a few iterations. Stateless and thread-safe.
 */
public final class BradleyTerry {
    /** Elo points per natural-log unit of strength: {@code 400 / ln 10}. */
    public static final double ELO_PER_NAT = 400 / Math.log(10);

    private static final int MAX_ITERATIONS = 200;

    private BradleyTerry() {
    }

    /**
     * Rates the players of {@code table}.
     *
     * @throws ComparisonGraphException if the games do not determine finite ratings
     * @throws IllegalArgumentException if the anchor is not a player of the table
     */
    public static EloRatings fit(Crosstable table, EloOptions options) {
        int k = table.size();
        int anchor = options.anchor() == null ? -1 : table.indexOf(options.anchor());
        if (options.anchor() != null && anchor < 0) {
            throw new IllegalArgumentException("anchor '" + options.anchor() + "' is not among the players "
                    + table.players() + " (choose one of them, or anchor the mean)");
        }
        ComparisonGraph.requireConnected(table);
        if (options.virtualDraws() == 0) {
            ComparisonGraph.requireFiniteMle(table);
        }
        if (k == 0) {
            return new EloRatings(List.of(), new double[0][0], options, 0);
        }
        PairCounts pairs = PairCounts.of(table, options.virtualDraws());
        int fixed = Math.max(anchor, 0);
        Solution sol = maximize(k, fixed, pairs.a, pairs.b, pairs.n, pairs.s, new double[k]);
        double[][] cov = covariance(k, fixed, anchor < 0, pairs, sol.theta);
        double[] elo = toElo(sol.theta, anchor < 0, options.anchorElo());
        double[] lo = new double[k];
        double[] hi = new double[k];
        if (options.method() == EloOptions.IntervalMethod.INFORMATION) {
            double z = new NormalDistribution().inverseCumulativeProbability(0.5 + options.confidence() / 2);
            for (int i = 0; i < k; i++) {
                double half = z * Math.sqrt(Math.max(0, cov[i][i]));
                lo[i] = elo[i] - half;
                hi[i] = elo[i] + half;
            }
        } else {
            EloBootstrap.intervals(k, fixed, anchor < 0, pairs, sol.theta, options, lo, hi);
        }
        List<Rating> ratings = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            WinDrawLoss w = table.total(i);
            ratings.add(new Rating(table.players().get(i), elo[i], lo[i], hi[i], w.games(), w.score()));
        }
        return new EloRatings(ratings, cov, options, sol.iterations);
    }

    /** Natural-unit strengths (the fixed one 0) to Elo: anchored, or with the mean at anchorElo. */
    static double[] toElo(double[] theta, boolean centre, double anchorElo) {
        double shift = 0;
        if (centre) {
            for (double t : theta) {
                shift += t / theta.length;
            }
        }
        double[] elo = new double[theta.length];
        for (int i = 0; i < theta.length; i++) {
            elo[i] = anchorElo + (theta[i] - shift) * ELO_PER_NAT;
        }
        return elo;
    }

    /** A maximum of the log-likelihood and the Newton iterations it took. */
    record Solution(double[] theta, int iterations) {
    }

    /**
     * Maximizes the log-likelihood of pairs (a[p], b[p]) where a[p] scored s[p] points in n[p]
     * games, keeping theta[fixed] = 0, starting from {@code start} (not modified).
     */
    static Solution maximize(int k, int fixed, int[] a, int[] b, double[] n, double[] s, double[] start) {
        double[] theta = start.clone();
        theta[fixed] = 0;
        if (k < 2) {
            return new Solution(theta, 0);
        }
        double total = 0;
        for (double x : n) {
            total += x;
        }
        double tolerance = 1e-13 * Math.max(1, total);
        double ll = logLikelihood(theta, a, b, n, s);
        double[] trial = new double[k];
        for (int it = 1; it <= MAX_ITERATIONS; it++) {
            double[] g = new double[k];
            RealMatrix info = information(k, a, b, n, s, theta, g);
            double gmax = 0;
            for (int i = 0; i < k; i++) {
                gmax = i == fixed ? gmax : Math.max(gmax, Math.abs(g[i]));
            }
            if (gmax <= tolerance) {
                return new Solution(theta, it - 1);
            }
            double[] step = reducedInverse(info, fixed).operate(reduce(g, fixed));
            double stepMax = 0;
            for (double x : step) {
                stepMax = Math.max(stepMax, Math.abs(x));
            }
            double t = 1;
            while (true) {
                for (int i = 0, r = 0; i < k; i++) {
                    trial[i] = i == fixed ? 0 : theta[i] + t * step[r++];
                }
                double llTrial = logLikelihood(trial, a, b, n, s);
                if (llTrial >= ll - 1e-12 * Math.abs(ll) || t < 1e-12) {
                    ll = llTrial;
                    System.arraycopy(trial, 0, theta, 0, k);
                    break;
                }
                t /= 2;
            }
            if (stepMax * t < 1e-12) {
                // Newton converges quadratically: a step this small leaves only rounding.
                return new Solution(theta, it);
            }
        }
        throw new IllegalStateException("Bradley-Terry fit did not converge in " + MAX_ITERATIONS + " iterations");
    }

    /** The log-likelihood; with {@code log p = -log(1 + e^-x)} computed without overflow. */
    static double logLikelihood(double[] theta, int[] a, int[] b, double[] n, double[] s) {
        double ll = 0;
        for (int p = 0; p < a.length; p++) {
            double x = theta[a[p]] - theta[b[p]];
            ll += s[p] * logSigmoid(x) + (n[p] - s[p]) * logSigmoid(-x);
        }
        return ll;
    }

    private static double logSigmoid(double x) {
        return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
    }

    /**
     * The Fisher information matrix at theta (k x k, singular: ratings are defined up to a shift);
     * adds the gradient of the log-likelihood into {@code g} unless it is null.
     */
    static RealMatrix information(int k, int[] a, int[] b, double[] n, double[] s, double[] theta, double[] g) {
        double[][] h = new double[k][k];
        for (int p = 0; p < a.length; p++) {
            int i = a[p];
            int j = b[p];
            double e = 1 / (1 + Math.exp(theta[j] - theta[i]));
            double w = n[p] * e * (1 - e);
            h[i][i] += w;
            h[j][j] += w;
            h[i][j] -= w;
            h[j][i] -= w;
            if (g != null) {
                g[i] += s[p] - n[p] * e;
                g[j] -= s[p] - n[p] * e;
            }
        }
        return MatrixUtils.createRealMatrix(h);
    }

    /** The inverse of the information with row and column {@code fixed} removed. */
    static RealMatrix reducedInverse(RealMatrix info, int fixed) {
        int k = info.getRowDimension();
        int[] keep = new int[k - 1];
        for (int i = 0, r = 0; i < k; i++) {
            if (i != fixed) {
                keep[r++] = i;
            }
        }
        try {
            return new CholeskyDecomposition(info.getSubMatrix(keep, keep), 1e-12, 1e-300).getSolver().getInverse();
        } catch (NonPositiveDefiniteMatrixException e) {
            throw new ComparisonGraphException("ratings are too far apart to estimate (the information "
                    + "matrix is singular); use virtual draws > 0");
        }
    }

    private static double[] reduce(double[] v, int fixed) {
        double[] r = new double[v.length - 1];
        for (int i = 0, j = 0; i < v.length; i++) {
            if (i != fixed) {
                r[j++] = v[i];
            }
        }
        return r;
    }

    /** The covariance of the Elo estimates (Elo squared), anchored on {@code fixed} or centred. */
    private static double[][] covariance(int k, int fixed, boolean centre, PairCounts pairs, double[] theta) {
        double[][] c = new double[k][k];
        if (k < 2) {
            return c;
        }
        RealMatrix inv = reducedInverse(information(k, pairs.a, pairs.b, pairs.n, pairs.s, theta, null), fixed);
        double scale = ELO_PER_NAT * ELO_PER_NAT;
        for (int i = 0, r = 0; i < k; i++) {
            if (i == fixed) {
                continue;
            }
            for (int j = 0, q = 0; j < k; j++) {
                if (j != fixed) {
                    c[i][j] = inv.getEntry(r, q++) * scale;
                }
            }
            r++;
        }
        if (centre) {
            // Centred estimates are P theta with P = I - 11'/k, so their covariance is P C P'.
            RealMatrix p = MatrixUtils.createRealIdentityMatrix(k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    p.addToEntry(i, j, -1.0 / k);
                }
            }
            return p.multiply(MatrixUtils.createRealMatrix(c)).multiply(p.transpose()).getData();
        }
        return c;
    }
}
