package org.owarelab.training.selfplay;

import java.util.Arrays;

/**
 * A self-play game in flight at a generation's end under continuous self-play, as a checkpoint
 * saves it: enough to put the game back in its slot exactly (same board, same records so far,
 * same random stream), so a resumed run plays it on as the uninterrupted run does. Observations
 * and legal masks are not saved: they follow from the moves and are recomputed. The search of the
 * move in progress is not saved either: at a generation's end every game in flight drops its tree
 * and starts that move's search over (see {@code SelfPlayWorker#suspendInFlight}).
 *
 * @param gameId the game's id (its seed derives from the run seed and this id)
 * @param moves the moves played so far (letters, see {@code Moves})
 * @param rngSeed the seed of the game's random stream from here on (drawn from the stream at the suspension)
 * @param fullSearch whether the move in progress is a full (recorded, exploring) search
 * @param mayResign whether this game may resign (drawn at its start)
 * @param wouldResign the side that met the resignation condition in a played-through game (-1: none yet)
 * @param wouldResignPly the ply it did so (-1: none)
 * @param lowValues per side, its own consecutive moves with a value below the resignation threshold
 * @param simulations simulations of the game's finished searches
 * @param plies the plies of the recorded positions so far, ascending
 * @param policies the search policy of each recorded position ({@code plies.length} x houses,
 *     row after row), as IEEE-754 bit patterns so the file keeps them exactly
 * @param values the root value of each recorded position (side to move), as bit patterns
 */
public record InFlightGame(long gameId, String moves, long rngSeed, boolean fullSearch, boolean mayResign,
        int wouldResign, int wouldResignPly, int[] lowValues, long simulations, int[] plies, int[] policies,
        int[] values) {
    public InFlightGame {
        if (moves == null || lowValues == null || plies == null || policies == null || values == null) {
            throw new IllegalArgumentException("moves, lowValues, plies, policies and values must be given");
        }
        if (lowValues.length != 2) {
            throw new IllegalArgumentException("lowValues: " + lowValues.length + " entries, expected 2 (one per side)");
        }
        if (values.length != plies.length) {
            throw new IllegalArgumentException("values: " + values.length + " entries for " + plies.length + " plies");
        }
        for (int i = 1; i < plies.length; i++) {
            if (plies[i] <= plies[i - 1]) {
                throw new IllegalArgumentException("plies not ascending at entry " + i + ": " + Arrays.toString(plies));
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InFlightGame g && gameId == g.gameId && moves.equals(g.moves) && rngSeed == g.rngSeed
                && fullSearch == g.fullSearch && mayResign == g.mayResign && wouldResign == g.wouldResign
                && wouldResignPly == g.wouldResignPly && Arrays.equals(lowValues, g.lowValues)
                && simulations == g.simulations && Arrays.equals(plies, g.plies) && Arrays.equals(policies, g.policies)
                && Arrays.equals(values, g.values);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(gameId) * 31 + moves.hashCode();
    }

    @Override
    public String toString() {
        return "InFlightGame[id=" + gameId + ", moves=" + moves + ", recorded=" + plies.length + "]";
    }
}
