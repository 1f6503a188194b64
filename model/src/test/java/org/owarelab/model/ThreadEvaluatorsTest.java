package org.owarelab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The evaluators of the extra threads of one PUCT search ({@code threads=}, the UCI option
 * {@code Threads}) over the sources the registry uses: each is a DJL evaluator of its own on one
 * libtorch thread, never a client of the shared evaluator that gathers the games' calls. A client
 * would make the search threads' forward passes wait for each other and run as one call: one
 * search on 2 threads then ran no faster than on 1 (x1.01 for {@code strong}, whose source once
 * handed out clients for every thread).
 */
class ThreadEvaluatorsTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;

    @Test
    void theShippedPlayerGivesEachSearchThreadItsOwnEvaluator() {
        try (Players.Lazy source = new Players.Lazy("strong")) {
            check(source, null);
        }
    }

    @Test
    void aCheckpointGivesEachSearchThreadItsOwnEvaluator() {
        try (CheckpointSource source = new CheckpointSource()) {
            check(source, Players.checkpoint("strong").toString());
        }
    }

    @Test
    void aSearchThreadsEvaluatorRunsLibtorchOnOneThreadWhateverTheThreadHadBefore() throws Exception {
        // A thread that runs libtorch on 2 intra-op threads (as a thread may when OMP_NUM_THREADS or
        // DJL's default says so) runs its search evaluator's passes on 1: with T search threads on T
        // cores a second intra-op thread per pass only waits for a core.
        try (Players.Lazy source = new Players.Lazy("strong"); Evaluator e = source.openForThread(null, RULES)) {
            int[] threads = new int[2];
            Thread t = new Thread(() -> {
                TorchThreads.set(2);
                threads[0] = TorchThreads.get();
                Board b = new Board(RULES);
                e.evaluate(new Board[] {b}, 1, new float[RULES.houses()], new float[1]);
                threads[1] = TorchThreads.get();
            });
            t.start();
            t.join();
            assertEquals(2, threads[0], "the thread ran libtorch on 2 threads before (else this test shows nothing)");
            assertEquals(1, threads[1], "the search thread's evaluator set 1 intra-op thread");
        }
    }

    private static void check(EvaluatorSource source, String model) {
        try (Evaluator first = source.open(model, RULES);
                Evaluator a = source.openForThread(model, RULES);
                Evaluator b = source.openForThread(model, RULES)) {
            assertFalse(first instanceof DjlEvaluator, "the first thread's evaluator is a client of the shared one");
            for (Evaluator e : new Evaluator[] {a, b}) {
                DjlEvaluator own = assertInstanceOf(DjlEvaluator.class, e, "a search thread's evaluator is its own");
                assertEquals(1, own.torchThreads(), "one libtorch intra-op thread per search thread");
            }
            assertNotSame(a, b);
            assertEquals(((DjlEvaluator) a).network(), ((DjlEvaluator) b).network(), "the network is loaded once and shared");
        }
    }
}
