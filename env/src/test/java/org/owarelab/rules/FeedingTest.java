package org.owarelab.rules;

import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertEnded;
import static org.owarelab.rules.Fixtures.assertOngoing;
import static org.owarelab.rules.Fixtures.board;

import org.junit.jupiter.api.Test;

/** Feeding: with the opponent's row empty, only moves that sow into it are legal; none: the game ends. */
class FeedingTest {
    @Test
    void onlyMovesReachingTheEmptyRowAreLegal() {
        // A needs 6 seeds (has 6), B needs 5 (has 4), E needs 2 (has 2), F needs 1 (has 1).
        assertOngoing(board("6-4-0-0-2-1-0-0-0-0-0-0-17-18-S"), "6-4-0-0-2-1-0-0-0-0-0-0-17-18-S", "AEF");
    }

    @Test
    void northMustFeedToo() {
        // a needs 6 (has 5), b needs 5 (has 5), f needs 1 (has 1).
        assertOngoing(board("0-0-0-0-0-0-5-5-0-0-0-1-18-19-N"), "0-0-0-0-0-0-5-5-0-0-0-1-18-19-N", "bf");
    }

    @Test
    void feedingIsNotRequiredWhileTheOpponentHasSeeds() {
        // After example 6's F, North's a (1) only reaches b, but South still has A: legal.
        Board b = after("1-0-0-0-0-1-0-0-0-0-0-0-23-23-S", "F");
        assertOngoing(b, "1-0-0-0-0-0-1-0-0-0-0-0-23-23-N", "a");
    }

    @Test
    void noFeedingMoveAfterAMoveMoverTakesAll() {
        // North's f (1) goes to A and empties North's row; South's A (1) and B (1) cannot reach it.
        Board b = after("0-1-0-0-0-0-0-0-0-0-0-1-23-23-N", "f");
        assertEnded(b, "1-1-0-0-0-0-0-0-0-0-0-0-23-23-S", EndReason.NO_MOVES, 25, 23, Side.SOUTH);
    }

    @Test
    void noFeedingMoveForNorthNorthTakesAll() {
        // South's row is empty; North's a (4) needs 6, c (1) needs 4: North takes 5 (20 + 5).
        String pos = "0-0-0-0-0-0-4-0-1-0-0-0-23-20-N";
        assertEnded(board(pos), pos, EndReason.NO_MOVES, 23, 25, Side.NORTH);
    }

    @Test
    void emptySideToMoveLeavesTheOpponentItsSeeds() {
        // Edge decision (set-up positions only): the side to move has no seeds at all, so it has
        // no move; the feeding rule does not apply to it, and North keeps the 3 on its side.
        String pos = "0-0-0-0-0-0-1-2-0-0-0-0-22-23-S";
        assertEnded(board(pos), pos, EndReason.NO_MOVES, 22, 26, Side.NORTH);
    }
}
