package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertOngoing;

import org.junit.jupiter.api.Test;

/**
 * Captures: the last seed in an opponent's house making 2 or 3 captures it, then the houses
 * before it (clockwise) while they are the opponent's and hold 2 or 3.
 */
class CaptureTest {
    @Test
    void lastSeedMakingTwoCaptures() {
        // F (1) -> a becomes 2: captured.
        Board b = after("4-0-0-0-0-1-1-0-0-0-4-0-20-18-S", "F");
        assertOngoing(b, "4-0-0-0-0-0-0-0-0-0-4-0-22-18-N", "e");
        assertEquals(2, b.lastCaptured());
    }

    @Test
    void lastSeedMakingThreeCapturesByNorth() {
        // North's e (2): f 0->1, A 2->3: North captures A (3).
        Board b = after("2-0-0-0-4-0-3-0-0-0-2-0-20-17-N", "e");
        assertOngoing(b, "0-0-0-0-4-0-3-0-0-0-0-1-20-20-S", "E");
        assertEquals(3, b.lastCaptured());
    }

    @Test
    void chainStopsAtAHouseWithOneSeed() {
        // F (3): a 1->2, b 0->1, c 1->2. c is captured, b (1) stops the chain, a (2) stays.
        Board b = after("4-0-0-0-0-3-1-0-1-4-0-0-15-20-S", "F");
        assertOngoing(b, "4-0-0-0-0-0-2-1-0-4-0-0-17-20-N", "abd");
        assertEquals(2, b.lastCaptured());
    }

    @Test
    void chainStopsAtEndOfNorthsRow() {
        // E (3): F 1->2 (South's own), a 1->2, b 2->3. b and a are captured; F is South's: kept.
        Board b = after("0-0-0-0-3-1-1-2-4-0-0-0-17-20-S", "E");
        assertOngoing(b, "0-0-0-0-0-2-0-0-4-0-0-0-22-20-N", "c");
        assertEquals(5, b.lastCaptured());
    }

    @Test
    void chainStopsAtEndOfSouthsRow() {
        // North's e (4): f 2->3 (North's own), A 1->2, B 1->2, C 2->3. C B A = 7; f is kept.
        Board b = after("1-1-2-5-0-0-0-0-0-0-4-2-20-13-N", "e");
        assertOngoing(b, "0-0-0-5-0-0-0-0-0-0-0-3-20-20-S", "D");
        assertEquals(7, b.lastCaptured());
    }

    @Test
    void noCaptureWhenTheLastHouseDoesNotMakeTwoOrThree() {
        // F (3): a 1->2, b 1->2, c 3->4. The last house holds 4: nothing is captured at all.
        Board b = after("2-0-0-0-0-3-1-1-3-2-0-0-18-18-S", "F");
        assertOngoing(b, "2-0-0-0-0-0-2-2-4-2-0-0-18-18-N", "abcd");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void noCaptureOnOwnSide() {
        // A (2): B 0->1, C 2->3. C is South's own house: no capture.
        Board b = after("2-0-2-0-0-0-4-0-0-0-0-0-20-20-S", "A");
        assertOngoing(b, "0-1-3-0-0-0-4-0-0-0-0-0-20-20-N", "a");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void capturedSeedsGoToTheMoversStoreOnly() {
        Board b = after(WorkedExamplesTest.EXAMPLE2, "E");
        assertEquals(18, b.store(Side.SOUTH));
        assertEquals(11, b.store(Side.NORTH));
    }
}
