package org.owarelab.agents.alphabeta.tuning;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealVector;
import org.owarelab.agents.alphabeta.EvalTerms;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * Fits the alpha-beta evaluation's weights to game results (Texel's method, in its log-loss
 * form): each position's result for the side to move (1, 1/2 or 0) is modelled as
 * {@code sigmoid(K * eval)}, where {@code eval = 100 * material + w . terms} is the evaluation in
 * centi-seeds ({@link EvalTerms}). Since the evaluation is linear in its weights this is a
 * logistic regression of the result on the terms without intercept (the evaluation is
 * antisymmetric: a symmetric position is even); material's coefficient fixes the scale K, and
 * the weights are the other coefficients over it, times 100, rounded. Solved by Newton's method
 * with a step-halving line search (the loss is convex), commons-math3 solving the 6x6 systems.
 *
 * <p>Positions marked for validation are left out of the fit and reported apart, so a fit that
 * only learns its own games shows. The default weights are scored the same way, with their own
 * best K, so the two losses compare like for like. Terms are stored a byte each (every term of
 * a 48-seed board lies within -48..48). Not thread-safe.
 */
public final class EvalFit {
    /** Terms per position, material first. */
    public static final int TERMS = EvalTerms.NAMES.size();
    private static final int MAX_ITERATIONS = 50;

    private byte[] terms = new byte[TERMS * 1024];
    private byte[] results = new byte[1024];
    private boolean[] validation = new boolean[1024];
    private int n;
    private int held;
    /** The terms of each rule set met, by its spec. */
    private final Map<String, EvalTerms> termsByRules = new HashMap<>();

    /**
     * Adds a position.
     *
     * @param t its terms ({@link EvalTerms#of}), each within -127..127
     * @param result the result for the side to move: 1, 0.5 or 0
     * @param validate true to hold it out of the fit and report it apart
     */
    public void add(int[] t, double result, boolean validate) {
        if (result != 0 && result != 0.5 && result != 1) {
            throw new IllegalArgumentException("a result is 1, 0.5 or 0 for the side to move, not " + result);
        }
        if (n == results.length) {
            terms = Arrays.copyOf(terms, 2 * terms.length);
            results = Arrays.copyOf(results, 2 * results.length);
            validation = Arrays.copyOf(validation, 2 * validation.length);
        }
        for (int j = 0; j < TERMS; j++) {
            if (t[j] < -127 || t[j] > 127) {
                throw new IllegalArgumentException("term " + EvalTerms.NAMES.get(j) + " out of range: " + t[j]);
            }
            terms[n * TERMS + j] = (byte) t[j];
        }
        results[n] = (byte) (2 * result);
        validation[n] = validate;
        held += validate ? 1 : 0;
        n++;
    }

    /**
     * Replays a game and adds its positions from ply {@code minPly} on, each with the game's
     * result for its side to move, until the game ends or its moves run out.
     *
     * @param start the start position (played on: pass a copy to keep it)
     * @param moves the game's moves as letters from {@code start}
     * @param winner 0 South, 1 North, -1 a draw
     * @param validate true to hold the positions out of the fit
     * @throws IllegalArgumentException {@code move N 'X': ...} for a move that is not legal there
     */
    public void addGame(Board start, String moves, int winner, int minPly, boolean validate) {
        RuleSet rules = start.rules();
        EvalTerms t = termsByRules.computeIfAbsent(rules.spec(), k -> new EvalTerms(rules));
        Board board = start;
        int[] row = new int[TERMS];
        for (int i = 0; i <= moves.length() && !board.isOver(); i++) {
            if (i >= minPly) {
                t.of(board, row);
                add(row, winner < 0 ? 0.5 : winner == board.toMove() ? 1 : 0, validate);
            }
            if (i == moves.length()) {
                break;
            }
            try {
                board.play(Moves.parse(board, moves.charAt(i)));
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new IllegalArgumentException("move " + (i + 1) + " '" + moves.charAt(i) + "': " + e.getMessage(), e);
            }
        }
    }

    /** Positions added, validation ones included. */
    public int positions() {
        return n;
    }

    /** Positions held out for validation. */
    public int validationPositions() {
        return held;
    }

    /**
     * The losses of one set of weights.
     *
     * @param scale K, the logistic slope per centi-seed
     * @param logLoss mean cross-entropy on the fitted positions (nats)
     * @param validationLogLoss the same on the held-out positions (NaN when none)
     * @param mse mean squared error of the predicted result on the fitted positions (Texel's loss)
     * @param validationMse the same on the held-out positions
     */
    public record Loss(double scale, double logLoss, double validationLogLoss, double mse, double validationMse) {
    }

    /**
     * A fit.
     *
     * @param weights the fitted weights after material, centi-seeds, in {@link EvalTerms#NAMES} order
     * @param spec the same as an {@code alphabeta:weights=} value
     * @param defaults the default weights' losses (their own best scale)
     * @param fitted the rounded fitted weights' losses
     * @param positions positions fitted
     * @param validationPositions positions held out
     */
    public record Result(int[] weights, String spec, Loss defaults, Loss fitted, int positions,
            int validationPositions) {
    }

