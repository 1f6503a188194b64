package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** One search on several threads over one tree ({@link ThreadedSearch}) and the {@code threads} key. */
class ThreadedSearchTest {
    private static Evaluator[] synthetic(int threads, long callNanos) {
        Evaluator[] e = new Evaluator[threads];
        for (int k = 0; k < threads; k++) {
            e[k] = new CheckingEvaluator(new SyntheticEvaluator(6, 5, callNanos, 0));
        }
        return e;
    }

    private static Tree tree(Board position, int leaves) {
        Tree tr = new Tree(position.rules(), PuctConfig.DEFAULT, leaves, 64, 1_000_000);
        tr.reset(position, new SplittableRandom(2));
        return tr;
    }

    @Test
    void threadsOneKeepsTheRecordedSequentialSearch() throws IOException {
        String before;
        try (InputStream in = ThreadedSearchTest.class.getResourceAsStream("sequential-record.txt")) {
            before = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(before, SequentialRecord.record(",threads=1"), "threads=1: same moves, simulations and visits");
        assertEquals(before, SequentialRecord.record(",threads=auto"), "auto is one thread for a fixed sims count");
    }

    @Test
    void twoThreadsKeepEveryVisitAndTakeBackEveryVirtualLoss() {
        for (int leaves : new int[] {1, 8}) {
            Tree tr = tree(TreeTest.randomGame(RuleSet.DEFAULT, 7, 20), leaves);
            Evaluator[] evaluators = synthetic(2, 20_000);
            try (ThreadedSearch s = new ThreadedSearch(tr, evaluators, leaves)) {
                for (int round = 0; round < 3; round++) { // the tree grows over searches, as a reused tree does
                    tr.beginSearch(2000, false);
                    s.run(Long.MAX_VALUE, SearchMonitor.NONE);
                    assertEquals(2000, tr.simulations(), "a fixed count is kept exactly on 2 threads, leaves=" + leaves);
                    assertEquals(2000 * (round + 1), tr.rootVisits(), "no lost or doubled visit at the root");
                    assertEquals(0, tr.virtualVisits(), "virtual loss left after the search");
                    TreeChecks.check(tr); // every node: visits = 1 + children's, value sums, no virtual, no pending
                    assertTrue(Integer.bitCount(tr.rootLegal()) > 0
                            && (tr.rootLegal() >>> tr.chooseMove(0) & 1) != 0, "a legal move");
                }
            }
            long calls = ((CheckingEvaluator) evaluators[0]).calls + ((CheckingEvaluator) evaluators[1]).calls;
            assertTrue(calls > 0);
        }
    }

    @Test
    void theThreadsEvaluateAtTheSameTime() throws InterruptedException {
        // Each evaluator's first call below the root waits until the other thread is inside its own
        // call: were the calls made under the tree's lock, the second could never start (the test
        // would fail after its timeout, not hang).
        CountDownLatch both = new CountDownLatch(2);
        AtomicInteger met = new AtomicInteger();
        Evaluator[] evaluators = new Evaluator[2];
        for (int k = 0; k < 2; k++) {
            Evaluator inner = new SyntheticEvaluator(6, 5);
            evaluators[k] = new Evaluator() {
                private boolean first = true;

                @Override
                public int actions() {
                    return 6;
                }

                @Override
                public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                    if (first && boards[0].ply() > 20) {
                        first = false;
                        both.countDown();
                        try {
                            if (both.await(10, TimeUnit.SECONDS)) {
                                met.incrementAndGet();
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    inner.evaluate(boards, count, priors, values);
                }
            };
        }
        Tree tr = tree(TreeTest.randomGame(RuleSet.DEFAULT, 7, 20), 4);
        // A tree of 100 nodes first, so that both threads find leaves while the other's are in flight.
        TreeTest.search(tr, new SyntheticEvaluator(6, 5), 100, false);
        try (ThreadedSearch s = new ThreadedSearch(tr, evaluators, 4)) {
            tr.beginSearch(400, false);
            s.run(Long.MAX_VALUE, SearchMonitor.NONE);
        }
        assertEquals(2, met.get(), "both threads were inside an evaluator call at once");
        TreeChecks.check(tr);
    }

    @Test
    void tinyBudgetsAndTerminalRichTreesEndWithoutDeadlock() {
        RuleSet small = RuleSet.parse("houses=3,seeds=1");
        for (long seed = 0; seed < 30; seed++) {
            Board b = TreeTest.randomGame(small, seed, 2 + (int) (seed % 5));
            if (b.isOver()) {
                continue;
            }
            for (int sims : new int[] {1, 2, 3, 50}) {
                Tree tr = new Tree(small, PuctConfig.DEFAULT, 4, 16, 100_000);
                tr.reset(b, new SplittableRandom(seed));
                Evaluator[] e = new Evaluator[4];
                for (int k = 0; k < 4; k++) {
                    e[k] = new CheckingEvaluator(new SyntheticEvaluator(3, seed)); // refuses finished boards
                }
                try (ThreadedSearch s = new ThreadedSearch(tr, e, 4)) {
                    tr.beginSearch(sims, false);
                    s.run(Long.MAX_VALUE, SearchMonitor.NONE);
                }
                assertEquals(sims, tr.simulations(), "seed " + seed + ", sims " + sims);
                TreeChecks.check(tr);
                assertTrue((b.legalMask() >>> tr.chooseMove(0) & 1) != 0);
            }
        }
    }

    @Test
    void aSolvedRootEndsTheThreadedSearch() {
        // Near the end of a small game every line is decided: the solver proves the root and
        // every thread stops, whatever budget is left.
        RuleSet small = RuleSet.parse("houses=3,seeds=1");
        int proven = 0;
        for (long seed = 0; seed < 30; seed++) {
            Board b = TreeTest.randomGame(small, seed, 4);
            if (b.isOver()) {
                continue;
            }
            Tree tr = new Tree(small, PuctConfig.DEFAULT, 4, 16, 100_000);
            tr.solver(true, null);
            tr.reset(b, new SplittableRandom(seed));
            try (ThreadedSearch s = new ThreadedSearch(tr, new Evaluator[] {new SyntheticEvaluator(3, 1),
                new SyntheticEvaluator(3, 1)}, 4)) {
                tr.beginSearch(1_000_000, false);
                s.run(Long.MAX_VALUE, SearchMonitor.NONE);
            }
            assertEquals(0, tr.virtualVisits());
            if (!Double.isNaN(tr.rootProof())) {
                proven++;
                assertTrue(tr.simulations() < 1_000_000, "a proven root stops the search");
            }
        }
        assertTrue(proven > 0, "some of the small endgames are proven");
    }

    @Test
    void theAgentSearchesOnTwoThreadsByTheClockAndStops() {
        EvaluatorSource source = (model, rules) -> new SyntheticEvaluator(rules.houses(), 7, 20_000, 1_000);
        try (AgentFactory f = PuctAgent.factory("net", source, 300);
                Agent a = f.create(AgentSpec.parse("net:threads=2,batch=4"), RuleSet.DEFAULT, 1)) {
            PuctAgent p = (PuctAgent) a;
            assertEquals(2, p.threadsFor(true));
            Board b = new Board();
            for (int ply = 0; ply < 6 && !b.isOver(); ply++) {
                Decision d = a.decide(b, SearchLimit.movetime(ply == 0 ? 1 : 30), SearchMonitor.NONE);
                assertTrue((b.legalMask() >>> d.move() & 1) != 0, "a legal move at ply " + ply);
                assertEquals(0, p.tree().virtualVisits(), "virtual loss left");
                TreeChecks.check(p.tree());
                b.play(d.move());
                a.played(b, d.move());
            }
            // A stop request ends an infinite search.
            int[] polls = {0};
            Decision d = a.decide(b, new SearchLimit(0, 0, 0, 0, true), new SearchMonitor() {
                @Override
                public boolean stopRequested() {
                    return ++polls[0] > 50;
                }
            });
            assertTrue((b.legalMask() >>> d.move() & 1) != 0);
        }
    }

    @Test
    void underAGameClockTwoThreadsStopASettledMoveEarlyAndSearchAnEvenOneToItsMostTime() {
        // The exported engine's defaults under a GUI's clock: every core and time management.
        SearchLimit clock = SearchLimit.clock(20_000, 0, 0);
        long planned = clock.movetimeMillis();
        long most = clock.maxMillis();
        assertTrue(most >= 2 * planned, "the clock leaves room to stretch: " + planned + " and " + most + " ms");
        EvaluatorSource dominant = (model, rules) -> new DominantEvaluator(rules.houses());
        try (AgentFactory f = PuctAgent.factory("net", dominant, 300);
                Agent a = f.create(AgentSpec.parse("net:threads=2,batch=4"), RuleSet.DEFAULT, 1)) {
            Decision d = a.decide(new Board(), clock, SearchMonitor.NONE);
            long ms = d.timeNanos() / 1_000_000;
            // Smart pruning ends it, not the most time (where a search that ignored the time manager
            // would stop). How early varies: free evaluations on two threads reach 50,000-160,000
            // simulations in this second, deep enough for terminal results to draw visits from the
            // prior's move, so the lead settles at 700-1,350 ms of a first target of planned / 0.7
            // (32 runs on the quiet 2-core VM, 2026-11-28); the bound below leaves room for a busy one.
            long bound = (planned + most) / 2;
            assertTrue(ms < bound, "a move the search settles stops well before its most time, " + most
                    + " ms (before " + bound + " ms): " + ms);
            assertEquals(0, ((PuctAgent) a).tree().virtualVisits(), "virtual loss left");
        }
        EvaluatorSource uniform = (model, rules) -> new org.owarelab.agents.inference.UniformEvaluator(rules.houses());
        try (AgentFactory f = PuctAgent.factory("net", uniform, 300);
                Agent a = f.create(AgentSpec.parse("net:threads=2,batch=4"), RuleSet.DEFAULT, 1)) {
            Decision d = a.decide(new Board(), clock, SearchMonitor.NONE);
            long ms = d.timeNanos() / 1_000_000;
            assertTrue(ms > planned, "an even move searches past its planned " + planned + " ms: " + ms);
            assertTrue(ms <= most + 200, "but not past its most time, " + most + " ms: " + ms);
        }
        try (AgentFactory f = PuctAgent.factory("net", uniform, 300);
                Agent a = f.create(AgentSpec.parse("net:threads=2,batch=4,timeman=false"), RuleSet.DEFAULT, 1)) {
            long ms = a.decide(new Board(), clock, SearchMonitor.NONE).timeNanos() / 1_000_000;
            assertTrue(ms <= planned + 200, "without time management the planned time is the limit: " + ms);
        }
    }

    @Test
    void theExtraThreadsGetEvaluatorsOfTheirOwnAndTheFirstThreadTheAgentsOne() {
        // The first thread's evaluator comes from open (a client of a shared evaluator, say), each
        // extra thread's from openForThread: were they clients of one shared evaluator, their calls
        // would be gathered into one and the threads' forward passes would run one at a time.
        int[] opened = new int[2];
        EvaluatorSource source = new EvaluatorSource() {
            @Override
            public Evaluator open(String model, RuleSet rules) {
                opened[0]++;
                return new SyntheticEvaluator(rules.houses(), 7);
            }

            @Override
            public Evaluator openForThread(String model, RuleSet rules) {
                opened[1]++;
                return new SyntheticEvaluator(rules.houses(), 7);
            }
        };
        try (AgentFactory f = PuctAgent.factory("net", source, 300);
                Agent a = f.create(AgentSpec.parse("net:threads=3,batch=4"), RuleSet.DEFAULT, 1)) {
            a.decide(new Board(), SearchLimit.movetime(20), SearchMonitor.NONE);
            assertEquals(1, opened[0], "the agent's own evaluator, for the first thread");
            assertEquals(2, opened[1], "one evaluator of its own per extra thread");
        }
    }

    @Test
    void autoThreadsFollowTheLimitAndTheKeyIsChecked() {
        EvaluatorSource source = (model, rules) -> new SyntheticEvaluator(rules.houses(), 7);
        try (AgentFactory f = PuctAgent.factory("net", source, 300);
                Agent a = f.create(AgentSpec.parse("net"), RuleSet.DEFAULT, 1)) {
            PuctAgent p = (PuctAgent) a;
            assertEquals(1, p.threadsFor(false), "a fixed count searches on one thread");
            assertEquals(Runtime.getRuntime().availableProcessors(), p.threadsFor(true), "a timed search uses every core");
            assertThrows(AgentSpecException.class, () -> f.create(AgentSpec.parse("net:threads=0"), RuleSet.DEFAULT, 1));
            assertThrows(AgentSpecException.class, () -> f.create(AgentSpec.parse("net:threads=x"), RuleSet.DEFAULT, 1));
        }
    }

    @Test
    void anEvaluatorFailureOnAHelperThreadReachesTheCallerAndTheNextSearchStartsOver() {
        int[] opened = {0};
        // The main thread's evaluator waits (at most 10 s) for the helper's failing call, so the helper
        // surely calls before the main thread could finish the search alone (a loaded machine may start it late).
        java.util.concurrent.CountDownLatch helperCalled = new java.util.concurrent.CountDownLatch(1);
        EvaluatorSource source = new EvaluatorSource() {
            @Override
            public Evaluator open(String model, RuleSet rules) {
                Evaluator inner = new SyntheticEvaluator(rules.houses(), 7);
                return new Evaluator() {
                    @Override
                    public int actions() {
                        return inner.actions();
                    }

                    @Override
                    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                        try {
                            helperCalled.await(10, java.util.concurrent.TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        inner.evaluate(boards, count, priors, values);
                    }
                };
            }

            @Override
            public Evaluator openForThread(String model, RuleSet rules) {
                opened[0]++;
                boolean fail = opened[0] == 1;
                Evaluator inner = new SyntheticEvaluator(rules.houses(), 7);
                return new Evaluator() {
                    private int calls;

                    @Override
                    public int actions() {
                        return inner.actions();
                    }

                    @Override
                    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                        if (fail && ++calls == 1) {
                            helperCalled.countDown();
                            throw new IllegalStateException("network gone");
                        }
                        inner.evaluate(boards, count, priors, values);
                    }
                };
            }
        };
        try (AgentFactory f = PuctAgent.factory("net", source, 300);
                Agent a = f.create(AgentSpec.parse("net:threads=2,sims=3000,batch=2"), RuleSet.DEFAULT, 1)) {
            Board b = new Board();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> a.decide(b, SearchLimit.NONE, SearchMonitor.NONE));
            assertTrue(e.getMessage().contains("network gone"), e.getMessage());
            // The leaves left in flight are dropped: the next search starts a new tree and runs.
            Decision d = a.decide(b, SearchLimit.NONE, SearchMonitor.NONE);
            assertEquals(3000, d.nodes());
            TreeChecks.check(((PuctAgent) a).tree());
        }
    }
}
