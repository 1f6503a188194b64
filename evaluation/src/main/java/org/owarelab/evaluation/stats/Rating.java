package org.owarelab.evaluation.stats;

/**
 * One player's rating: a row of {@code ratings.csv}.
 *
 * @param player the player (an agent spec or checkpoint name)
 * @param elo the estimated Elo
 * @param lo lower bound of the confidence interval
 * @param hi upper bound of the confidence interval
 * @param games games played (real ones, no virtual draws)
 * @param score mean score over those games in [0, 1] (a draw counts 1/2)
 */
public record Rating(String player, double elo, double lo, double hi, long games, double score) {
    /** Checks the row. */
    public Rating {
        if (player == null || player.isBlank()) {
            throw new IllegalArgumentException("rating without a player name");
        }
        if (games < 0) {
            throw new IllegalArgumentException("negative game count for " + player + ": " + games);
        }
    }
}
