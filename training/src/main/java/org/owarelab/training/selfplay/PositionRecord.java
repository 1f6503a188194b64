package org.owarelab.training.selfplay;

/**
 * One training position from self-play. Perspective: everything is from the side to move in
 * this position ({@code observation} is canonical, {@code result} and {@code margin} are that
 * side's).
 *
 * @param gameId the game's id (its seed derives from it and the run seed)
 * @param ply plies since the game's start
 * @param observation the encoder's output for this position
 * @param legalMask legal moves, bit m = relative move m
 * @param policy the search's policy target over the relative moves (visit distribution,
 *     pruned or Gumbel-improved as configured); zero on illegal moves, sums to 1
 * @param result the game's final result for the side to move: +1, 0 or -1
 * @param margin the final seed margin for the side to move (its final store minus the
 *     opponent's); for resigned or capped games the stores at the end, without the seeds left
 * @param rootValue the search's root value for the side to move, in [-1, 1]
 * @param flags {@link #RESIGNED}, {@link #PLY_CAPPED}
 */
public record PositionRecord(long gameId, int ply, float[] observation, int legalMask, float[] policy, int result,
        int margin, float rootValue, int flags) {
    /** The game ended by resignation: the result is the resignation's, the margin approximate. */
    public static final int RESIGNED = 1;
    /** The game was stopped at the ply cap and scored a draw; the margin is approximate. */
    public static final int PLY_CAPPED = 2;
}
