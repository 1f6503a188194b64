package org.owarelab.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BenchLoopsTest {
    @Test
    void xorshiftIsMarsaglias13_7_17() {
        // x=1: x ^= x<<13 -> 0x2001; x ^= x>>>7 -> 0x2041; x ^= x<<17 -> 0x2041 ^ 0x40820000.
        assertEquals(0x40822041L, BenchLoops.xorshift(1));
        Set<Long> seen = new HashSet<>();
        long x = BenchLoops.state(1);
        for (int i = 0; i < 10_000; i++) {
            x = BenchLoops.xorshift(x);
            assertNotEquals(0, x);
            seen.add(x);
        }
        assertEquals(10_000, seen.size(), "no short cycle");
    }

    @Test
    void stateDependsOnTheSeed() {
        assertEquals(SplitMix.GOLDEN_GAMMA + 1, BenchLoops.state(1));
        assertNotEquals(BenchLoops.state(1), BenchLoops.state(2));
    }

    @Test
    void cpuClockMovesWithWork() {
        long c0 = BenchLoops.cpuNanos();
        long x = 1;
        for (int i = 0; i < 50_000_000; i++) {
            x = BenchLoops.xorshift(x);
        }
        assertTrue(BenchLoops.cpuNanos() > c0 || x == 0, "the thread's CPU time advances");
    }
}
