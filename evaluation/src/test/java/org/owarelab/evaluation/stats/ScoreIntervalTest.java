package org.owarelab.evaluation.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ScoreIntervalTest {
    @Test
    void evenResultUsesTheTrinomialVariance() {
        // 5 wins, 5 losses: variance 1/4 per game, half-width 1.96 * sqrt(0.25 / 10).
        ScoreInterval s = ScoreInterval.of(5, 0, 5);
        assertEquals(0.5, s.score(), 0);
        assertEquals(0.5 - 1.959964 * Math.sqrt(0.025), s.lo(), 1e-6);
        // Draws carry less spread: 2 wins, 6 draws, 2 losses has variance 0.1.
        ScoreInterval d = ScoreInterval.of(2, 6, 2);
        assertEquals(0.5 + 1.959964 * Math.sqrt(0.1 / 10), d.hi(), 1e-6);
    }

    @Test
    void perfectScoreGetsTheWilsonInterval() {
        // The textbook Wilson 95% interval of 10 successes in 10 trials is [0.7225, 1].
        ScoreInterval s = ScoreInterval.of(10, 0, 0);
        assertEquals(0.7225, s.lo(), 1e-4);
        assertEquals(1, s.hi(), 1e-12);
        assertEquals(1 - 0.7225, ScoreInterval.of(0, 0, 10).hi(), 1e-4);
    }

    @Test
    void eloAndExpectedScoreAreInverse() {
        assertEquals(400 * Math.log10(3), ScoreInterval.elo(0.75), 1e-12);
        assertEquals(0.75, ScoreInterval.expectedScore(400 * Math.log10(3)), 1e-15);
        assertEquals(0, ScoreInterval.elo(0.5), 0);
        assertEquals(Double.POSITIVE_INFINITY, ScoreInterval.elo(1));
        assertEquals(Double.NEGATIVE_INFINITY, ScoreInterval.of(0, 0, 3).eloLo());
    }

    @Test
    void negativeCountsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ScoreInterval.of(-1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new WinDrawLoss(0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> WinDrawLoss.NONE.plus(0.7));
    }
}
