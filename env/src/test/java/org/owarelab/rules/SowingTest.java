package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertOngoing;

import org.junit.jupiter.api.Test;

/** Sowing: one seed per house counter-clockwise over both rows, never into a store, origin skipped. */
class SowingTest {
    @Test
    void northSowsOnIntoSouthsRow() {
        // North plays c (house 8, 5 seeds): d e f, then A B.
        Board b = after("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N", "c");
        assertOngoing(b, "5-5-4-4-4-0-5-5-0-6-5-5-0-0-S", "ABCDE");
        assertEquals(0, b.lastCaptured(), "last seed makes B 5: no capture");
    }

    @Test
    void storesNeverReceiveSownSeeds() {
        // South plays F (house 5, 4 seeds): the seeds go a b c d, South's store stays 0.
        Board b = after("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "F");
        assertEquals(0, b.store(Side.SOUTH));
        assertEquals(0, b.store(Side.NORTH));
    }

    @Test
    void elevenSeedsEndInTheHouseBeforeTheOrigin() {
        // A with 11: B..F and a..f get one each; the last seed is in f (5 seeds: no capture).
        Board b = after("11-0-0-0-0-0-4-4-4-4-4-4-6-7-S", "A");
        assertOngoing(b, "0-1-1-1-1-1-5-5-5-5-5-5-6-7-N", "abcdef");
    }

    @Test
    void twelveSeedsSkipTheOriginThenCapture() {
        // North's f (12): A..F and a..e get one each (11), f is skipped, the 12th goes to A
        // (2 seeds): North captures A; the chain ends at the end of South's row.
        Board b = after("0-0-0-0-0-0-0-0-0-0-0-12-18-18-N", "f");
        assertOngoing(b, "0-1-1-1-1-1-1-1-1-1-1-0-18-20-S", "BCDEF");
        assertEquals(2, b.lastCaptured());
    }

    @Test
    void twentyTwoSeedsMakeTwoFullLaps() {
        // C with 22 = 2 x 11: every other house gets 2, C stays empty, the last seed is in B.
        Board b = after("0-0-22-0-0-0-0-0-0-0-0-0-13-13-S", "C");
        assertOngoing(b, "2-2-0-2-2-2-2-2-2-2-2-2-13-13-N", "abcdef");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void twentyThreeSeedsTwoLapsAndOneMore() {
        // A with 23 = 2 x 11 + 1: every other house gets 2, B one more (3); own side, no capture.
        Board b = after("23-0-0-0-0-0-0-0-0-0-0-0-10-15-S", "A");
        assertOngoing(b, "0-3-2-2-2-2-2-2-2-2-2-2-10-15-N", "abcdef");
        assertEquals(0, b.lastCaptured());
    }

    @Test
    void twentyFiveSeedsTwoLapsThenChainCapture() {
        // F with 25 = 2 x 11 + 3: a b c get 3, d e f and A..E get 2; last in c: c b a (3 each) = 9.
        Board b = after("0-0-0-0-0-25-0-0-0-0-0-0-10-13-S", "F");
        assertOngoing(b, "2-2-2-2-2-0-0-0-0-2-2-2-19-13-N", "def");
        assertEquals(9, b.lastCaptured());
    }
}
