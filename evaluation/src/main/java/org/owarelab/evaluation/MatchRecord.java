package org.owarelab.evaluation;

import java.util.Arrays;
import java.util.Objects;
import org.owarelab.rules.Side;

/**
 * One game of a match or tournament as saved: a line of {@code games.jsonl}, the one record format
 * of the arena, the tournament, the ladder and the report ({@link MatchRecords} reads and writes
 * it). Enough to rate the game, pair it with its colour-swapped twin, and replay it
 * ({@code oware replay --batch games.jsonl} reads {@code position} and {@code moves}).
 *
 * <p>JSON form, format {@value #FORMAT}: one object per line, every field present, in this order
 * ({@code result} and {@code scoreA} are derived from {@code winner} and {@code a}; {@code error}
 * and {@code errorSide} are null for a game without failure):
 * <pre>{@code
 * {"format":1,"game":17,"pair":8,"opening":8,"rules":"","position":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
 *  "moves":"CfAbEd...","openingPlies":4,"south":"mcts:sims=300","north":"random","a":"south",
 *  "seed":-4265139742153837397,"result":"1-0","scoreA":1.0,"reason":"threshold","stores":[27,21],
 *  "error":null,"errorSide":null,"moveMicros":[812,15,...]}
 * }</pre>
 *
 * <p>A game in which an agent failed (could not be built, threw, sent an illegal move) is a
 * forfeit: the failing side loses, {@code reason} is {@value #ERROR} and {@code error} says what
 * happened. Such games count in a match's tally but are not rated ({@link #rated()}): they
 * measure a failure, not strength.
 *
 * @param game the game's number in its match or tournament, from 0
 * @param pair games of the same two players with the same pair number were played from the same
 *     opening with the colours swapped (a match's games {@code 2p} and {@code 2p+1}); -1 for an
 *     unpaired game
 * @param opening the index of the opening in the match's or tournament's list
 * @param rules the rule set's spec ({@code RuleSet.spec()}, {@code ""} for the defaults)
 * @param position the start position's text, before the opening
 * @param moves the whole game as letters, opening included
 * @param openingPlies how many of {@code moves} were the opening (played before the agents took over)
 * @param south the spec of the agent playing South
 * @param north the spec of the agent playing North
 * @param sideOfA {@link Side#SOUTH} or {@link Side#NORTH}: where agent A (the first of the pairing)
 *     sat; {@link #scoreOfA()} is from its view
 * @param seed the game's seed (the agents' seeds derive from it)
 * @param winner {@link Side#SOUTH}, {@link Side#NORTH} or -1 for a draw
 * @param reason {@code threshold}, {@code no-moves}, {@code repetition} (the rules' end reasons),
 *     {@value #PLY_CAP} (truncated and scored by own-side gathering) or {@value #ERROR}
 * @param southStore South's seeds at the end (final sharing applied)
 * @param northStore North's seeds at the end
 * @param error what went wrong in an {@value #ERROR} game, else null
 * @param errorSide the side whose agent failed (it forfeits the game), or -1
 * @param moveMicros the agents' thinking time per move after the opening, in microseconds
 */
