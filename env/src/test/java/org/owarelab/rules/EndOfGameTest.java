package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertEnded;
import static org.owarelab.rules.Fixtures.assertOngoing;
import static org.owarelab.rules.Fixtures.board;

import org.junit.jupiter.api.Test;

/** The end of the game: the >half threshold, 24:24 draws, the winner from the final stores. */
class EndOfGameTest {
    @Test
    void moreThanHalfWinsAtOnceSeedsLeftUncounted() {
        // F (1) makes a 3: South captures 3, 22 -> 25 > 24. The 9 seeds on A and c stay uncounted.
        Board b = after("4-0-0-0-0-1-2-0-5-0-0-0-22-14-S", "F");
        assertEnded(b, "4-0-0-0-0-0-0-0-5-0-0-0-25-14-N", EndReason.THRESHOLD, 25, 14, Side.SOUTH);
        assertEquals(b.store(Side.SOUTH), b.finalStore(Side.SOUTH));
        assertEquals(b.store(Side.NORTH), b.finalStore(Side.NORTH));
    }

    @Test
    void exactlyHalfIsNotAWin() {
        Board b = after("4-0-0-0-0-1-2-0-5-0-0-0-21-15-S", "F");
        assertOngoing(b, "4-0-0-0-0-0-0-0-5-0-0-0-24-15-N", "c");
    }

    @Test
    void aPositionPastTheThresholdIsOverFromTheStart() {
        String pos = "0-0-0-0-0-0-0-0-0-0-0-23-25-0-N";
        assertEnded(board(pos), pos, EndReason.THRESHOLD, 25, 0, Side.SOUTH);
    }

    @Test
    void twentyFourAllIsADraw() {
        // North's row is empty and South's A (1) cannot feed: South takes it, 23 + 1 = 24 : 24.
        String pos = "1-0-0-0-0-0-0-0-0-0-0-0-23-24-S";
        assertEnded(board(pos), pos, EndReason.NO_MOVES, 24, 24, -1);
    }

    @Test
    void allSeedsStoredTwentyFourAllIsADraw() {
        String pos = "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S";
        assertEnded(board(pos), pos, EndReason.NO_MOVES, 24, 24, -1);
    }

    @Test
    void winnerComesFromFinalStoresNotStores() {
        // Stores 23:23, but the no-feed ending gives South the 2 seeds left: 25:23.
        Board b = board("1-1-0-0-0-0-0-0-0-0-0-0-23-23-S");
        assertEquals(Side.SOUTH, b.winner());
        assertEquals(1, b.result(Side.SOUTH));
        assertEquals(-1, b.result(Side.NORTH));
    }

    @Test
    void ongoingGameHasNoWinnerAndResultZero() {
        Board b = new Board();
        assertEquals(-1, b.winner());
        assertEquals(0, b.result(Side.SOUTH));
        assertEquals(0, b.result(Side.NORTH));
        assertEquals(0, b.finalStore(Side.SOUTH));
    }
}
