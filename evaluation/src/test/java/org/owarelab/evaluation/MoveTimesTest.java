package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/** {@link MoveTimes}: each move's time goes to the agent that played it, openings excluded, both colours. */
class MoveTimesTest {
    private static MatchRecord game(int n, int sideOfA, String moves, int openingPlies, long... micros) {
        return new MatchRecord(n, n / 2, 0, "", Position.start(RuleSet.DEFAULT).text(), moves, openingPlies, "a", "b",
                sideOfA, 0, -1, MatchRecord.PLY_CAP, 24, 24, null, -1, micros);
    }

    @Test
    void splitsTheTimesByAgent() {
        // Game 0: A is South; after the 2-ply opening "Fa", South plays C (1 ms) and E (3 ms), North b (10 ms).
        // Game 1: A is North; after "Fa" (no opening in the times), South (B) plays D (20 ms), North (A) c (5 ms).
        MoveTimes t = MoveTimes.of(List.of(game(0, Side.SOUTH, "FaCbE", 2, 1000, 10_000, 3000),
                game(1, Side.NORTH, "FaDc", 2, 20_000, 5000)));
        assertEquals(3, t.movesA());
        assertEquals(3.0, t.meanMillisA(), 1e-9);
        assertEquals(5.0, t.maxMillisA(), 1e-9);
        assertEquals(2, t.movesB());
        assertEquals(15.0, t.meanMillisB(), 1e-9);
        assertEquals(20.0, t.maxMillisB(), 1e-9);
    }

    @Test
    void noMovesNoTimes() {
        MoveTimes t = MoveTimes.of(List.of(game(0, Side.SOUTH, "Fa", 2)));
        assertEquals(new MoveTimes(0, 0, 0, 0, 0, 0), t);
    }
}
