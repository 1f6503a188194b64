package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The position text: houses 0..2n-1, South's store, North's store, side to move, joined by '-'. */
class PositionTextTest {
    static final String START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";

    @Test
    void startPositionText() {
        assertEquals(START, Position.start(RuleSet.DEFAULT).text());
        assertEquals(START, new Board().text());
    }

    @Test
    void parseReadsHousesInOrderThenStoresThenSide() {
        Position p = Position.parse("3-1-4-0-6-2-1-3-2-1-2-2-10-11-N", RuleSet.DEFAULT);
        assertAll(() -> assertEquals(3, p.house(0)), () -> assertEquals(2, p.house(5)),
                () -> assertEquals(1, p.house(6)), () -> assertEquals(2, p.house(11)),
                () -> assertEquals(10, p.store(Side.SOUTH)), () -> assertEquals(11, p.store(Side.NORTH)),
                () -> assertEquals(Side.NORTH, p.toMove()));
    }

    @Test
    void formatThenParseRoundTrips() {
        for (String t : new String[] {START, "0-0-0-0-0-25-0-0-0-0-0-0-10-13-S", "12-0-0-0-0-0-1-1-1-1-1-1-15-15-N",
            "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"}) {
            assertEquals(t, Position.parse(t, RuleSet.DEFAULT).text());
            assertEquals(t, new Board(Position.parse(t, RuleSet.DEFAULT)).text());
        }
        RuleSet small = RuleSet.parse("houses=3,seeds=3");
        assertEquals("3-0-4-1-0-0-5-5-N", Position.parse("3-0-4-1-0-0-5-5-N", small).text());
    }

    @Test
    void surroundingSpaceAndLowerCaseSideAccepted() {
        assertEquals(START, Position.parse("  4-4-4-4-4-4-4-4-4-4-4-4-0-0-s ", RuleSet.DEFAULT).text());
    }

    @Test
    void positionsAreValues() {
        assertEquals(Position.parse(START, RuleSet.DEFAULT), Position.start(RuleSet.DEFAULT));
        assertEquals(Position.parse(START, RuleSet.DEFAULT).hashCode(), Position.start(RuleSet.DEFAULT).hashCode());
    }

    @Test
    void wrongFieldCount() {
        assertError("4-4-4-4-4-4-4-4-4-4-4-4-0-S", RuleSet.DEFAULT, "14 fields", "expected 15");
        assertError(START + "-0", RuleSet.DEFAULT, "16 fields", "expected 15");
        assertError(START, RuleSet.parse("houses=3,seeds=3"), "15 fields", "expected 9", "houses=3,seeds=3");
    }

    @Test
    void emptyField() {
        assertError("4-4-4-4-4-4-4-4-4-4-4--0-0-S", RuleSet.DEFAULT, "field 12 is empty", "expected a count >= 0");
    }

    @Test
    void negativeCount() {
        assertError("4-4-4-4-4-4-4-4-4-4-4--4-0-0-S", RuleSet.DEFAULT, "16 fields", "negative", ">= 0");
        assertError("-4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", RuleSet.DEFAULT, "negative");
        RulesException e = assertThrows(RulesException.class,
                () -> new Position(RuleSet.DEFAULT, new int[] {-1, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 0, 0, 0));
        assertTrue(e.getMessage().contains("house 0 holds -1 seeds, expected a count >= 0"), e.getMessage());
        e = assertThrows(RulesException.class,
                () -> new Position(RuleSet.DEFAULT, new int[] {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5}, 0, -1, 0));
        assertTrue(e.getMessage().contains("North's store holds -1"), e.getMessage());
    }

    @Test
    void nonNumericCount() {
        assertError("4-4-x-4-4-4-4-4-4-4-4-4-0-0-S", RuleSet.DEFAULT, "field 3 'x' is not a count",
                "expected a whole number >= 0");
        assertError("4-4-4-4-4-4-4-4-4-4-4-4-+0-0-S", RuleSet.DEFAULT, "field 13 '+0' is not a count");
        assertError("4-4-4-4-4-4-4-4-4-4-4-4-0-99999-S", RuleSet.DEFAULT, "field 14 '99999' is too large");
    }

    @Test
    void badSideLetter() {
        assertError("4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", RuleSet.DEFAULT, "field 15 'X' is not a side to move",
                "expected S or N");
        assertError("4-4-4-4-4-4-4-4-4-4-4-4-0-0-", RuleSet.DEFAULT, "field 15 '' is not a side to move");
    }

    @Test
    void countsMustAddUpToTheRuleSetsSeeds() {
        assertError("4-4-4-4-4-4-4-4-4-4-4-5-0-0-S", RuleSet.DEFAULT, "add up to 49", "expected 48");
        assertError("3-3-3-3-3-3-0-1-S", RuleSet.parse("houses=3,seeds=3"), "add up to 19", "expected 18");
    }

    @Test
    void missingText() {
        assertError(null, RuleSet.DEFAULT, "missing", START);
    }

    /** The error is a RulesException naming the input and each expected fragment. */
    static void assertError(String text, RuleSet rules, String... fragments) {
        RulesException e = assertThrows(RulesException.class, () -> Position.parse(text, rules));
        String m = e.getMessage();
        if (text != null) {
            assertTrue(m.contains("'" + text + "'"), () -> "message should name the input: " + m);
        }
        for (String f : fragments) {
            assertTrue(m.contains(f), () -> "message should contain '" + f + "': " + m);
        }
    }
}
