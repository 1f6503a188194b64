package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Proven scores rank by final margin first, then by distance, and stay beyond any heuristic score. */
class ScoreTest {
    @Test
    void aBiggerWinBeatsAFasterOneAndASmallerLossBeatsASlowerOne() {
        assertTrue(Score.win(10, 40) > Score.win(2, 1), "margin first");
        assertTrue(Score.win(4, 3) > Score.win(4, 5), "then the faster win");
        assertTrue(Score.over(-2, 1) > Score.over(-10, 40), "the smaller loss, however fast");
        assertTrue(Score.over(-4, 7) > Score.over(-4, 3), "then the slower loss");
        assertEquals(0, Score.over(0, 9), "a draw is 0");
        assertEquals(-Score.win(6, 11), Score.over(-6, 11), "antisymmetric");
    }

    @Test
    void everyProvenScoreIsBeyondTheThresholdAndDecodes() {
        for (int margin = 1; margin <= 80; margin++) {
            for (int ply = 0; ply <= Search.MAX_PLY + 2; ply++) {
                int s = Score.over(margin, ply);
                assertTrue(Score.isProven(s) && Score.isProven(-s), margin + " at " + ply);
                assertTrue(s <= Score.WIN - ply, "within the mate-distance bound");
                assertEquals(ply, Score.plies(s));
                assertEquals(ply, Score.plies(-s));
                assertEquals(Math.min(margin, Score.MAX_DEFICIT), Score.margin(s));
                assertEquals(-Math.min(margin, Score.MAX_DEFICIT), Score.margin(-s));
                // Re-basing for the transposition table keeps the margin and moves the distance.
                assertEquals(Score.over(margin, ply + 3), Score.fromTable(Score.toTable(s, 2), 5));
            }
        }
        assertTrue(!Score.isProven(48 * Score.SEED * 10), "ten times the whole board in centi-seeds is still heuristic");
    }
}
