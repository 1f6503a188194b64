package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link TimeControl}: the per-move budget from a clock and the safety margin, exact arithmetic, no timing. */
class TimeControlTest {
    @Test
    void perMoveFromAClock() {
        assertEquals(500, TimeControl.perMoveMillis(10_000, 0, 0), "10 s / 20 moves");
        assertEquals(575, TimeControl.perMoveMillis(10_000, 100, 0), "plus 3/4 of the increment");
        assertEquals(1000, TimeControl.perMoveMillis(10_000, 0, 10), "movestogo given");
        assertEquals(9000, TimeControl.perMoveMillis(10_000, 0, 1), "last move before the control keeps 10%");
        assertEquals(30, TimeControl.perMoveMillis(80, 0, 1), "keeps at least 50 ms");
        assertEquals(1, TimeControl.perMoveMillis(40, 0, 0), "under the reserve: 1 ms");
        assertEquals(1, TimeControl.perMoveMillis(-20, 0, 0), "a flagged clock reads as none left");
        assertEquals(1, TimeControl.perMoveMillis(0, 5000, 0), "an increment does not spend time not on the clock");
    }

    @Test
    void aBudgetedGameNeverRunsOutOfTime() {
        // Spending the whole budget on every move, with an increment or none, the clock stays above zero.
        for (long inc : new long[] {0, 10, 100, 2000}) {
            for (int mtg : new int[] {0, 1, 5, 40}) {
                long clock = 60_000;
                for (int move = 0; move < 2000; move++) {
                    long spent = TimeControl.perMoveMillis(clock, inc, mtg);
                    assertTrue(spent >= 1 && spent < clock || clock <= 1, "clock " + clock + " spends " + spent);
                    if (clock <= TimeControl.MIN_RESERVE_MILLIS) {
                        break; // the 1 ms floor from here on; a real clock gets the increment back
                    }
                    clock = clock - spent + inc;
                    assertTrue(clock > 0, "inc " + inc + ", movestogo " + mtg + ", move " + move + ": clock " + clock);
                }
            }
        }
    }

    @Test
    void safetyMarginWithinAMoveTime() {
        assertEquals(10, TimeControl.marginMillis(200), "T/20");
        assertEquals(190, TimeControl.usableMillis(200));
        assertEquals(50, TimeControl.marginMillis(1000));
        assertEquals(50, TimeControl.marginMillis(60_000), "at most 50 ms");
        assertEquals(2, TimeControl.marginMillis(10), "at least 2 ms");
        assertEquals(8, TimeControl.usableMillis(10));
        assertEquals(1, TimeControl.marginMillis(3), "at most half of T");
        assertEquals(2, TimeControl.usableMillis(3));
        assertEquals(1, TimeControl.usableMillis(1));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.usableMillis(0));
        for (long t = 1; t < 5000; t++) {
            long u = TimeControl.usableMillis(t);
            assertTrue(u >= 1 && u <= t && t - u <= TimeControl.MAX_MARGIN_MILLIS, t + " -> " + u);
        }
    }
}
