package org.owarelab.evaluation.stats;

import java.util.Arrays;

/**
 * Statistics of paired games: a candidate plays each opening twice, once with each colour, and
 * the pair's total score (0, 1/2, 1, 3/2 or 2) is one sample. Pairing cancels most of the
 * opening's bias, so the pairs' scores vary less than independent games would and the interval
 * is narrower (often much narrower) than the trinomial one of the same games. Immutable; add
 * pairs with {@link #plus(double, double)}.
 *
 * <p>Means and variances are maximum-likelihood (divided by the number of pairs N); the score
 * interval is normal with variance {@code pairVariance / 4 / N}, the Wilson interval when every
 * pair scored the same. Elo is logistic ({@link ScoreInterval#elo}) of the per-game score.
 */
public final class Pentanomial {
    /** The pair scores of the five categories, in order. */
    private static final double[] PAIR_SCORE = {0, 0.5, 1, 1.5, 2};

    /** No pairs. */
    public static final Pentanomial NONE = new Pentanomial(new long[5]);

    private final long[] counts;

    private Pentanomial(long[] counts) {
        this.counts = counts;
    }

    /**
     * Pentanomial counts: the numbers of pairs that scored 0, 1/2, 1, 3/2 and 2.
     *
     * @throws IllegalArgumentException unless there are five counts, none negative
     */
    public static Pentanomial of(long... counts) {
        if (counts.length != 5) {
            throw new IllegalArgumentException("pentanomial needs 5 counts (pairs scoring 0, 1/2, 1, 3/2, 2), not "
                    + counts.length);
        }
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("negative pentanomial count: " + Arrays.toString(counts));
            }
        }
        return new Pentanomial(counts.clone());
    }

    /** These pairs and one more whose games scored {@code first} and {@code second} (each 0, 0.5 or 1). */
    public Pentanomial plus(double first, double second) {
        for (double g : new double[] {first, second}) {
            if (g != 0 && g != 0.5 && g != 1) {
                throw new IllegalArgumentException("a game scores 0, 0.5 or 1, not " + g);
            }
        }
        long[] c = counts.clone();
        c[(int) Math.round(2 * (first + second))]++;
        return new Pentanomial(c);
    }

    /** The five counts (a copy): pairs scoring 0, 1/2, 1, 3/2, 2. */
    public long[] counts() {
        return counts.clone();
    }

    /** The number of pairs. */
    public long pairs() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /** The mean pair score in [0, 2]; 1 with no pairs. */
    public double pairMean() {
        long n = pairs();
        if (n == 0) {
            return 1;
        }
        double sum = 0;
        for (int i = 0; i < 5; i++) {
            sum += counts[i] * PAIR_SCORE[i];
        }
        return sum / n;
    }

    /** The variance of the pair score (divided by N); 0 with no pairs. */
    public double pairVariance() {
        long n = pairs();
        if (n == 0) {
            return 0;
        }
        double m = pairMean();
        double sum = 0;
        for (int i = 0; i < 5; i++) {
            sum += counts[i] * (PAIR_SCORE[i] - m) * (PAIR_SCORE[i] - m);
        }
        return sum / n;
    }

    /** The mean score per game in [0, 1]. */
    public double score() {
        return pairMean() / 2;
    }

    /** The per-game score with its interval at normal quantile z ({@link ScoreInterval#Z95} for 95%). */
    public ScoreInterval interval(double z) {
        return ScoreInterval.ofMoments(score(), pairVariance() / 4, pairs(), z);
    }

    /** The per-game score with its 95% interval. */
    public ScoreInterval interval() {
        return interval(ScoreInterval.Z95);
    }

    /** The Elo difference of the score (infinite if every pair scored 2, or 0). */
    public double elo() {
        return ScoreInterval.elo(score());
    }

    /** The per-game scores of the five categories, 0 to 1, for likelihood ratios. */
    static double[] gameScores() {
        return new double[] {0, 0.25, 0.5, 0.75, 1};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pentanomial p && Arrays.equals(counts, p.counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    /** The counts, e.g. {@code [3, 10, 40, 12, 5]}. */
    @Override
    public String toString() {
        return Arrays.toString(counts);
    }
}