    /**
     * Fits the weights.
     *
     * @throws IllegalStateException with too few positions, or results that do not rise with material
     */
    public Result fit() {
        int train = n - held;
        if (train < 10 * TERMS) {
            throw new IllegalStateException("too few positions to fit " + TERMS + " terms: " + train
                    + " (the games gave no positions with a result?)");
        }
        int[] defaults = EvalTerms.defaultWeights();
        Loss before = losses(defaults, fitScale(defaults));
        double[] beta = new double[TERMS];
        beta[0] = 100 * before.scale();
        for (int j = 1; j < TERMS; j++) {
            beta[j] = defaults[j - 1] * before.scale();
        }
        beta = newton(beta);
        if (!(beta[0] > 0)) {
            throw new IllegalStateException("the results do not rise with material (its coefficient is " + beta[0]
                    + "): are the results those of the side to move?");
        }
        int max = EvalTerms.maxWeight();
        int[] w = new int[TERMS - 1];
        for (int j = 1; j < TERMS; j++) {
            w[j - 1] = (int) Math.max(-max, Math.min(max, Math.round(100 * beta[j] / beta[0])));
        }
        return new Result(w, EvalTerms.spec(w), before, losses(w, fitScale(w)), train, held);
    }

    /** The evaluation of position {@code i} under weights {@code w} (material at 100). */
    private double eval(int i, int[] w) {
        int o = i * TERMS;
        double e = 100.0 * terms[o];
        for (int j = 1; j < TERMS; j++) {
            e += w[j - 1] * terms[o + j];
        }
        return e;
    }

    /** The scale K that minimises the log-loss of fixed weights on the fitted positions (1-D Newton). */
    private double fitScale(int[] w) {
        double k = 1.0 / 400;
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double g = 0;
            double h = 1e-9;
            for (int i = 0; i < n; i++) {
                if (validation[i]) {
                    continue;
                }
                double e = eval(i, w);
                double p = sigmoid(k * e);
                g += (p - results[i] / 2.0) * e;
                h += p * (1 - p) * e * e;
            }
            double step = g / h;
            k -= step;
            if (Math.abs(step) <= 1e-12 + 1e-9 * Math.abs(k)) {
                break;
            }
        }
        return k;
    }

    private double[] newton(double[] start) {
        double[] beta = start.clone();
        double loss = logLoss(beta, false);
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double[] g = new double[TERMS];
            double[][] h = new double[TERMS][TERMS];
            for (int i = 0; i < n; i++) {
                if (validation[i]) {
                    continue;
                }
                int o = i * TERMS;
                double z = 0;
                for (int j = 0; j < TERMS; j++) {
                    z += beta[j] * terms[o + j];
                }
                double p = sigmoid(z);
                double r = p - results[i] / 2.0;
                double v = p * (1 - p);
                for (int j = 0; j < TERMS; j++) {
                    g[j] += r * terms[o + j];
                    for (int l = 0; l <= j; l++) {
                        h[j][l] += v * terms[o + j] * terms[o + l];
                    }
                }
            }
            for (int j = 0; j < TERMS; j++) {
                h[j][j] += 1e-9 * n;
                for (int l = 0; l < j; l++) {
                    h[l][j] = h[j][l];
                }
            }
            RealVector step = new LUDecomposition(new Array2DRowRealMatrix(h, false)).getSolver()
                    .solve(new ArrayRealVector(g, false));
            double t = 1;
            double[] next = new double[TERMS];
            double nextLoss = Double.POSITIVE_INFINITY;
            for (int halving = 0; halving < 30; halving++, t /= 2) {
                for (int j = 0; j < TERMS; j++) {
                    next[j] = beta[j] - t * step.getEntry(j);
                }
                nextLoss = logLoss(next, false);
                if (nextLoss <= loss) {
                    break;
                }
            }
            if (!(nextLoss <= loss)) {
                break;
            }
            boolean converged = loss - nextLoss < 1e-12;
            beta = next.clone();
            loss = nextLoss;
            if (converged) {
                break;
            }
        }
        return beta;
    }

    private double logLoss(double[] beta, boolean held) {
        double sum = 0;
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (validation[i] != held) {
                continue;
            }
            int o = i * TERMS;
            double z = 0;
            for (int j = 0; j < TERMS; j++) {
                z += beta[j] * terms[o + j];
            }
            sum += crossEntropy(z, results[i] / 2.0);
            count++;
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    private Loss losses(int[] w, double k) {
        double[] ll = new double[2];
        double[] se = new double[2];
        int[] count = new int[2];
        for (int i = 0; i < n; i++) {
            int s = validation[i] ? 1 : 0;
            double z = k * eval(i, w);
            double y = results[i] / 2.0;
            double p = sigmoid(z);
            ll[s] += crossEntropy(z, y);
            se[s] += (p - y) * (p - y);
            count[s]++;
        }
        return new Loss(k, ll[0] / count[0], count[1] == 0 ? Double.NaN : ll[1] / count[1], se[0] / count[0],
                count[1] == 0 ? Double.NaN : se[1] / count[1]);
    }

    /** -(y log p + (1 - y) log(1 - p)) with p = sigmoid(z), computed without overflow. */
    private static double crossEntropy(double z, double y) {
        // log(1 + e^z) - y z, with log(1 + e^z) = max(z, 0) + log1p(e^-|z|)
        return Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z))) - y * z;
    }

    private static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }
}
