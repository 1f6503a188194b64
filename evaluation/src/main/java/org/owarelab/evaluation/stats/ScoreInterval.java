package org.owarelab.evaluation.stats;

/**
 * The score of a player over W/D/L games, (W + D/2) / N, with a confidence interval from the
 * normal approximation to the trinomial (each game scores 1, 1/2 or 0). Where the sample shows
 * no spread (all wins, all losses or all draws) the Wilson interval of the score is used
 * instead, so a 10-0 result still gets an honest interval rather than [1, 1].
 *
 * @param score the mean score in [0, 1]
 * @param lo lower bound, clipped to [0, 1]
 * @param hi upper bound, clipped to [0, 1]
 */
public record ScoreInterval(double score, double lo, double hi) {
    /** The two-sided 95% normal quantile. */
    public static final double Z95 = 1.959963984540054;

    /** The 95% interval of the score of W wins, D draws and L losses. */
    public static ScoreInterval of(long wins, long draws, long losses) {
        return of(wins, draws, losses, Z95);
    }

    /** The interval at normal quantile {@code z}. */
    public static ScoreInterval of(long wins, long draws, long losses, double z) {
        if (wins < 0 || draws < 0 || losses < 0) {
            throw new IllegalArgumentException("negative game counts: " + wins + "/" + draws + "/" + losses);
        }
        long n = wins + draws + losses;
        if (n == 0) {
            return new ScoreInterval(0.5, 0, 1);
        }
        double s = (wins + 0.5 * draws) / n;
        double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
        return ofMoments(s, var, n, z);
    }

    /**
     * The interval of a mean score {@code mean} of {@code n} independent samples (games, or pairs
     * of games) with per-sample variance {@code variance} (the sample's, divided by n), at normal
     * quantile {@code z}. Zero variance falls back on the Wilson interval.
     */
    public static ScoreInterval ofMoments(double mean, double variance, double n, double z) {
        if (!(n > 0)) {
            return new ScoreInterval(0.5, 0, 1);
        }
        if (variance <= 0) {
            // No spread in the sample: Wilson score interval on the score as a proportion.
            double z2 = z * z;
            double centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
            double half = z * Math.sqrt(mean * (1 - mean) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
            // At a perfect score the bound is exactly 0 or 1; keep rounding from making it 1e-17.
            double lo = mean <= 0 ? 0 : Math.max(0, centre - half);
            double hi = mean >= 1 ? 1 : Math.min(1, centre + half);
            return new ScoreInterval(mean, lo, hi);
        }
        double half = z * Math.sqrt(variance / n);
        return new ScoreInterval(mean, Math.max(0, mean - half), Math.min(1, mean + half));
    }

    /** The Elo of the lower bound (may be minus infinity). */
    public double eloLo() {
        return elo(lo);
    }

    /** The Elo of the upper bound (may be infinity). */
    public double eloHi() {
        return elo(hi);
    }

    /** The Elo difference of a score: {@code -400 log10(1/s - 1)}, infinite at 0 and 1. */
    public static double elo(double score) {
        if (score <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (score >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        return -400 * Math.log10(1 / score - 1);
    }

    /** The expected score of an Elo advantage: {@code 1 / (1 + 10^(-elo / 400))}, the inverse of {@link #elo}. */
    public static double expectedScore(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }
}
