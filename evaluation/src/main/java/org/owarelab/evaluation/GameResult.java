package org.owarelab.evaluation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One finished (or failed) game of a match or tournament: one line of {@code games.jsonl}.
 * Enough to rate it, pair it with its colour-swapped twin, and replay it
 * ({@code oware replay --batch games.jsonl} reads the {@code position} and {@code moves} fields).
 *
 * <p>JSON form (format 1), one object per line, fields in this order; {@code rules},
 * {@code position} and {@code error} are left out when null, {@code opening} and {@code millis}
 * may be left out (empty), every other field is required:
 * <pre>{@code
 * {"format":1,"game":17,"pair":8,"south":"alphabeta:depth=3","north":"random",
 *  "rules":"houses=6,seeds=4","opening":"CfA","moves":"CfAbEd...","result":"1-0",
 *  "reason":"threshold","seed":-4265139742153837397,"millis":[12,9,...]}
 * }</pre>
 *
 * @param format the record format, {@value #FORMAT}; readers reject others
 * @param game the game's number in its tournament, from 0: the key a resumed tournament skips by
 * @param pair games of the same two players with the same pair number (0 or more) were played
 *     from the same opening with colours swapped; -1 for an unpaired game
 * @param south the agent spec of South, who moves first from the standard start
 * @param north the agent spec of North
 * @param rules the rule set's spec ({@code RuleSet.spec()}); null for the default rules
 * @param position the start position's text ({@code Position.text()}); null for the rules' start
 * @param opening the moves of the opening (letters, e.g. {@code CfA}): a prefix of {@code moves},
 *     played before the agents took over; empty for none
 * @param moves every move of the game from the start position as letters, opening included
 * @param result {@code 1-0} South won, {@code 0-1} North won, {@code 1/2-1/2} drawn,
 *     {@code *} no result (the game failed: see {@code error})
 * @param reason why the game ended: an end reason's text ({@code threshold}, {@code no-moves},
 *     {@code repetition}), or e.g. {@code max-plies}, {@code illegal-move}, {@code error}
 * @param seed the seed the game's agents were reset with
 * @param millis milliseconds each agent move took, one per move after the opening; empty when not
 *     measured
 * @param error what went wrong and with which player, for a {@code *} result; else null
 */
public record GameResult(@JsonProperty(required = true) int format, @JsonProperty(required = true) int game,
        @JsonProperty(required = true) int pair, @JsonProperty(required = true) String south,
        @JsonProperty(required = true) String north,
        @JsonInclude(JsonInclude.Include.NON_NULL) String rules,
        @JsonInclude(JsonInclude.Include.NON_NULL) String position,
        String opening, @JsonProperty(required = true) String moves, @JsonProperty(required = true) String result,
        @JsonProperty(required = true) String reason, @JsonProperty(required = true) long seed, List<Long> millis,
        @JsonInclude(JsonInclude.Include.NON_NULL) String error) {
    /** The record format written by this version. */
    public static final int FORMAT = 1;
    /** South won. */
    public static final String SOUTH_WINS = "1-0";
    /** North won. */
    public static final String NORTH_WINS = "0-1";
    /** A draw. */
    public static final String DRAW = "1/2-1/2";
    /** No result: the game failed. */
    public static final String NO_RESULT = "*";

    /**
     * Checks the record.
     *
     * @throws IllegalArgumentException naming the game and the field at fault
     */
    public GameResult {
        String where = "game " + game + ": ";
        if (format != FORMAT) {
            throw new IllegalArgumentException(where + "format " + format + " is not supported (expected " + FORMAT + ")");
        }
        if (game < 0 || pair < -1) {
            throw new IllegalArgumentException(where + "game must be >= 0 and pair >= -1, not " + game + ", " + pair);
        }
        if (south == null || south.isBlank() || north == null || north.isBlank()) {
            throw new IllegalArgumentException(where + "south and north player specs are required");
        }
        opening = opening == null ? "" : opening;
        if (moves == null) {
            throw new IllegalArgumentException(where + "moves are required (\"\" for none)");
        }
        if (!moves.startsWith(opening)) {
            throw new IllegalArgumentException(where + "the opening '" + opening + "' is not a prefix of the moves '"
                    + moves + "'");
        }
        if (!SOUTH_WINS.equals(result) && !NORTH_WINS.equals(result) && !DRAW.equals(result)
                && !NO_RESULT.equals(result)) {
            throw new IllegalArgumentException(where + "result must be 1-0, 0-1, 1/2-1/2 or *, not " + result);
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException(where + "the end reason is required");
        }
        if (NO_RESULT.equals(result) && (error == null || error.isBlank())) {
            throw new IllegalArgumentException(where + "a game without result (*) must say what went wrong (error)");
        }
        millis = millis == null ? List.of() : List.copyOf(millis);
    }

    /** A finished game with no error and no timings, for tests and tools. */
    public static GameResult of(int game, int pair, String south, String north, String moves, String result,
            String reason, long seed) {
        return new GameResult(FORMAT, game, pair, south, north, null, null, "", moves, result, reason, seed,
                List.of(), null);
    }

    /** Whether the game has a result (not {@code *}). */
    public boolean finished() {
        return !NO_RESULT.equals(result);
    }

    /** South's score: 1, 0.5 or 0. @throws IllegalStateException for a game without result */
    public double southScore() {
        return switch (result) {
            case SOUTH_WINS -> 1;
            case NORTH_WINS -> 0;
            case DRAW -> 0.5;
            default -> throw new IllegalStateException("game " + game + " has no result: " + error);
        };
    }

    /** The score of {@code player} (south or north): 1, 0.5 or 0. */
    public double scoreOf(String player) {
        if (player.equals(south)) {
            return southScore();
        }
        if (player.equals(north)) {
            return 1 - southScore();
        }
        throw new IllegalArgumentException("'" + player + "' did not play game " + game);
    }
}
