package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The table's sizing, packing and two-tier replacement. */
class TranspositionTableTest {
    private static final int T = TranspositionTable.EXACT;

    @Test
    void sizeIsAPowerOfTwoOfSixteenByteEntries() {
        assertEquals(65_536, new TranspositionTable(1).capacity());
        assertEquals(131_072, new TranspositionTable(3).capacity(), "3 MiB = 196,608 entries, rounded down");
        assertEquals(0, new TranspositionTable(0).capacity());
        assertThrows(IllegalArgumentException.class, () -> new TranspositionTable(-1));
    }

    @Test
    void disabledTableMissesAlways() {
        TranspositionTable tt = new TranspositionTable(0);
        tt.store(42, T, 5, 10, 1);
        assertEquals(0, tt.probe(42));
    }

    @Test
    void storesAndReturnsEveryField() {
        TranspositionTable tt = new TranspositionTable(1);
        int[] scores = {0, 1, -1, 12345, -Score.WIN + 3, Score.WIN - 60};
        for (int i = 0; i < scores.length; i++) {
            long key = 0x9E37_79B9_7F4A_7C15L * (i + 1);
            tt.store(key, TranspositionTable.LOWER, 40 + i, scores[i], i % 6);
            long e = tt.probe(key);
            assertNotEquals(0, e);
            assertEquals(scores[i], TranspositionTable.scoreOf(e));
            assertEquals(40 + i, TranspositionTable.depthOf(e));
            assertEquals(TranspositionTable.LOWER, TranspositionTable.boundOf(e));
            assertEquals(i % 6, TranspositionTable.moveOf(e));
        }
        assertEquals(0, tt.probe(12345L), "a key never stored misses");
        tt.store(7, TranspositionTable.NONE, 0, 0, -1);
        assertNotEquals(0, tt.probe(7), "an entry with nothing in it is still a hit");
        assertEquals(-1, TranspositionTable.moveOf(tt.probe(7)));
    }

    @Test
    void deepEntryOfTheSameSearchSurvivesAShallowOneInItsBucket() {
        TranspositionTable tt = new TranspositionTable(1);
        long buckets = tt.capacity() / 2;
        long a = 5;
        long b = 5 + buckets; // same bucket, another key
        long c = 5 + 2 * buckets;
        tt.store(a, T, 9, 1, 0);
        tt.store(b, T, 3, 2, 1); // shallower: the always-replace slot
        assertEquals(1, TranspositionTable.scoreOf(tt.probe(a)));
        assertEquals(2, TranspositionTable.scoreOf(tt.probe(b)));
        tt.store(c, T, 2, 3, 2); // replaces b in the always-replace slot
        assertEquals(0, tt.probe(b));
        assertEquals(1, TranspositionTable.scoreOf(tt.probe(a)));
        tt.newSearch();
        tt.store(b, T, 1, 4, 3); // a is from an older search: replaced even by a shallower entry
        assertEquals(0, tt.probe(a));
        assertEquals(4, TranspositionTable.scoreOf(tt.probe(b)));
    }

    @Test
    void bareMoveKeepsTheStoredMoveAndADeeperScore() {
        TranspositionTable tt = new TranspositionTable(1);
        tt.store(99, T, 8, 50, 4);
        tt.store(99, TranspositionTable.NONE, 3, 0, -1);
        long e = tt.probe(99);
        assertEquals(T, TranspositionTable.boundOf(e), "a shallower bare move does not erase a deeper score");
        assertEquals(50, TranspositionTable.scoreOf(e));
        tt.store(99, TranspositionTable.NONE, 9, 0, -1);
        e = tt.probe(99);
        assertEquals(TranspositionTable.NONE, TranspositionTable.boundOf(e));
        assertEquals(4, TranspositionTable.moveOf(e), "the move is kept when none is given");
    }

    @Test
    void provenScoresAreRebasedToTheNode() {
        int winIn5FromRoot = Score.WIN - 5;
        int atNode = Score.toTable(winIn5FromRoot, 2); // a win 3 plies below a node at ply 2
        assertEquals(Score.WIN - 3, atNode);
        assertEquals(Score.WIN - 7, Score.fromTable(atNode, 4), "the same node reached at ply 4");
        assertEquals(-(Score.WIN - 7), Score.fromTable(Score.toTable(-(Score.WIN - 5), 2), 4));
        assertEquals(1234, Score.fromTable(Score.toTable(1234, 2), 9), "heuristic scores are not rebased");
    }
}
