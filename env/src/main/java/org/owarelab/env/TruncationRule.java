package org.owarelab.env;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;

/**
 * How a game cut off by a ply cap is scored: the one home of that rule for every module. The
 * cap is not part of the game's rules (RULES.md, "End of the game"), so each caller names the
 * rule it uses and scores the capped board with {@link #score} and {@link #winner}:
 * <ul>
 *   <li>the environment: {@link EnvConfig#truncation()}, {@link #OWN_SIDE} by default;</li>
 *   <li>matches, tournaments and gating ({@code evaluation}): {@link #OWN_SIDE};</li>
 *   <li>MCTS roll-outs cut at their roll-out cap: {@link #OWN_SIDE};</li>
 *   <li>self-play training games: {@link #DRAW} (a capped game teaches no winner).</li>
 * </ul>
 */
public enum TruncationRule {
    /** Each side adds the seeds on its own houses to its store, as for a repetition (the default). */
    OWN_SIDE("own-side"),
    /** Only the stores count; the seeds left on the board are nobody's. */
    STORES("stores"),
    /** The episode counts as a draw: result 0, and no net seed margin for the episode. */
    DRAW("draw");

    private final String text;

    TruncationRule(String text) {
        this.text = text;
    }

    /** The lower-case text form used in config specs, e.g. {@code own-side}. */
    public String text() {
        return text;
    }

    /**
     * The final score of side {@code side} ({@link Side#SOUTH} or {@link Side#NORTH}) on a board
     * stopped at the cap while the game goes on: its store plus the seeds on its own houses
     * under {@link #OWN_SIDE}, its store alone under {@link #STORES} and {@link #DRAW}.
     */
    public int score(Board board, int side) {
        return this == OWN_SIDE ? board.store(side) + board.seedsOnSide(side) : board.store(side);
    }

    /**
     * The winner of a board stopped at the cap: {@link Side#SOUTH}, {@link Side#NORTH}, or -1
     * for a draw; the side with the higher {@link #score}, and always -1 under {@link #DRAW}.
     */
    public int winner(Board board) {
        if (this == DRAW) {
            return -1;
        }
        int s = score(board, Side.SOUTH);
        int n = score(board, Side.NORTH);
        return s > n ? Side.SOUTH : n > s ? Side.NORTH : -1;
    }

    /** The result of a board stopped at the cap for side {@code side}: +1 win, 0 draw, -1 loss. */
    public int result(Board board, int side) {
        int w = winner(board);
        return w < 0 ? 0 : w == side ? 1 : -1;
    }

    /** Parses the text form. */
    public static TruncationRule parse(String text) {
        for (TruncationRule r : values()) {
            if (r.text.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw new EnvConfigException("truncation=" + text + ": expected one of "
                + Arrays.stream(values()).map(TruncationRule::text).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return text;
    }
}
