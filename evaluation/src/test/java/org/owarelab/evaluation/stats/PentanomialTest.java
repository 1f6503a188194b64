package org.owarelab.evaluation.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PentanomialTest {
    @Test
    void countsMeanAndVarianceOfAKnownPairList() {
        // Pair scores 2, 1, 1, 1, 1.5, 0.5, 0: counts [1, 1, 3, 1, 1], mean 1, variance 2.5 / 7.
        double[][] pairs = {{1, 1}, {1, 0}, {0, 1}, {0.5, 0.5}, {1, 0.5}, {0.5, 0}, {0, 0}};
        Pentanomial p = Pentanomial.NONE;
        for (double[] g : pairs) {
            p = p.plus(g[0], g[1]);
        }
        assertArrayEquals(new long[] {1, 1, 3, 1, 1}, p.counts());
        assertEquals(7, p.pairs());
        assertEquals(1, p.pairMean(), 1e-15);
        assertEquals(2.5 / 7, p.pairVariance(), 1e-15);
        assertEquals(0.5, p.score(), 1e-15);
        assertEquals(0, p.elo(), 1e-12);
        // Per-game variance is a quarter of the pair's; N = 7 pairs.
        double half = ScoreInterval.Z95 * Math.sqrt(2.5 / 7 / 4 / 7);
        assertEquals(0.5 - half, p.interval().lo(), 1e-12);
        assertEquals(0.5 + half, p.interval().hi(), 1e-12);
    }

    @Test
    void eloOfSeventyFivePercent() {
        Pentanomial p = Pentanomial.of(0, 0, 10, 20, 10);
        assertEquals(1.5, p.pairMean(), 1e-15);
        assertEquals(400 * Math.log10(3), p.elo(), 1e-9);
        assertTrue(p.interval().eloLo() < p.elo() && p.elo() < p.interval().eloHi());
    }

    @Test
    void pairingRemovesTheOpeningsBias() {
        // Openings that favour the side to move: 40 pairs of a win and a loss, 5 of a draw and a
        // loss, 5 of a win and a draw. As 100 independent games (45/10/45) the per-game variance is
        // 0.225; as 50 pairs the pair variance is 0.05, i.e. 0.0125 per game per pair.
        Pentanomial p = Pentanomial.of(0, 5, 40, 5, 0);
        assertEquals(0.05, p.pairVariance(), 1e-15);
        double pairedHalf = ScoreInterval.Z95 * Math.sqrt(0.0125 / 50);
        assertEquals(0.5 + pairedHalf, p.interval().hi(), 1e-12);
        ScoreInterval games = ScoreInterval.of(45, 10, 45);
        assertEquals(0.5 + ScoreInterval.Z95 * Math.sqrt(0.225 / 100), games.hi(), 1e-12);
        assertTrue(pairedHalf < (games.hi() - 0.5) / 2);
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.of(1, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.of(1, 2, 3, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> Pentanomial.NONE.plus(1, 0.25));
    }
}
