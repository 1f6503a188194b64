package org.owarelab.evaluation;

import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/** Game records for tests: games with a result and nothing to replay. */
public final class TestGames {
    private static final String START = Position.start(RuleSet.DEFAULT).text();

    private TestGames() {
    }

    /**
     * A finished game with no moves, A as South.
     *
     * @param result {@code 1-0}, {@code 0-1} or {@code 1/2-1/2}
     */
    public static MatchRecord game(int game, int pair, String south, String north, String result, long seed) {
        return new MatchRecord(game, pair, 0, "", START, "", 0, south, north, Side.SOUTH, seed, winner(result),
                "threshold", 0, 0, null, -1, new long[0]);
    }

    /** A game that {@code failingSide}'s agent forfeited. */
    public static MatchRecord failed(int game, int pair, String south, String north, int failingSide, String error) {
        return new MatchRecord(game, pair, 0, "", START, "", 0, south, north, Side.SOUTH, 0, 1 - failingSide,
                MatchRecord.ERROR, 0, 0, error, failingSide, new long[0]);
    }

    private static int winner(String result) {
        return switch (result) {
            case MatchRecord.SOUTH_WINS -> Side.SOUTH;
            case MatchRecord.NORTH_WINS -> Side.NORTH;
            case MatchRecord.DRAW -> -1;
            default -> throw new IllegalArgumentException(result);
        };
    }
}
