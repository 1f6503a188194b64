package org.owarelab.evaluation;

import java.util.List;
import org.owarelab.evaluation.stats.Pentanomial;

/**
 * The outcome of a match: every game in index order, the openings used and A's tally.
 *
 * @param config what was played
 * @param openings the distinct openings (reused in turn when fewer than the pairs)
 * @param games one record per game played, in game order (every game of the config unless a stop
 *     condition ended the match early: then the games started, a prefix of the config's unless a
 *     resumed match's saved games leave gaps)
 * @param tally A's W/D/L, errors and end reasons over all games
 */
public record MatchResult(MatchConfig config, List<Opening> openings, List<MatchRecord> games, Tally tally) {

    /**
     * A's pentanomial counts over the complete pairs (games {@code 2p} and {@code 2p+1}, the two
     * colours of one opening, both in {@link #games}), forfeits included as in the tally: category
     * {@code k} counts the pairs where A scored {@code k/2} points out of 2 (LL, LD, DD or WL, WD, WW).
     */
    public Pentanomial pentanomial() {
        java.util.Map<Integer, MatchRecord> byNumber = new java.util.HashMap<>();
        for (MatchRecord g : games) {
            byNumber.put(g.game(), g);
        }
        Pentanomial p = Pentanomial.NONE;
        for (MatchRecord g : games) {
            MatchRecord twin = g.game() % 2 == 0 ? byNumber.get(g.game() + 1) : null;
            if (twin != null) {
                p = p.plus(g.scoreOfA(), twin.scoreOfA());
            }
        }
        return p;
    }
}
