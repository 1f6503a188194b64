package org.owarelab.agents.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

class CachingEvaluatorTest implements EvaluatorContract {
    private static final int N = 6;

    @Override
    public Evaluator evaluator() {
        return new CachingEvaluator(new HashEvaluator(N), 64);
    }

    @Override
    public RuleSet rules() {
        return RuleSet.DEFAULT;
    }

    /** Outputs of the cache must equal the wrapped evaluator's, call after call, whatever the table size. */
    private static void assertSameAsDirect(CachingEvaluator cache, Board[] boards) {
        float[] p = new float[boards.length * N];
        float[] v = new float[boards.length];
        float[] pd = new float[boards.length * N];
        float[] vd = new float[boards.length];
        cache.evaluate(boards, boards.length, p, v);
        new HashEvaluator(N).evaluate(boards, boards.length, pd, vd);
        assertArrayEquals(pd, p);
        assertArrayEquals(vd, v);
    }

    @Test
    void repeatedBoardsAreServedFromTheTable() {
        HashEvaluator inner = new HashEvaluator(N);
        int size = 1 << 16;
        CachingEvaluator cache = new CachingEvaluator(inner, size);
        Board[] boards = EvaluatorContract.positions(RuleSet.DEFAULT, 30, 3).toArray(new Board[0]);
        // Precondition: the distinct positions fall on distinct entries (a direct-mapped table evicts on a shared one).
        assertEquals(java.util.Arrays.stream(boards).mapToLong(Board::hash).distinct().count(),
                java.util.Arrays.stream(boards).mapToLong(b -> b.hash() & (size - 1)).distinct().count(),
                "the test's positions share a table entry: pick other positions or another size");
        assertSameAsDirect(cache, boards);
        int evaluated = inner.boards;
        assertSameAsDirect(cache, boards);
        assertEquals(evaluated, inner.boards, "second call evaluated nothing new");
        assertEquals(1, inner.calls, "no call for an all-hit batch");
        assertEquals(60, cache.lookups());
        assertEquals(60 - evaluated, cache.hits());
        assertTrue(cache.hitRate() >= 0.5);
    }

    @Test
    void duplicatesInOneBatchAreEvaluatedOnce() {
        HashEvaluator inner = new HashEvaluator(N);
        CachingEvaluator cache = new CachingEvaluator(inner, 1024);
        List<Board> ps = EvaluatorContract.positions(RuleSet.DEFAULT, 2, 9);
        Board a = ps.get(0);
        Board b = ps.get(1);
        assertSameAsDirect(cache, new Board[] {a, b, a.copy(), a, b});
        assertEquals(1, inner.calls);
        assertEquals(2, inner.boards);
        assertEquals(3, cache.hits());
    }

    @Test
    void aTinyTableStaysCorrectUnderCollisions() {
        HashEvaluator inner = new HashEvaluator(N);
        CachingEvaluator cache = new CachingEvaluator(inner, 2);
        assertEquals(2, cache.capacity());
        List<Board> ps = EvaluatorContract.positions(RuleSet.DEFAULT, 50, 4);
        List<Board> batch = new ArrayList<>(ps);
        batch.addAll(ps.subList(0, 20));
        for (int round = 0; round < 3; round++) {
            assertSameAsDirect(cache, batch.toArray(new Board[0]));
        }
    }

    @Test
    void clearForgetsTheEntries() {
        HashEvaluator inner = new HashEvaluator(N);
        CachingEvaluator cache = new CachingEvaluator(inner, 256);
        Board[] boards = EvaluatorContract.positions(RuleSet.DEFAULT, 10, 8).toArray(new Board[0]);
        assertSameAsDirect(cache, boards);
        int first = inner.boards;
        cache.clear();
        assertSameAsDirect(cache, boards);
        assertEquals(2 * first, inner.boards);
    }

    @Test
    void aFailingCallLeavesNoHalfEntries() {
        HashEvaluator good = new HashEvaluator(N);
        int[] failures = {1};
        Evaluator flaky = new Evaluator() {
            @Override
            public int actions() {
                return N;
            }

            @Override
            public void evaluate(Board[] bs, int count, float[] priors, float[] values) {
                if (failures[0]-- > 0) {
                    throw new IllegalStateException("boom");
                }
                good.evaluate(bs, count, priors, values);
            }
        };
        CachingEvaluator cache = new CachingEvaluator(flaky, 256);
        Board[] boards = EvaluatorContract.positions(RuleSet.DEFAULT, 10, 2).toArray(new Board[0]);
        assertThrows(IllegalStateException.class, () -> cache.evaluate(boards, boards.length, new float[60], new float[10]));
        assertSameAsDirect(cache, boards);
        assertEquals(10, good.boards);
    }

    @Test
    void closeClosesTheWrappedEvaluator() {
        HashEvaluator inner = new HashEvaluator(N);
        new CachingEvaluator(inner, 8).close();
        assertTrue(inner.closed);
    }
}
