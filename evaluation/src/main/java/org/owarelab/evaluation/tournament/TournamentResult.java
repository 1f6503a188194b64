package org.owarelab.evaluation.tournament;

import java.util.List;
import org.owarelab.evaluation.MatchRecord;

/**
 * What a tournament run leaves.
 *
 * @param plan what it set out to do
 * @param games every game of the directory, in game order (kept, played and foreign ones)
 * @param played the games this run played, in schedule order
 */
public record TournamentResult(TournamentPlan plan, List<MatchRecord> games, List<MatchRecord> played) {
    /** Copies the lists. */
    public TournamentResult {
        games = List.copyOf(games);
        played = List.copyOf(played);
    }

    /** Games of this run that ended by an agent's failure. */
    public long failedGames() {
        return played.stream().filter(MatchRecord::isError).count();
    }
}
