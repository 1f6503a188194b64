package org.owarelab.evaluation.tournament;

import org.owarelab.evaluation.MatchRecord;

/**
 * Told of each game of a tournament run as it ends (after it is saved), one call at a time, from
 * the worker threads, in finishing order.
 */
@FunctionalInterface
public interface TournamentListener {
    TournamentListener NONE = (record, done, total) -> {
    };

    /**
     * @param record the finished game
     * @param done games this run has finished, this one included
     * @param total games this run plays (the schedule's games not already saved)
     */
    void gameFinished(MatchRecord record, int done, int total);
}
