package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.WinDrawLoss;

class GameTablesTest {
    private static List<GameResult> games() {
        List<GameResult> g = new ArrayList<>();
        // Pair 0: a wins as South, draws as North -> 1.5. Pair 1: a loses both -> 0.
        g.add(GameResult.of(0, 0, "a", "b", "", "1-0", "threshold", 1));
        g.add(GameResult.of(1, 0, "b", "a", "", "1/2-1/2", "repetition", 1));
        g.add(GameResult.of(2, 1, "a", "b", "", "0-1", "threshold", 2));
        g.add(GameResult.of(3, 1, "b", "a", "", "1-0", "threshold", 2));
        // Pair 2 is incomplete (its twin failed); game 6 is unpaired; game 7 is a self-game.
        g.add(GameResult.of(4, 2, "a", "b", "", "1-0", "threshold", 3));
        g.add(new GameResult(1, 5, 2, "b", "a", null, null, "", "", "*", "error", 3, null, "b crashed"));
        g.add(GameResult.of(6, -1, "c", "a", "", "0-1", "no-moves", 4));
        g.add(GameResult.of(7, -1, "c", "c", "", "1-0", "no-moves", 5));
        return g;
    }

    @Test
    void crosstableCountsFinishedGamesBetweenDifferentPlayers() {
        Crosstable t = GameTables.crosstable(games());
        assertEquals(List.of("a", "b", "c"), t.players());
        assertEquals(new WinDrawLoss(2, 1, 2), t.wdl("a", "b"));
        assertEquals(new WinDrawLoss(1, 0, 0), t.wdl("a", "c"));
        assertEquals(6, t.games());
    }

    @Test
    void pentanomialCountsCompletePairs() {
        assertArrayEquals(new long[] {1, 0, 0, 1, 0}, GameTables.pentanomial(games(), "a", "b").counts());
        assertArrayEquals(new long[] {0, 1, 0, 0, 1}, GameTables.pentanomial(games(), "b", "a").counts());
    }
}
