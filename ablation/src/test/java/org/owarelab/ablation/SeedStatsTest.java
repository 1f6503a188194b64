package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The seed-variation statistics against hand-computed examples. */
class SeedStatsTest {
    @Test
    void theTIntervalOfThreeSeedsMatchesTheHandComputation() {
        // Elos 10, 20, 30: mean 20, sd 10, standard error 10 / sqrt(3) = 5.7735;
        // t(0.975, 2 df) = 4.3027 (tables), so the half-width is 24.841 and the interval [-4.841, 44.841].
        SeedStats.Interval iv = SeedStats.tInterval(new double[] {30, 10, 20}, 0.95);
        assertEquals(3, iv.n());
        assertEquals(20, iv.mean(), 1e-12);
        assertEquals(10, iv.sd(), 1e-12);
        assertEquals(-4.841, iv.lo(), 1e-3);
        assertEquals(44.841, iv.hi(), 1e-3);
    }

    @Test
    void oneSeedHasAMeanButNoInterval() {
        SeedStats.Interval iv = SeedStats.tInterval(new double[] {42}, 0.95);
        assertEquals(42, iv.mean());
        assertTrue(Double.isNaN(iv.lo()) && Double.isNaN(iv.hi()) && Double.isNaN(iv.sd()));
    }

    @Test
    void welchsTestMatchesTheHandComputation() {
        // {1, 2, 3} vs {4, 5, 6}: t = -3 / sqrt(1/3 + 1/3) = -3.674 on 4 degrees of freedom; the t(4)
        // distribution function in closed form gives a two-sided p of 0.02131.
        assertEquals(0.02131, SeedStats.welchP(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-5);
        assertTrue(Double.isNaN(SeedStats.welchP(new double[] {1}, new double[] {4, 5, 6})));
    }
}
