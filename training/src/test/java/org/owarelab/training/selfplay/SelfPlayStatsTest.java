package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SelfPlayStatsTest {
    @Test
    void minusTakesBackWhatPlusAdded() {
        // Every field distinct, so a field subtracted from the wrong one shows.
        SelfPlayStats before = new SelfPlayStats(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        SelfPlayStats run = new SelfPlayStats(11, 130, 170, 19_000, 230, 2_900, 3, 5, 2, 41_000);
        assertEquals(run, before.plus(run).minus(before));
        assertEquals(SelfPlayStats.ZERO, run.minus(run));
    }
}
