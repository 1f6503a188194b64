package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class TreeTest {
    static final RuleSet SMALL = RuleSet.parse("houses=3,seeds=1");

    static Tree tree(RuleSet rules, PuctConfig cfg, int leaves, int maxNodes) {
        return new Tree(rules, cfg, leaves, 64, maxNodes);
    }

    static void search(Tree tr, Evaluator ev, int sims, boolean explore) {
        tr.beginSearch(sims, explore);
        new LockstepSearch(ev, 64).finish(new Tree[] {tr}, 1);
    }

    /** A random game prefix of {@code plies} plies (fewer if the game ends first), seeded. */
    static Board randomGame(RuleSet rules, long seed, int plies) {
        Board b = new Board(rules);
        SplittableRandom rng = new SplittableRandom(seed);
        while (b.ply() < plies) {
            int mask = b.legalMask();
            int k = rng.nextInt(Integer.bitCount(mask));
            int m = 0;
            for (;; m++) {
                if ((mask >>> m & 1) != 0 && k-- == 0) {
                    break;
                }
            }
            b.play(m);
            if (b.isOver()) {
                b.undo();
                break;
            }
        }
        return b;
    }

    @Test
    void aSearchAddsExactlyItsSimulationsToTheRoot() {
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 10_000);
        tr.reset(new Board(), new SplittableRandom(1));
        search(tr, new SyntheticEvaluator(6, 3), 300, false);
        assertEquals(300, tr.rootVisits());
        assertEquals(300, tr.simulations());
        int children = 0;
        for (int m = 0; m < 6; m++) {
            children += tr.childVisits(m);
        }
        assertEquals(299, children, "the first simulation evaluates the root itself");
        TreeChecks.check(tr);
    }

    @Test
    void virtualLossKeepsTheSumsExactAndTheBatchesBounded() {
        CheckingEvaluator ev = new CheckingEvaluator(new SyntheticEvaluator(6, 5));
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 8, 10_000);
        tr.reset(randomGame(RuleSet.DEFAULT, 7, 20), new SplittableRandom(2));
        tr.beginSearch(500, false);
        LockstepSearch ls = new LockstepSearch(ev, 8);
        ls.finish(new Tree[] {tr}, 1);
        assertEquals(500, tr.simulations());
        assertTrue(ev.maxBatch > 1 && ev.maxBatch <= 8, "batch sizes 2..8 expected, largest " + ev.maxBatch);
        assertTrue(ev.calls < 500, "several leaves per call expected");
        TreeChecks.check(tr);
    }

    @Test
    void terminalAndRepeatedPositionsAreExactAndNeverEvaluated() {
        int repetitions = 0;
        for (long seed = 0; seed < 20; seed++) {
            Board start = randomGame(SMALL, seed, (int) (seed % 5));
            CheckingEvaluator ev = new CheckingEvaluator(new SyntheticEvaluator(3, seed));
            Tree tr = tree(SMALL, PuctConfig.DEFAULT, 1 + (int) (seed % 3), 100_000);
            tr.reset(start, new SplittableRandom(seed));
            search(tr, ev, 400, false);
            repetitions += TreeChecks.check(tr);
            assertTrue(ev.positions < 400, "terminal simulations must not call the evaluator");
        }
        assertTrue(repetitions > 0, "the small variant should produce repetition ends inside the trees");
    }

    @Test
    void theTreeFollowsTheGameHistoryNotJustThePosition() {
        // Find a game that ends by repetition; the position before the last move, with and
        // without its history, must give a terminal and a non-terminal child respectively.
        Board withHistory = null;
        int last = -1;
        for (long seed = 0; withHistory == null; seed++) {
            Board b = randomGame(SMALL, seed, 200);
            for (int m = 0; m < 3 && withHistory == null; m++) {
                if (b.isLegal(m)) {
                    b.play(m);
                    if (b.endReason() == EndReason.REPETITION) {
                        last = m;
                        b.undo();
                        withHistory = b;
                    } else {
                        b.undo();
                    }
                }
            }
        }
        Board noHistory = new Board(withHistory.position());
        Tree a = tree(SMALL, PuctConfig.DEFAULT, 1, 10_000);
        Tree b = tree(SMALL, PuctConfig.DEFAULT, 1, 10_000);
        a.reset(withHistory, new SplittableRandom(1));
        b.reset(noHistory, new SplittableRandom(1));
        UniformEvaluator ev = new UniformEvaluator(3);
        search(a, ev, 200, false);
        search(b, ev, 200, false);
        assertEquals(Nodes.TERMINAL, a.t.state[a.t.child[last]]);
        assertEquals(Nodes.EXPANDED, b.t.state[b.t.child[last]]);
        TreeChecks.check(a);
        TreeChecks.check(b);
    }

    @Test
    void anImmediateWinIsValuedExactly() {
        // South (store 20) plays F (2 seeds) into a and b, making 2 and 3: a capture of 5 reaches 25.
        Position p = Position.parse("0-0-0-0-0-2-1-2-0-0-0-1-20-22-S", RuleSet.DEFAULT);
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 10_000);
        tr.reset(new Board(p), new SplittableRandom(1));
        search(tr, new UniformEvaluator(6), 50, false);
        assertEquals(1.0, tr.childValue(5), 0.0, "F wins at once");
        assertEquals(5, tr.chooseMove(0));
        TreeChecks.check(tr);
    }

    @Test
    void reusedSubtreeKeepsItsStatisticsAndStaysConsistent() {
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 2, 100_000);
        tr.reset(new Board(), new SplittableRandom(1));
        Evaluator ev = new SyntheticEvaluator(6, 9);
        search(tr, ev, 400, false);
        int move = tr.chooseMove(0);
        int childVisits = tr.childVisits(move);
        tr.advance(move);
        assertEquals(childVisits, tr.rootVisits());
        TreeChecks.check(tr);
        search(tr, ev, 100, false);
        assertEquals(childVisits + 100, tr.rootVisits());
        TreeChecks.check(tr);
    }

    @Test
    void plainSelectionChoosesAsThePlainSearchDoes() {
        // In an idle tree (no virtual visit, solver off) the short path must pick PUCT's move at
        // every expanded node; searched with synthetic priors and values so that scores differ.
        int checked = 0;
        for (long seed = 1; seed <= 6; seed++) {
            Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(0.3, 0.25)), 4,
                    100_000);
            tr.reset(randomGame(RuleSet.DEFAULT, seed, (int) (seed * 7)), new SplittableRandom(seed));
            search(tr, new SyntheticEvaluator(6, seed), 300, seed % 2 == 0);
            Nodes t = tr.t;
            for (int node = 1; node < t.size; node++) {
                if (t.state[node] == Nodes.EXPANDED) {
                    assertEquals(Selection.select(tr, node, false), Selection.select(tr, node, true), "node " + node);
                    checked++;
                }
            }
        }
        assertTrue(checked > 300, "expanded nodes checked: " + checked);
    }

    @Test
    void plainSelectionBreaksExactTiesAsPuctDoes() {
        // The plain path scores visited children in one pass and unvisited ones after it; a tie
        // between the two kinds must still go to the lowest move. Node 1's children are set by
        // hand so that the scores tie exactly: with no FPU reduction and a root value of 0 the
        // unvisited score is cs * 0.25, and a visited child of prior 0.5, one visit and value 0
        // scores cs * 0.5 / 2, the same double.
        PuctConfig cfg = PuctConfig.DEFAULT.withFpu(0, 0);
        for (int visitedMove : new int[] {0, 3}) {
            for (int unvisitedMove : new int[] {1, 2, 5}) {
                Tree tr = tree(RuleSet.DEFAULT, cfg, 1, 1000);
                tr.reset(new Board(), new SplittableRandom(1));
                Nodes t = tr.t;
                int node = t.allocate(0, 0);
                int v = t.allocate(node, visitedMove);
                t.child[node * tr.a + visitedMove] = v;
                t.state[node] = Nodes.EXPANDED;
                t.legal[node] = (byte) (1 << visitedMove | 1 << unvisitedMove);
                t.prior[node * tr.a + visitedMove] = 0.5f;
                t.prior[node * tr.a + unvisitedMove] = 0.25f;
                t.stat[2 * node] = 2; // its own evaluation and the child's
                t.stat[2 * v] = 1;
                int lowest = Math.min(visitedMove, unvisitedMove);
                assertEquals(lowest, Selection.select(tr, node, false), "PUCT, visited " + visitedMove);
                assertEquals(lowest, Selection.select(tr, node, true), "plain, visited " + visitedMove);
                // A slightly larger unvisited prior breaks the tie for the unvisited move.
                t.prior[node * tr.a + unvisitedMove] = 0.2501f;
                assertEquals(unvisitedMove, Selection.select(tr, node, false));
                assertEquals(unvisitedMove, Selection.select(tr, node, true));
            }
        }
    }

    @Test
    void withoutReuseTheNextSearchStartsFresh() {
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT.withReuseTree(false), 1, 100_000);
        tr.reset(new Board(), new SplittableRandom(1));
        Evaluator ev = new SyntheticEvaluator(6, 9);
        search(tr, ev, 100, false);
        tr.advance(tr.chooseMove(0));
        assertEquals(1, tr.nodes());
        assertEquals(0, tr.rootVisits());
    }

    @Test
    void theNodeBudgetStopsTheSearch() {
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 40);
        tr.reset(new Board(), new SplittableRandom(1));
        search(tr, new SyntheticEvaluator(6, 1), 1000, false);
        assertTrue(tr.budgetSpent());
        assertTrue(tr.nodes() <= 40);
        assertTrue(tr.simulations() < 1000);
        TreeChecks.check(tr);
    }

    @Test
    void searchingAFinishedGameIsRefused() {
        Position over = Position.parse("0-0-0-0-0-0-0-0-0-0-0-0-25-23-N", RuleSet.DEFAULT);
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 100);
        tr.reset(new Board(over), new SplittableRandom(1));
        assertThrows(IllegalStateException.class, () -> tr.beginSearch(10, false));
    }

    @Test
    void badEvaluatorOutputIsReportedNotSearched() {
        Evaluator nan = new Evaluator() {
            @Override
            public int actions() {
                return 6;
            }

            @Override
            public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                new UniformEvaluator(6).evaluate(boards, count, priors, values);
                values[0] = Float.NaN;
            }
        };
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 100);
        tr.reset(new Board(), new SplittableRandom(1));
        tr.beginSearch(10, false);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new LockstepSearch(nan, 1).finish(new Tree[] {tr}, 1));
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
    }

    @Test
    void dirichletNoiseChangesTheRootPriorsReproducibly() {
        PuctConfig cfg = PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(0.5, 0.25));
        float[][] seen = new float[3][];
        for (int run = 0; run < 3; run++) {
            Tree tr = tree(RuleSet.DEFAULT, cfg, 1, 1000);
            tr.reset(new Board(), new SplittableRandom(run < 2 ? 11 : 12));
            search(tr, new UniformEvaluator(6), 1, true);
            seen[run] = tr.rootState.prior.clone();
            double sum = 0;
            for (float p : seen[run]) {
                sum += p;
            }
            assertEquals(1.0, sum, 1e-5);
        }
        assertEquals(java.util.Arrays.toString(seen[0]), java.util.Arrays.toString(seen[1]));
        assertFalse(java.util.Arrays.equals(seen[0], seen[2]), "another seed, other noise");
        assertFalse(seen[0][0] == seen[0][1] && seen[0][1] == seen[0][2], "noise makes uniform priors unequal");
    }

    @Test
    void greedyChoiceIsTheMostVisitedAndTemperatureSamplesVisits() {
        Tree tr = tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 10_000);
        tr.reset(new Board(), new SplittableRandom(5));
        search(tr, new SyntheticEvaluator(6, 2), 600, false);
        int most = 0;
        for (int m = 0; m < 6; m++) {
            most = Math.max(most, tr.childVisits(m));
        }
        int best = tr.chooseMove(0);
        assertEquals(most, tr.childVisits(best), "the greedy choice is a most visited move");
        int[] counts = new int[6];
        int draws = 20_000;
        for (int i = 0; i < draws; i++) {
            counts[tr.chooseMove(1.0)]++;
        }
        for (int m = 0; m < 6; m++) {
            double expected = tr.childVisits(m) / 599.0;
            assertEquals(expected, counts[m] / (double) draws, 0.02, "move " + m);
        }
    }
}
