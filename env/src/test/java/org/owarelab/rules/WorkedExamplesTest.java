package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertEnded;
import static org.owarelab.rules.Fixtures.assertOngoing;
import static org.owarelab.rules.Fixtures.board;

import org.junit.jupiter.api.Test;

/**
 * The six worked examples of {@code env/RULES.md}, one test each (example 5 once per grand-slam
 * variant). Boards in the comments are drawn as in RULES.md: North's row f..a, South's row A..F.
 */
class WorkedExamplesTest {
    static final String EXAMPLE2 = "3-1-4-0-6-2-1-3-2-1-2-2-10-11-S";
    static final String EXAMPLE5 = "0-0-0-0-1-2-1-1-0-0-0-0-20-23-S";

    @Test
    void example1StartSouthPlaysF() {
        // N: 4 4 4 4 4 4 -> 4 4 5 5 5 5 ; S: 4 4 4 4 4 4 -> 4 4 4 4 4 0
        Board b = after("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "F");
        assertOngoing(b, "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N", "abcdef");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void example2ChainCaptureStopsAtFour() {
        // N: 2 2 1 2 3 1 -> 2 0 0 0 4 2 ; S: 3 1 4 0 6 2 -> 3 1 4 0 0 3 ; e(3) d(2) c(3) = 8, b=4 stops
        Board b = after(EXAMPLE2, "E");
        assertOngoing(b, "3-1-4-0-0-3-2-4-0-0-0-2-18-11-N", "abf");
        assertEquals(8, b.lastCaptured());
        assertEquals(2, b.count(6), "a is not reached: the chain stopped at b");
        assertEquals(2, b.count(11), "f lies beyond the last seed and is never checked");
    }

    @Test
    void example3TwelveSeedsSkipTheOrigin() {
        // N: 1 1 1 1 1 1 -> 2 2 2 2 2 2 ; S: 12 0 0 0 0 0 -> 0 2 1 1 1 1 ; last seed on B: own side
        Board b = after("12-0-0-0-0-0-1-1-1-1-1-1-15-15-S", "A");
        assertOngoing(b, "0-2-1-1-1-1-2-2-2-2-2-2-15-15-N", "abcdef");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void example4SecondLapCapture() {
        // N: 0 0 0 0 0 1 -> 1 1 0 0 0 0 ; S: 0 0 0 0 0 15 -> 1 1 1 1 1 0 ; a(3) d c b (2 each) = 9
        Board b = after("0-0-0-0-0-15-1-0-0-0-0-0-12-20-S", "F");
        assertOngoing(b, "1-1-1-1-1-0-0-0-0-0-1-1-21-20-N", "ef");
        assertEquals(9, b.lastCaptured());
    }

    @Test
    void example5GrandSlamDefaultCapturesNothing() {
        // N: 0 0 0 0 1 1 -> 0 0 0 0 2 2 ; S: 0 0 0 0 1 2 -> 0 0 0 0 1 0
        Board b = after(EXAMPLE5, "F");
        assertOngoing(b, "0-0-0-0-1-0-2-2-0-0-0-0-20-23-N", "ab");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void example5GrandSlamCaptureAll() {
        // South takes a and b (4): 24, then the seed left on E: 25:23, the game is over.
        Board b = after(EXAMPLE5, "grand-slam=capture-all", "F");
        assertEnded(b, "0-0-0-0-1-0-0-0-0-0-0-0-24-23-N", EndReason.NO_MOVES, 25, 23, Side.SOUTH);
        assertEquals(4, b.lastCaptured());
    }

    @Test
    void example5GrandSlamToOpponent() {
        // South takes 4 (24), the seed left on E goes to North: 24:24, a draw.
        Board b = after(EXAMPLE5, "grand-slam=to-opponent", "F");
        assertEnded(b, "0-0-0-0-1-0-0-0-0-0-0-0-24-23-N", EndReason.NO_MOVES, 24, 24, -1);
        assertEquals(4, b.lastCaptured());
    }

    @Test
    void example5GrandSlamSpareLast() {
        // The house of the last seed (b) is spared; a (2) is captured.
        Board b = after(EXAMPLE5, "grand-slam=spare-last", "F");
        assertOngoing(b, "0-0-0-0-1-0-0-2-0-0-0-0-22-23-N", "b");
        assertEquals(2, b.lastCaptured());
    }

    @Test
    void example5GrandSlamIllegal() {
        Board b = board(EXAMPLE5, "grand-slam=illegal");
        assertOngoing(b, EXAMPLE5, "E");
        assertThrows(IllegalMoveException.class, () -> b.play(5));
        assertEquals(EXAMPLE5, b.text(), "a refused move changes nothing");
    }

    @Test
    void example6OnlyTheFeedingMoveIsLegal() {
        Board b = board("1-0-0-0-0-1-0-0-0-0-0-0-23-23-S");
        assertOngoing(b, "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S", "F");
    }

    @Test
    void example6NoMoveFeedsMoverTakesAll() {
        Board b = board("1-1-0-0-0-0-0-0-0-0-0-0-23-23-S");
        assertEnded(b, "1-1-0-0-0-0-0-0-0-0-0-0-23-23-S", EndReason.NO_MOVES, 25, 23, Side.SOUTH);
        assertEquals(23, b.store(Side.SOUTH), "stores show the board; the gathering is in finalStore");
    }
}
