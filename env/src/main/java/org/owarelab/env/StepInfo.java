package org.owarelab.env;

import org.owarelab.rules.EndReason;
import org.owarelab.rules.Side;

/**
 * Diagnostics of one {@link TimeStep}: what a Gymnasium user finds in {@code info}.
 *
 * @param southStore South's store as the moves left it
 * @param northStore North's store as the moves left it
 * @param southScore the seeds South counts: its store while the episode goes on; at the end, its
 *        final count after the end-of-game sharing ({@link org.owarelab.rules.Board#finalStore}) or,
 *        for a truncated episode, after the {@link TruncationRule}
 * @param northScore the same for North
 * @param ply plies played since the reset position (random opening plies included)
 * @param endReason why the game ended, or {@code null} while it goes on and when it was truncated
 * @param captured seeds captured by the move of this step, by the side that made it (0 on reset)
 */
public record StepInfo(int southStore, int northStore, int southScore, int northScore, int ply, EndReason endReason,
        int captured) {

    /** The store of {@link Side#SOUTH} or {@link Side#NORTH}. */
    public int store(int side) {
        return side == Side.SOUTH ? southStore : northStore;
    }

    /** The score of {@link Side#SOUTH} or {@link Side#NORTH} (see {@link #southScore()}). */
    public int score(int side) {
        return side == Side.SOUTH ? southScore : northScore;
    }
}
