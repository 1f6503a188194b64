package org.owarelab.evaluation;

/**
 * Told of each game as it finishes. {@link Match} calls listeners one at a time (under a lock),
 * in the order games finish (which varies with threads), from its worker threads.
 */
@FunctionalInterface
public interface MatchListener {
    MatchListener NONE = (record, tally, total) -> {
    };

    /**
     * @param record the finished game
     * @param tally the results so far, this game included (read it during the call only)
     * @param total games in the match
     */
    void gameFinished(MatchRecord record, Tally tally, int total);

    /** This listener, then {@code next}. */
    default MatchListener andThen(MatchListener next) {
        return (record, tally, total) -> {
            gameFinished(record, tally, total);
            next.gameFinished(record, tally, total);
        };
    }
}