public record MatchRecord(int game, int pair, int opening, String rules, String position, String moves,
        int openingPlies, String south, String north, int sideOfA, long seed, int winner, String reason,
        int southStore, int northStore, String error, int errorSide, long[] moveMicros) {

    /** Format version of {@link #toJson()}; {@link MatchRecords} reads this one only. */
    public static final int FORMAT = 1;

    /** The reason of a game cut at the ply cap. */
    public static final String PLY_CAP = "ply-cap";
    /** The reason of a game ended by an agent's failure. */
    public static final String ERROR = "error";
    /** South won. */
    public static final String SOUTH_WINS = "1-0";
    /** North won. */
    public static final String NORTH_WINS = "0-1";
    /** A draw. */
    public static final String DRAW = "1/2-1/2";

    /**
     * Checks the record.
     *
     * @throws IllegalArgumentException naming the game and the field at fault
     */
    public MatchRecord {
        String where = "game " + game + ": ";
        if (game < 0 || pair < -1 || opening < 0) {
            throw new IllegalArgumentException(where + "game and opening must be >= 0 and pair >= -1, not " + game
                    + ", " + opening + ", " + pair);
        }
        if (south == null || south.isBlank() || north == null || north.isBlank()) {
            throw new IllegalArgumentException(where + "south and north player specs are required");
        }
        if (rules == null || position == null || moves == null) {
            throw new IllegalArgumentException(where + "rules, position and moves are required (\"\" for none)");
        }
        if (openingPlies < 0 || openingPlies > moves.length()) {
            throw new IllegalArgumentException(where + "opening plies must be 0.." + moves.length() + " (the moves), not "
                    + openingPlies);
        }
        if (sideOfA != Side.SOUTH && sideOfA != Side.NORTH) {
            throw new IllegalArgumentException(where + "side of A must be south or north");
        }
        if (winner < -1 || winner > 1 || errorSide < -1 || errorSide > 1) {
            throw new IllegalArgumentException(where + "winner and error side must be south, north or none");
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException(where + "the end reason is required");
        }
        if (ERROR.equals(reason) != (error != null)) {
            throw new IllegalArgumentException(where + "an error is given exactly when the reason is '" + ERROR + "'");
        }
        moveMicros = moveMicros == null ? new long[0] : moveMicros;
    }

    /** A's score: 1 a win, 0.5 a draw, 0 a loss. */
    public double scoreOfA() {
        return winner < 0 ? 0.5 : winner == sideOfA ? 1.0 : 0.0;
    }

    /** South's score: 1, 0.5 or 0. */
    public double southScore() {
        return winner < 0 ? 0.5 : winner == Side.SOUTH ? 1.0 : 0.0;
    }

    /**
     * The score of {@code player} (South's or North's spec): 1, 0.5 or 0.
     *
     * @throws IllegalArgumentException if it did not play this game
     */
    public double scoreOf(String player) {
        if (player.equals(south)) {
            return southScore();
        }
        if (player.equals(north)) {
            return 1 - southScore();
        }
        throw new IllegalArgumentException("'" + player + "' did not play game " + game);
    }

    /** {@value #SOUTH_WINS}, {@value #NORTH_WINS} or {@value #DRAW}. */
    public String result() {
        return winner == Side.SOUTH ? SOUTH_WINS : winner == Side.NORTH ? NORTH_WINS : DRAW;
    }

    /** The spec of the agent of {@code side}. */
    public String spec(int side) {
        return side == Side.SOUTH ? south : north;
    }

    /** The opening's moves: the first {@link #openingPlies()} letters of {@link #moves()}. */
    public String openingMoves() {
        return moves.substring(0, openingPlies);
    }

    public boolean isError() {
        return error != null;
    }

    /** Whether the game counts in ratings: it ended without an agent's failure. */
    public boolean rated() {
        return error == null;
    }

    /** This record with another game number (e.g. renumbered into a grown tournament's schedule). */
    public MatchRecord withGame(int number) {
        return new MatchRecord(number, pair, opening, rules, position, moves, openingPlies, south, north, sideOfA, seed,
                winner, reason, southStore, northStore, error, errorSide, moveMicros);
    }

    /** One line of JSON (no newline): the format above, written by {@link MatchRecords#toJson}. */
    public String toJson() {
        return MatchRecords.toJson(this);
    }

    /** Equal field by field, the timings' contents included. */
    @Override
    public boolean equals(Object o) {
        return o instanceof MatchRecord r && game == r.game && pair == r.pair && opening == r.opening
                && rules.equals(r.rules) && position.equals(r.position) && moves.equals(r.moves)
                && openingPlies == r.openingPlies && south.equals(r.south) && north.equals(r.north)
                && sideOfA == r.sideOfA && seed == r.seed && winner == r.winner && reason.equals(r.reason)
                && southStore == r.southStore && northStore == r.northStore && Objects.equals(error, r.error)
                && errorSide == r.errorSide && Arrays.equals(moveMicros, r.moveMicros);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(game, pair, opening, rules, position, moves, openingPlies, south, north, sideOfA, seed,
                winner, reason, southStore, northStore, error, errorSide) + Arrays.hashCode(moveMicros);
    }

    @Override
    public String toString() {
        return toJson();
    }
}
