package org.owarelab.evaluation.stats;

/**
 * Sequential probability ratio test for gating: is a candidate at least {@code elo1} stronger
 * than the current best (H1), or at most {@code elo0} (H0)? Elo is logistic, as everywhere in
 * this package. After each game (or pair of games) call {@link #test(WinDrawLoss)} or
 * {@link #test(Pentanomial)} with all results so far and stop at the first decision other than
 * {@link Decision#CONTINUE}: the test then errs with probability about {@code alpha} (accepting a
 * candidate no better than elo0) and {@code beta} (rejecting one elo1 better). Prefer pentanomial
 * data when games are played in colour-swapped pairs: treating them as independent games
 * ignores their correlation.
 *
 * <p>The log-likelihood ratio is the generalized SPRT of fishtest (M. Van den Bergh): the
 * results' distribution over the outcome categories (trinomial: per-game scores 0, 1/2, 1;
 * pentanomial: pair scores 0 .. 2, i.e. 0 .. 1 per game) is estimated by maximum likelihood
 * under each hypothesis' expected score, and LLR = sum of counts x log(p1 / p0). Where the data
 * cannot be explained by an expected score (e.g. only wins so far), 0.001 is added to every
 * empty category. The Wald bounds are {@code log(beta / (1 - alpha))} and
 * {@code log((1 - beta) / alpha)}. Stateless and thread-safe.
 *
 * @param elo0 Elo advantage under H0
 * @param elo1 Elo advantage under H1, greater than elo0
 * @param alpha probability of accepting H1 when H0 holds, in (0, 1)
 * @param beta probability of accepting H0 when H1 holds, in (0, 1)
 */
public record Sprt(double elo0, double elo1, double alpha, double beta) {
    private static final double[] TRINOMIAL = {0, 0.5, 1};
    private static final double REGULARIZATION = 1e-3;

    /** What to do after the games so far. */
    public enum Decision {
        /** Neither bound is reached: play more games. */
        CONTINUE,
        /** H1 accepted: the candidate is at least elo1 stronger (the gate passes). */
        ACCEPT,
        /** H0 accepted: the candidate is at most elo0 stronger (the gate fails). */
        REJECT
    }

    /**
     * The state of a test.
     *
     * @param llr the log-likelihood ratio of H1 against H0
     * @param lower the bound at or below which H0 is accepted
     * @param upper the bound at or above which H1 is accepted
     * @param decision what to do
     * @param samples games (trinomial) or pairs (pentanomial) counted
     */
    public record Result(double llr, double lower, double upper, Decision decision, long samples) {
    }

    /** Checks the parameters. */
    public Sprt {
        if (!Double.isFinite(elo0) || !Double.isFinite(elo1) || !(elo0 < elo1)) {
            throw new IllegalArgumentException("SPRT needs finite Elo bounds elo0 < elo1, not " + elo0 + ", " + elo1);
        }
        if (!(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) || !(alpha + beta < 1)) {
            throw new IllegalArgumentException("SPRT needs alpha, beta in (0, 1) with alpha + beta < 1, not "
                    + alpha + ", " + beta);
        }
    }

    /**
     * The test written {@code ELO0,ELO1[,ALPHA,BETA]} ({@code oware match --sprt}): the error rates
     * 0.05 each when left out.
     *
     * @throws IllegalArgumentException saying what is wrong: not 2 or 4 numbers, or not a valid test
     */
    public static Sprt parse(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 2 && parts.length != 4) {
            throw new IllegalArgumentException("expected 2 or 4 numbers");
        }
        double[] x = {0, 0, 0.05, 0.05};
        for (int i = 0; i < parts.length; i++) {
            x[i] = Double.parseDouble(parts[i].trim());
        }
        return new Sprt(x[0], x[1], x[2], x[3]);
    }

    /** The bound at or below which H0 is accepted: {@code log(beta / (1 - alpha))}. */
    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    /** The bound at or above which H1 is accepted: {@code log((1 - beta) / alpha)}. */
    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }

    /** The log-likelihood ratio of games counted as wins, draws and losses. */
    public double llr(WinDrawLoss games) {
        return llr(TRINOMIAL, new double[] {games.losses(), games.draws(), games.wins()});
    }

    /** The log-likelihood ratio of colour-swapped pairs. */
    public double llr(Pentanomial pairs) {
        long[] c = pairs.counts();
        return llr(Pentanomial.gameScores(), new double[] {c[0], c[1], c[2], c[3], c[4]});
    }

    /** The state of the test after {@code games}. */
    public Result test(WinDrawLoss games) {
        return result(llr(games), games.games());
    }

    /** The state of the test after {@code pairs}. */
    public Result test(Pentanomial pairs) {
        return result(llr(pairs), pairs.pairs());
    }

    private Result result(double llr, long samples) {
        double lo = lowerBound();
        double hi = upperBound();
        Decision d = llr >= hi ? Decision.ACCEPT : llr <= lo ? Decision.REJECT : Decision.CONTINUE;
        return new Result(llr, lo, hi, d, samples);
    }

    private double llr(double[] scores, double[] counts) {
        double n = 0;
        for (double c : counts) {
            n += c;
        }
        if (n == 0) {
            return 0;
        }
        double s0 = ScoreInterval.expectedScore(elo0);
        double s1 = ScoreInterval.expectedScore(elo1);
        if (!MeanConstrainedMle.feasible(scores, counts, s0) || !MeanConstrainedMle.feasible(scores, counts, s1)) {
            counts = counts.clone();
            for (int i = 0; i < counts.length; i++) {
                counts[i] = counts[i] == 0 ? REGULARIZATION : counts[i];
            }
        }
        double[] p0 = MeanConstrainedMle.fit(scores, counts, s0);
        double[] p1 = MeanConstrainedMle.fit(scores, counts, s1);
        double llr = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                llr += counts[i] * Math.log(p1[i] / p0[i]);
            }
        }
        return llr;
    }
}
