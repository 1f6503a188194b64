package org.owarelab.evaluation.stats;

/**
 * The score of a player over W/D/L games, (W + D/2) / N, with a confidence interval from the
 * normal approximation to the trinomial (each game scores 1, 1/2 or 0). Where the sample shows
 * no spread (all wins, all losses) the Wilson interval of the score is used instead, so a
 * 10-0 result still gets an honest interval rather than [1, 1].
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
        if (var <= 0) {
            // No spread in the sample: Wilson score interval on the score as a proportion.
            double z2 = z * z;
            double centre = (s + z2 / (2 * n)) / (1 + z2 / n);
            double half = z * Math.sqrt(s * (1 - s) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
            return new ScoreInterval(s, Math.max(0, centre - half), Math.min(1, centre + half));
        }
        double half = z * Math.sqrt(var / n);
        return new ScoreInterval(s, Math.max(0, s - half), Math.min(1, s + half));
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
}
