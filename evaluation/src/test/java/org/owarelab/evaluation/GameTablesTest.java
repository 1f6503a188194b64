package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.owarelab.evaluation.TestGames.game;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.WinDrawLoss;
import org.owarelab.rules.Side;

class GameTablesTest {
    private static List<MatchRecord> games() {
        List<MatchRecord> g = new ArrayList<>();
        // Pair 0: a wins as South, draws as North -> 1.5. Pair 1: a loses both -> 0.
        g.add(game(0, 0, "a", "b", "1-0", 1));
        g.add(game(1, 0, "b", "a", "1/2-1/2", 1));
        g.add(game(2, 1, "a", "b", "0-1", 2));
        g.add(game(3, 1, "b", "a", "1-0", 2));
        // Pair 2 is incomplete (its twin failed); game 6 is unpaired; game 7 is a self-game.
        g.add(game(4, 2, "a", "b", "1-0", 3));
        g.add(TestGames.failed(5, 2, "b", "a", Side.SOUTH, "b crashed"));
        g.add(game(6, -1, "c", "a", "0-1", 4));
        g.add(game(7, -1, "c", "c", "1-0", 5));
        return g;
    }

    @Test
    void crosstableCountsRatedGamesBetweenDifferentPlayers() {
        Crosstable t = GameTables.crosstable(games());
        assertEquals(List.of("a", "b", "c"), t.players());
        assertEquals(new WinDrawLoss(2, 1, 2), t.wdl("a", "b"));
        assertEquals(new WinDrawLoss(1, 0, 0), t.wdl("a", "c"));
        assertEquals(6, t.games());
    }

    @Test
    void twoMatchesReadTogetherKeepTheirPairsApart() {
        // Two matches, each numbering its one pair 0, on different openings: two pairs, not one.
        String start = org.owarelab.rules.Position.start(org.owarelab.rules.RuleSet.DEFAULT).text();
        List<MatchRecord> g = List.of(
                opened(0, start, "Da", "a", "b", Side.SOUTH), opened(1, start, "Da", "b", "a", -1),
                opened(0, start, "Cb", "a", "b", Side.NORTH), opened(1, start, "Cb", "b", "a", Side.NORTH));
        // Match 1's pair: a wins, then draws (1.5); match 2's: a loses, then wins (1).
        assertArrayEquals(new long[] {0, 0, 1, 1, 0}, GameTables.pentanomial(g, "a", "b").counts());
    }

    private static MatchRecord opened(int game, String start, String opening, String south, String north, int winner) {
        return new MatchRecord(game, 0, 0, "", start, opening, opening.length(), south, north, Side.SOUTH, game,
                winner, "threshold", 0, 0, null, -1, new long[0]);
    }

    @Test
    void pentanomialCountsCompletePairs() {
        assertArrayEquals(new long[] {1, 0, 0, 1, 0}, GameTables.pentanomial(games(), "a", "b").counts());
        assertArrayEquals(new long[] {0, 1, 0, 0, 1}, GameTables.pentanomial(games(), "b", "a").counts());
    }
}
