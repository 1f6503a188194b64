package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.board;

import org.junit.jupiter.api.Test;

/** Move letters, game records, and the errors for moves that cannot be played. */
class MovesTest {
    @Test
    void lettersAreRelativeToTheMover() {
        assertEquals('A', Moves.letter(Side.SOUTH, 0));
        assertEquals('F', Moves.letter(Side.SOUTH, 5));
        assertEquals('a', Moves.letter(Side.NORTH, 0));
        assertEquals('f', Moves.letter(Side.NORTH, 5));
        assertEquals("ACF", Moves.letters(Side.SOUTH, 0b100101));
        assertEquals("bh", Moves.letters(Side.NORTH, 0b10000010));
        // North's a is house 6, opposite South's F.
        Board b = after(PositionTextTest.START, "F");
        assertEquals(5, b.countOfMove(0));
        assertEquals(5, b.count(6));
    }

    @Test
    void recordPlaysFromTheStart() {
        // F: a..d 4->5. a (5): b c d 5->6, e f 4->5.
        Board b = after(PositionTextTest.START, "F a");
        assertEquals(2, b.ply());
        assertEquals("4-4-4-4-4-0-0-6-6-6-5-5-0-0-S", b.text());
    }

    @Test
    void wrongCase() {
        assertIllegal(new Board(), 'a', 0, "ABCDEF", "North's move with South to move");
        assertIllegal(after(PositionTextTest.START, "F"), 'A', 1, "abcdef", "South's move with North to move");
    }

    @Test
    void notAMoveLetter() {
        assertIllegal(new Board(), 'G', 0, "ABCDEF", "not a move letter (expected A..F)");
        assertIllegal(new Board(), '1', 0, "ABCDEF", "not a move letter");
        assertIllegal(new Board(RuleSet.parse("houses=3,seeds=3")), 'D', 0, "ABC", "expected A..C");
    }

    @Test
    void emptyHouse() {
        assertIllegal(after(PositionTextTest.START, "Fa"), 'F', 2, "ABCDE", "the house is empty");
    }

    @Test
    void moveThatDoesNotFeed() {
        assertIllegal(board("1-0-0-0-0-1-0-0-0-0-0-0-23-23-S"), 'A', 0, "F", "does not feed");
    }

    @Test
    void forbiddenGrandSlam() {
        assertIllegal(board(WorkedExamplesTest.EXAMPLE5, "grand-slam=illegal"), 'F', 0, "E", "grand slam");
    }

    @Test
    void gameOver() {
        IllegalMoveException e = assertIllegal(board("1-1-0-0-0-0-0-0-0-0-0-0-23-23-S"), 'A', 0, "",
                "the game is over (no-moves)");
        assertTrue(e.getMessage().contains("no legal moves"), e.getMessage());
    }

    @Test
    void playAllStopsAtTheFirstBadLetter() {
        Board b = new Board();
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> Moves.playAll(b, "FaF"));
        assertEquals(2, e.ply());
        assertEquals(2, b.ply(), "the moves before the bad letter are played");
        assertEquals("4-4-4-4-4-0-0-6-6-6-5-5-0-0-S", b.text());
    }

    @Test
    void boardPlayRejectsIllegalIndices() {
        Board b = new Board();
        assertThrows(IllegalMoveException.class, () -> b.play(-1));
        assertThrows(IllegalMoveException.class, () -> b.play(6));
        Moves.playAll(b, "Fa");
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> b.play(5));
        assertEquals("F", e.move());
        assertEquals("ABCDE", e.legal());
        assertEquals(2, b.ply());
    }

    @Test
    void undoAtTheBaseThrows() {
        Board b = new Board();
        assertThrows(IllegalStateException.class, b::undo);
        b.play(5);
        b.undo();
        assertThrows(IllegalStateException.class, b::undo);
        Board set = board(WorkedExamplesTest.EXAMPLE2);
        assertThrows(IllegalStateException.class, set::undo, "a board set to a position has no history before it");
    }

    static IllegalMoveException assertIllegal(Board b, char c, int ply, String legal, String why) {
        String before = b.text();
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> Moves.parse(b, c));
        String m = e.getMessage();
        assertAll(() -> assertEquals(ply, e.ply()), () -> assertEquals(String.valueOf(c), e.move()),
                () -> assertEquals(legal, e.legal()),
                () -> assertTrue(m.contains("'" + c + "' at ply " + ply), m),
                () -> assertTrue(m.contains(legal.isEmpty() ? "no legal moves" : "(legal: " + legal + ")"), m),
                () -> assertTrue(m.contains(why), m),
                () -> assertEquals(before, b.text()));
        return e;
    }
}
