package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Golden perft numbers from the start position with the default rules. */
class PerftTest {
    @ParameterizedTest(name = "perft({0}) = {1}")
    @CsvSource({"1, 6", "2, 36", "3, 190", "4, 1014", "5, 5219", "6, 27332", "7, 139157", "8, 711414",
        "9, 3592872", "10, 18137964"})
    void startPositionGoldenNumbers(int depth, long expected) {
        Board b = new Board();
        assertEquals(expected, Perft.count(b, depth));
        assertEquals(Position.start(RuleSet.DEFAULT), b.position(), "perft leaves the board unchanged");
    }
}
