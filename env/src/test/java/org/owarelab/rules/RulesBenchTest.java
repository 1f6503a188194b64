package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RulesBenchTest {
    @Test
    void perftRunCountsTheGoldenLeaves() {
        // The golden count of PerftTest at depth 5.
        assertEquals(5219, RulesBench.perft(5, 1).leaves());
        assertEquals(5219, RulesBench.perft(5, 2).leaves());
        assertTrue(RulesBench.perft(5, 1).wallNanos() > 0);
    }

    @Test
    void makeUndoLeavesTheBoardInALegalGameAndCountsPairs() {
        Board board = new Board();
        RulesBench.MakeUndo r = RulesBench.makeUndo(board, 1, 0.02);
        // 4096 random plies per clock check, each after making and undoing 1..6 moves.
        assertTrue(r.pairs() >= 4096 && r.pairs() <= 6L * 4096 * (1 + r.wallNanos() / 1_000_000), "" + r.pairs());
        assertTrue(r.cpuNanos() > 0);
        assertTrue(board.ply() <= 400);
    }
}
