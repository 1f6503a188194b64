package org.owarelab.agents.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * The evaluator shared by game threads. The waits here are the evaluator's own (an hour, so a
 * request waits for the other searching clients, never for a clock); the class timeout only
 * turns a hang into a failure.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedEvaluatorTest {
    static final long AN_HOUR = TimeUnit.HOURS.toNanos(1);
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    /** Counts the wrapped calls and refuses boards whose text is {@code poison}. */
    static final class Counting implements Evaluator {
        final SyntheticEvaluator inner = new SyntheticEvaluator(6, 9);
        final List<Integer> batches = new ArrayList<>();
        String poison = "";
        boolean closed;

        @Override
        public int actions() {
            return 6;
        }

        @Override
        public synchronized void evaluate(Board[] boards, int count, float[] priors, float[] values) {
            batches.add(count);
            for (int i = 0; i < count; i++) {
                if (boards[i].text().equals(poison)) {
                    throw new IllegalArgumentException("poisoned board " + poison);
                }
            }
            inner.evaluate(boards, count, priors, values);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    static Board[] boards(String... moves) {
        Board[] b = new Board[moves.length];
        for (int i = 0; i < moves.length; i++) {
            b[i] = new Board();
            Moves.playAll(b[i], moves[i]);
        }
        return b;
    }

    /** What the synthetic evaluator says about {@code boards} by itself. */
    static float[] expectedValues(Board[] boards) {
        float[] p = new float[boards.length * 6];
        float[] v = new float[boards.length];
        new SyntheticEvaluator(6, 9).evaluate(boards, boards.length, p, v);
        return v;
    }

    private static void awaitQueued(SharedEvaluator shared, int requests) {
        while (shared.queued() < requests) {
            Thread.onSpinWait();
        }
    }

    @Test
    void theRequestsOfTheSearchingClientsGoInOneCall() throws Exception {
        Counting inner = new Counting();
        SharedEvaluator shared = new SharedEvaluator(inner, 1024, AN_HOUR);
        Evaluator a = shared.client();
        Evaluator b = shared.client();
        a.searching(true);
        b.searching(true);
        Board[] ab = boards("", "Ab", "CeFeB");
        Board[] bb = boards("BdAaEbDb", "Ab");
        float[] av = new float[3];
        float[] bv = new float[2];
        Future<?> first = pool.submit(() -> a.evaluate(ab, 3, new float[18], av));
        awaitQueued(shared, 1); // a waits for b, the other searching client
        b.evaluate(bb, 2, new float[12], bv);
        first.get();
        assertEquals(List.of(5), inner.batches, "one call for both clients' positions");
        assertEquals(1, shared.gatheredCalls());
        assertArrayEquals(expectedValues(ab), av);
        assertArrayEquals(expectedValues(bb), bv);
    }

    @Test
    void aLoneSearchingClientNeverWaitsForIdleOnes() {
        Counting inner = new Counting();
        SharedEvaluator shared = new SharedEvaluator(inner, 1024, AN_HOUR);
        Evaluator a = shared.client();
        Evaluator idle = shared.client();
        Evaluator other = shared.client();
        other.searching(true);
        other.searching(false);
        a.searching(true);
        Board[] ab = boards("", "Ab");
        float[] av = new float[2];
        a.evaluate(ab, 2, new float[12], av); // would wait an hour if it waited for 'idle' or 'other'
        assertArrayEquals(expectedValues(ab), av);
        assertEquals(List.of(2), inner.batches);
        idle.close();
    }

    @Test
    void aFailingPositionFailsOnlyItsOwnRequest() throws Exception {
        Counting inner = new Counting();
        SharedEvaluator shared = new SharedEvaluator(inner, 1024, AN_HOUR);
        Evaluator a = shared.client();
        Evaluator b = shared.client();
        a.searching(true);
        b.searching(true);
        Board[] bad = boards("Ab", "CeFeB");
        inner.poison = bad[1].text();
        Board[] good = boards("", "BdAaEbDb");
        float[] gv = new float[2];
        Future<?> failing = pool.submit(() -> a.evaluate(bad, 2, new float[12], new float[2]));
        awaitQueued(shared, 1);
        b.evaluate(good, 2, new float[12], gv);
        ExecutionException e = assertThrows(ExecutionException.class, failing::get);
        assertTrue(e.getCause() instanceof IllegalStateException
                && e.getCause().getMessage().contains("evaluation failed")
                && e.getCause().getMessage().contains("poisoned board"), e.getCause().toString());
        assertArrayEquals(expectedValues(good), gv, "the other client's positions are evaluated");
    }

    @Test
    void aGameThreadThatFailsReleasesTheOthers() throws Exception {
        Counting inner = new Counting();
        SharedEvaluator shared = new SharedEvaluator(inner, 1024, AN_HOUR);
        Evaluator a = shared.client();
        Evaluator b = shared.client();
        a.searching(true);
        b.searching(true);
        Board[] ab = boards("", "Ab");
        float[] av = new float[2];
        Future<?> waiting = pool.submit(() -> a.evaluate(ab, 2, new float[12], av));
        awaitQueued(shared, 1); // a waits for b's request
        // b's game thread fails in the middle of its search: its agent is closed, as GameRunner does.
        b.close();
        waiting.get();
        assertArrayEquals(expectedValues(ab), av);
        assertThrows(IllegalStateException.class, () -> b.evaluate(ab, 2, new float[12], new float[2]));
    }

    @Test
    void closingWakesTheWaitingSearchesWithAClearError() throws Exception {
        Counting inner = new Counting();
        SharedEvaluator shared = new SharedEvaluator(inner, 1024, AN_HOUR);
        Evaluator a = shared.client();
        Evaluator b = shared.client();
        a.searching(true);
        b.searching(true);
        Future<?> waiting = pool.submit(() -> a.evaluate(boards(""), 1, new float[6], new float[1]));
        awaitQueued(shared, 1);
        shared.close(); // e.g. the match stops after another game thread's failure
        ExecutionException e = assertThrows(ExecutionException.class, waiting::get);
        assertTrue(e.getCause() instanceof IllegalStateException && e.getCause().getMessage().contains("closed"),
                e.getCause().toString());
        assertTrue(inner.batches.isEmpty());
        assertTrue(inner.closed, "the wrapped evaluator is closed");
        IllegalStateException refused = assertThrows(IllegalStateException.class, shared::client);
        assertTrue(refused.getMessage().contains("closed"), refused.getMessage());
    }

    @Test
    void aFullBatchRunsWithoutWaitingForTheRest() {
        Counting inner = new Counting();
        SharedEvaluator shared = new SharedEvaluator(inner, 2, AN_HOUR);
        Evaluator a = shared.client();
        Evaluator b = shared.client();
        a.searching(true);
        b.searching(true);
        Board[] ab = boards("", "Ab", "CeFeB");
        float[] av = new float[3];
        a.evaluate(ab, 3, new float[18], av); // 3 >= maxBatch 2: no wait for b
        assertArrayEquals(expectedValues(ab), av);
        assertEquals(List.of(3), inner.batches);
    }

    @Test
    void refusesBadSettings() {
        assertThrows(IllegalArgumentException.class, () -> new SharedEvaluator(new UniformEvaluator(6), 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SharedEvaluator(new UniformEvaluator(6), 8, -1));
        assertEquals(RuleSet.DEFAULT.houses(), new SharedEvaluator(new UniformEvaluator(6), 8, 0).actions());
    }
}
