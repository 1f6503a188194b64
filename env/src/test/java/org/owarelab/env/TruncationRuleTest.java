package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/** The scoring of a capped game, on one exact board where the three rules give three answers. */
class TruncationRuleTest {
    /** Stores 21:21; South holds 5 seeds on its houses (E 2, F 3), North 1 (a). Still going. */
    private static Board capped() {
        Board b = new Board(Position.parse("0-0-0-0-2-3-1-0-0-0-0-0-21-21-S", RuleSet.DEFAULT));
        assertFalse(b.isOver());
        return b;
    }

    @Test
    void ownSideAddsEachSidesHousesToItsStore() {
        Board b = capped();
        assertEquals(26, TruncationRule.OWN_SIDE.score(b, Side.SOUTH));
        assertEquals(22, TruncationRule.OWN_SIDE.score(b, Side.NORTH));
        assertEquals(Side.SOUTH, TruncationRule.OWN_SIDE.winner(b));
        assertEquals(1, TruncationRule.OWN_SIDE.result(b, Side.SOUTH));
        assertEquals(-1, TruncationRule.OWN_SIDE.result(b, Side.NORTH));
    }

    @Test
    void storesCountsTheStoresOnly() {
        Board b = capped();
        assertEquals(21, TruncationRule.STORES.score(b, Side.SOUTH));
        assertEquals(21, TruncationRule.STORES.score(b, Side.NORTH));
        assertEquals(-1, TruncationRule.STORES.winner(b));
        Board behind = new Board(Position.parse("0-0-0-0-2-3-1-0-0-0-0-0-20-22-S", RuleSet.DEFAULT));
        assertEquals(Side.NORTH, TruncationRule.STORES.winner(behind)); // 20:22
        assertEquals(Side.SOUTH, TruncationRule.OWN_SIDE.winner(behind)); // 25:23
    }

    @Test
    void drawIsADrawWithTheStoresAsScores() {
        Board b = new Board(Position.parse("0-0-0-0-2-3-1-0-0-0-0-0-24-18-S", RuleSet.DEFAULT));
        assertEquals(24, TruncationRule.DRAW.score(b, Side.SOUTH));
        assertEquals(18, TruncationRule.DRAW.score(b, Side.NORTH));
        assertEquals(-1, TruncationRule.DRAW.winner(b));
        assertEquals(0, TruncationRule.DRAW.result(b, Side.SOUTH));
        assertEquals(Side.SOUTH, TruncationRule.STORES.winner(b));
        assertEquals(Side.SOUTH, TruncationRule.OWN_SIDE.winner(b));
    }
}
