package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class OpeningsTest {
    private static final Position START = Position.start(RuleSet.DEFAULT);

    @Test
    void openingsAreDistinctPositionsReachedByTheirMoves() {
        List<Opening> list = Openings.generate(START, 4, 50, 7);
        assertEquals(50, list.size());
        Set<String> positions = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Opening o = list.get(i);
            assertEquals(i, o.index());
            assertEquals(4, o.moves().length());
            Board b = new Board(START);
            Moves.playAll(b, o.moves());
            assertEquals(o.position(), b.text());
            assertFalse(b.isOver());
            assertTrue(positions.add(o.position()), "duplicate " + o);
        }
    }

    @Test
    void seededAndPrefixStable() {
        assertEquals(Openings.generate(START, 6, 20, 3), Openings.generate(START, 6, 20, 3));
        assertEquals(Openings.generate(START, 6, 5, 3), Openings.generate(START, 6, 20, 3).subList(0, 5));
        assertNotEquals(Openings.generate(START, 6, 20, 3), Openings.generate(START, 6, 20, 4));
    }

    @Test
    void shallowDepthsRunOutOfPositions() {
        assertEquals(List.of(new Opening(0, "", START.text())), Openings.generate(START, 0, 10, 1));
        List<Opening> one = Openings.generate(START, 1, 10, 1);
        assertEquals(6, one.size(), "South has 6 first moves");
        assertEquals(36, Openings.generate(START, 2, 100, 1).size(), "6 x 6 two-ply positions, all distinct");
        assertThrows(IllegalArgumentException.class, () -> Openings.generate(START, -1, 10, 1));
    }
}
