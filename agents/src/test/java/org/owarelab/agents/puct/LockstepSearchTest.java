package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.rules.RuleSet;

class LockstepSearchTest {
    private static Tree[] trees(int count, PuctConfig cfg, int leaves) {
        Tree[] trees = new Tree[count];
        for (int i = 0; i < count; i++) {
            trees[i] = new Tree(RuleSet.DEFAULT, cfg, leaves, 64, 100_000);
            trees[i].reset(TreeTest.randomGame(RuleSet.DEFAULT, i, 3 * i), new SplittableRandom(100 + i));
            trees[i].beginSearch(150 + 37 * i, true);
        }
        return trees;
    }

    @Test
    void batchingChangesNothingInTheTrees() {
        PuctConfig[] configs = {
            PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(1.0, 0.25)),
            PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(1.0, 0.25)).withForcedPlayouts(2),
            PuctConfig.DEFAULT.withGumbel(PuctConfig.GumbelConfig.ON),
        };
        for (PuctConfig cfg : configs) {
            for (int leaves : new int[] {1, 4}) {
                Tree[] together = trees(6, cfg, leaves);
                CheckingEvaluator ev = new CheckingEvaluator(new SyntheticEvaluator(6, 77));
                new LockstepSearch(ev, 6 * leaves).finish(together, together.length);
                assertTrue(ev.maxBatch > leaves, "several trees per call expected");
                Tree[] alone = trees(6, cfg, leaves);
                for (int i = 0; i < alone.length; i++) {
                    new LockstepSearch(new SyntheticEvaluator(6, 77), leaves).finish(new Tree[] {alone[i]}, 1);
                    assertEquals(alone[i].nodes(), together[i].nodes());
                    assertEquals(alone[i].rootValue(), together[i].rootValue(), 0.0);
                    for (int m = 0; m < 6; m++) {
                        assertEquals(alone[i].childVisits(m), together[i].childVisits(m), cfg + " tree " + i);
                    }
                    assertEquals(alone[i].chooseMove(1.0), together[i].chooseMove(1.0));
                    TreeChecks.check(together[i]);
                }
            }
        }
    }

    @Test
    void oneEvaluatorCallPerStepWithEveryTreesLeaves() {
        Tree[] trees = trees(5, PuctConfig.DEFAULT, 2);
        CheckingEvaluator ev = new CheckingEvaluator(new SyntheticEvaluator(6, 1));
        LockstepSearch ls = new LockstepSearch(ev, 10);
        int steps = 0;
        long leaves = 0;
        while (true) {
            boolean any = false;
            for (Tree t : trees) {
                any |= t.searching();
            }
            if (!any) {
                break;
            }
            int n = ls.step(trees, trees.length);
            steps += n > 0 ? 1 : 0;
            leaves += n;
        }
        assertEquals(steps, ev.calls);
        assertEquals(leaves, ev.positions);
        assertEquals(leaves, ls.evaluated());
        assertTrue(ev.maxBatch <= 10);
        int sims = 0;
        for (Tree t : trees) {
            sims += t.simulations();
        }
        assertTrue(leaves <= sims, "a leaf is a simulation; terminals add simulations without leaves");
    }
}
