package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** Gumbel root selection, forced playouts and policy-target pruning. */
class RootOptionsTest {
    static final PuctConfig GUMBEL = PuctConfig.DEFAULT.withGumbel(PuctConfig.GumbelConfig.ON);

    @Test
    void sequentialHalvingScheduleFollowsThePaper() {
        // m = 4, n = 16: phase 1 gives each of 4 actions floor(16 / (2 * 4)) = 2 visits, phase 2
        // each of 2 actions floor(16 / (2 * 2)) = 4 visits.
        assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, Gumbel.schedule(4, 16));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, Gumbel.schedule(1, 5));
        for (int m = 2; m <= 8; m++) {
            for (int n = 1; n <= 200; n++) {
                int[] s = Gumbel.schedule(m, n);
                assertEquals(n, s.length);
                int firstVisits = 0;
                for (int x : s) {
                    firstVisits += x == 0 ? 1 : 0;
                }
                assertEquals(Math.min(m, n), firstVisits, "actions tried, m=" + m + " n=" + n);
            }
        }
    }

    @Test
    void gumbelFindsAnImmediateWin() {
        Position p = Position.parse("0-0-0-0-0-2-1-2-0-0-0-1-20-22-S", RuleSet.DEFAULT);
        for (boolean explore : new boolean[] {false, true}) {
            Tree tr = new Tree(RuleSet.DEFAULT, GUMBEL, 1, 64, 10_000);
            tr.reset(new Board(p), new SplittableRandom(3));
            TreeTest.search(tr, new UniformEvaluator(6), 32, explore);
            assertEquals(5, tr.chooseMove(0), "explore=" + explore);
            TreeChecks.check(tr);
        }
    }

    @Test
    void gumbelVisitsAtMostTheConsideredActions() {
        PuctConfig cfg = PuctConfig.DEFAULT.withGumbel(new PuctConfig.GumbelConfig(true, 2, 1.0, 50, 0.1));
        Tree tr = new Tree(RuleSet.DEFAULT, cfg, 1, 64, 10_000);
        tr.reset(new Board(), new SplittableRandom(4));
        TreeTest.search(tr, new SyntheticEvaluator(6, 1), 41, true);
        int visited = 0;
        for (int m = 0; m < 6; m++) {
            visited += tr.childVisits(m) > 0 ? 1 : 0;
        }
        assertEquals(2, visited);
        float[] pi = new float[6];
        tr.policy(pi);
        double sum = 0;
        for (float x : pi) {
            sum += x;
            assertTrue(x > 0, "the improved policy keeps every legal move");
        }
        assertEquals(1.0, sum, 1e-5);
        TreeChecks.check(tr);
    }

    @Test
    void gumbelImprovedPolicyWithoutChildVisitsIsThePrior() {
        Tree tr = new Tree(RuleSet.DEFAULT, GUMBEL, 1, 64, 1000);
        tr.reset(new Board(), new SplittableRandom(4));
        TreeTest.search(tr, new SyntheticEvaluator(6, 1), 1, true);
        float[] pi = new float[6];
        tr.policy(pi);
        for (int m = 0; m < 6; m++) {
            assertEquals(tr.prior(m), pi[m], 1e-6);
        }
    }

    @Test
    void gumbelCountsOnlyThisSearchsVisitsAfterReuse() {
        Tree tr = new Tree(RuleSet.DEFAULT, GUMBEL, 1, 64, 10_000);
        tr.reset(new Board(), new SplittableRandom(4));
        SyntheticEvaluator ev = new SyntheticEvaluator(6, 2);
        TreeTest.search(tr, ev, 200, true);
        tr.advance(tr.chooseMove(0));
        int before = tr.rootVisits();
        TreeTest.search(tr, ev, 64, true);
        assertEquals(before + 64, tr.rootVisits());
        int inSearch = 0;
        for (int m = 0; m < 6; m++) {
            inSearch += RootSelection.searchVisits(tr, m);
        }
        assertEquals(64, inSearch);
        TreeChecks.check(tr);
    }

    @Test
    void forcedPlayoutsGiveEveryVisitedChildItsShareAndPruningRemovesThem() {
        PuctConfig cfg = PuctConfig.DEFAULT.withForcedPlayouts(2).withNoise(new PuctConfig.RootNoise(1.0, 0.25));
        Tree tr = new Tree(RuleSet.DEFAULT, cfg, 1, 64, 10_000);
        tr.reset(new Board(), new SplittableRandom(8));
        TreeTest.search(tr, new SyntheticEvaluator(6, 4), 800, true);
        int total = tr.rootVisits() - 1;
        int best = tr.chooseMove(0);
        for (int m = 0; m < 6; m++) {
            int n = tr.childVisits(m);
            if (n > 0) {
                assertTrue(n + 1 >= Math.sqrt(2 * tr.rootState.prior[m] * total), "child " + m + " got " + n);
            }
        }
        float[] pruned = new float[6];
        float[] visits = new float[6];
        tr.policy(pruned);
        tr.visitPolicy(visits);
        double sum = 0;
        boolean reduced = false;
        for (int m = 0; m < 6; m++) {
            sum += pruned[m];
            assertTrue(pruned[m] / pruned[best] <= visits[m] / visits[best] + 1e-6, "move " + m + " gained share");
            reduced |= pruned[m] / pruned[best] < visits[m] / visits[best] - 1e-6;
        }
        assertEquals(1.0, sum, 1e-5);
        assertTrue(reduced, "some forced visits should be pruned");
        TreeChecks.check(tr);
    }

    @Test
    void gumbelRefusesDirichletNoiseAndForcedPlayouts() {
        assertThrows(IllegalArgumentException.class,
                () -> GUMBEL.withNoise(new PuctConfig.RootNoise(0.3, 0.25)));
        assertThrows(IllegalArgumentException.class, () -> GUMBEL.withForcedPlayouts(2));
    }

    @Test
    void dirichletDrawsHaveTheRightMean() {
        SplittableRandom rng = new SplittableRandom(1);
        double[] out = new double[6];
        double[] mean = new double[6];
        int draws = 20_000;
        for (int i = 0; i < draws; i++) {
            Dirichlet.sample(rng, 0.3, 0b101101, 6, out);
            double sum = 0;
            for (int m = 0; m < 6; m++) {
                sum += out[m];
                mean[m] += out[m] / draws;
            }
            assertEquals(1.0, sum, 1e-9);
            assertEquals(0.0, out[1] + out[4], 0.0, "no noise on moves outside the mask");
        }
        for (int m : new int[] {0, 2, 3, 5}) {
            assertEquals(0.25, mean[m], 0.01, "E[X] = alpha / (k alpha) = 1/4");
        }
    }
}
