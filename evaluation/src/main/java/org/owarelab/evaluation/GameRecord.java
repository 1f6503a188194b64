package org.owarelab.evaluation;

import org.owarelab.rules.Side;

/**
 * One finished game of a match, as saved in its records (one JSON object per line, see
 * {@link #toJson()}). The game replays with {@code oware replay --batch} from {@code position}
 * and {@code moves} under {@code rules}.
 *
 * @param game the game's index in the match (0-based)
 * @param pair the opening pair: games {@code 2p} (A South) and {@code 2p+1} (A North)
 * @param opening the index of the opening played
 * @param rules the rule set's spec ({@code ""} for the defaults)
 * @param position the start position text, before the opening
 * @param moves the whole game as letters, opening included
 * @param openingPlies how many of {@code moves} were the opening
 * @param south the spec of the agent playing South
 * @param north the spec of the agent playing North
 * @param sideOfA {@link Side#SOUTH} or {@link Side#NORTH}: where agent A sat
 * @param seed the game's seed (the agents' seeds derive from it)
 * @param winner {@link Side#SOUTH}, {@link Side#NORTH} or -1 for a draw
 * @param reason {@code threshold}, {@code no-moves}, {@code repetition} (the rules' end reasons),
 *     {@code ply-cap} (truncated and scored by own-side gathering) or {@code error}
 * @param southStore South's seeds at the end (final sharing applied)
 * @param northStore North's seeds at the end
 * @param error what went wrong in an {@code error} game, else null
 * @param errorSide the side whose agent failed (it forfeits the game), or -1
 * @param moveMicros the agents' thinking time per move after the opening, in microseconds
 */
public record GameRecord(int game, int pair, int opening, String rules, String position, String moves,
        int openingPlies, String south, String north, int sideOfA, long seed, int winner, String reason,
        int southStore, int northStore, String error, int errorSide, long[] moveMicros) {

    /** Format version of {@link #toJson()}. */
    public static final int FORMAT = 1;

    /** The reason of a game cut at the ply cap. */
    public static final String PLY_CAP = "ply-cap";
    /** The reason of a game ended by an agent's failure. */
    public static final String ERROR = "error";

    /** A's score: 1 a win, 0.5 a draw, 0 a loss. */
    public double scoreOfA() {
        return winner < 0 ? 0.5 : winner == sideOfA ? 1.0 : 0.0;
    }

    /** {@code 1-0} (South won), {@code 0-1} or {@code 1/2-1/2}. */
    public String result() {
        return winner == Side.SOUTH ? "1-0" : winner == Side.NORTH ? "0-1" : "1/2-1/2";
    }

    public boolean isError() {
        return error != null;
    }

    /** One line of JSON with every field, plus {@code format}, {@code result} and {@code scoreA}. */
    public String toJson() {
        StringBuilder sb = new StringBuilder(256 + 8 * moveMicros.length);
        sb.append("{\"format\":").append(FORMAT)
                .append(",\"game\":").append(game)
                .append(",\"pair\":").append(pair)
                .append(",\"opening\":").append(opening)
                .append(",\"rules\":").append(Json.string(rules))
                .append(",\"position\":").append(Json.string(position))
                .append(",\"moves\":").append(Json.string(moves))
                .append(",\"openingPlies\":").append(openingPlies)
                .append(",\"south\":").append(Json.string(south))
                .append(",\"north\":").append(Json.string(north))
                .append(",\"a\":").append(Json.string(Side.name(sideOfA)))
                .append(",\"seed\":").append(seed)
                .append(",\"result\":").append(Json.string(result()))
                .append(",\"scoreA\":").append(scoreOfA())
                .append(",\"reason\":").append(Json.string(reason))
                .append(",\"stores\":[").append(southStore).append(',').append(northStore).append(']')
                .append(",\"error\":").append(Json.string(error))
                .append(",\"errorSide\":").append(errorSide < 0 ? "null" : Json.string(Side.name(errorSide)))
                .append(",\"moveMicros\":[");
        for (int i = 0; i < moveMicros.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(moveMicros[i]);
        }
        return sb.append("]}").toString();
    }
}
