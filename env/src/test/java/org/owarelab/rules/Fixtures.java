package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exact-board helpers for the rule-clause tests: boards are written in the position text form
 * ({@code houses 0..2n-1, store S, store N, side}), moves as letters. Expected values in the
 * tests are worked out by hand from {@code env/RULES.md}, never taken from Board's output.
 */
final class Fixtures {
    private Fixtures() {
    }

    static Board board(String text) {
        return board(text, "");
    }

    static Board board(String text, String rules) {
        RuleSet r = RuleSet.parse(rules);
        return new Board(Position.parse(text, r));
    }

    /** The board after playing {@code moves} (letters) from {@code text}. */
    static Board after(String text, String rules, String moves) {
        Board b = board(text, rules);
        Moves.playAll(b, moves);
        return b;
    }

    static Board after(String text, String moves) {
        return after(text, "", moves);
    }

    /** The game goes on with exactly these legal letters. */
    static void assertOngoing(Board b, String text, String legal) {
        assertAll(() -> assertEquals(text, b.text(), "position"),
                () -> assertFalse(b.isOver(), "game over: " + b.endReason()),
                () -> assertNull(b.endReason(), "end reason"),
                () -> assertEquals(legal, b.legalLetters(), "legal moves"));
    }

    /**
     * The game is over: board as the last move left it, the reason, the stores after the
     * end-of-game sharing, and the winner ({@code -1} for a draw).
     */
    static void assertEnded(Board b, String text, EndReason reason, int finalSouth, int finalNorth, int winner) {
        assertAll(() -> assertEquals(text, b.text(), "position"),
                () -> assertTrue(b.isOver(), "game should be over"),
                () -> assertEquals(reason, b.endReason(), "end reason"),
                () -> assertEquals(0, b.legalMask(), "a finished game has no legal moves"),
                () -> assertEquals(finalSouth, b.finalStore(Side.SOUTH), "final store south"),
                () -> assertEquals(finalNorth, b.finalStore(Side.NORTH), "final store north"),
                () -> assertEquals(winner, b.winner(), "winner"),
                () -> assertEquals(winner < 0 ? 0 : winner == Side.SOUTH ? 1 : -1, b.result(Side.SOUTH), "result S"),
                () -> assertEquals(-b.result(Side.SOUTH), b.result(Side.NORTH), "result N = -result S"));
    }
}
