package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The repetition filter's byte counters: a full bucket sticks and never hides a repetition. */
class HistoryFilterTest {
    /** A hash in bucket 5 (the top ten bits), told apart by its low bits. */
    private static long hash(int i) {
        return 5L << 54 | i;
    }

    @Test
    void aFullBucketSticksAndStillFindsEveryRepetition() {
        History h = new History(16);
        int n = 512; // past 255 entries in one bucket (a wrapping byte would read 0 here)
        for (int k = 0; k < n; k++) {
            h.push(k, k, -k, hash(k), 0);
        }
        // Same side to move as entry n - 2 (two plies back), found by the scan.
        assertTrue(h.repeats(n, 0, n - 2, -(n - 2), hash(n - 2)));
        assertFalse(h.repeats(n, 0, 7, 7, hash(n + 7)));
        for (int k = n - 1; k >= 2; k--) {
            assertEquals(hash(k), h.pop(k));
        }
        // Two entries left, but the counter stuck at its top: scans still answer exactly.
        assertTrue(h.repeats(2, 0, 0, 0, hash(0)));
        assertFalse(h.repeats(2, 0, 3, -3, hash(3)), "a popped entry is no longer a repetition");
    }

    @Test
    void aBucketThatEmptiesSkipsTheScan() {
        History h = new History(4);
        h.push(0, 1, 2, hash(1), 0);
        h.push(1, 3, 4, hash(2), 0);
        h.pop(1);
        h.pop(0);
        // Entry 0's words stay readable after pop; only the filter says the bucket is empty.
        assertFalse(h.repeats(2, 0, 1, 2, hash(1)), "an emptied bucket reports no repetition");
        h.push(0, 1, 2, hash(1), 0);
        assertTrue(h.repeats(2, 0, 1, 2, hash(1)));
    }
}
