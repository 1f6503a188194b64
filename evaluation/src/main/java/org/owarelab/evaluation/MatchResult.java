package org.owarelab.evaluation;

import java.util.List;

/**
 * The outcome of a match: every game in index order, the openings used and A's tally.
 *
 * @param config what was played
 * @param openings the distinct openings (reused in turn when fewer than the pairs)
 * @param games one record per game, in game order
 * @param tally A's W/D/L, errors and end reasons over all games
 */
public record MatchResult(MatchConfig config, List<Opening> openings, List<GameRecord> games, Tally tally) {

    /**
     * Pentanomial counts over the complete pairs (the two games of one opening): index {@code k}
     * counts the pairs where A scored {@code k/2} points out of 2 (LL, LD, DD or WL, WD, WW).
     */
    public int[] pentanomial() {
        int[] counts = new int[5];
        for (int p = 0; 2 * p + 1 < games.size(); p++) {
            double s = games.get(2 * p).scoreOfA() + games.get(2 * p + 1).scoreOfA();
            counts[(int) Math.round(2 * s)]++;
        }
        return counts;
    }
}
