package org.owarelab.evaluation;

import java.util.List;
import org.owarelab.evaluation.stats.Pentanomial;

/**
 * The outcome of a match: every game in index order, the openings used and A's tally.
 *
 * @param config what was played
 * @param openings the distinct openings (reused in turn when fewer than the pairs)
 * @param games one record per game played, in game order (every game of the config unless a stop
 *     condition ended the match early, then a prefix)
 * @param tally A's W/D/L, errors and end reasons over all games
 */
public record MatchResult(MatchConfig config, List<Opening> openings, List<GameRecord> games, Tally tally) {

    /**
     * A's pentanomial counts over the complete pairs (the two games of one opening), forfeits
     * included as in the tally: category {@code k} counts the pairs where A scored {@code k/2}
     * points out of 2 (LL, LD, DD or WL, WD, WW).
     */
    public Pentanomial pentanomial() {
        Pentanomial p = Pentanomial.NONE;
        for (int i = 0; 2 * i + 1 < games.size(); i++) {
            p = p.plus(games.get(2 * i).scoreOfA(), games.get(2 * i + 1).scoreOfA());
        }
        return p;
    }
}
