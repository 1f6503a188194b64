package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** One search batching its own leaves: virtual loss, collisions held, terminals, and batch 1 unchanged. */
class PuctBatchingTest {
    @Test
    void batchOneReproducesTheSequentialSearchOfBefore() throws IOException {
        String before;
        try (InputStream in = PuctBatchingTest.class.getResourceAsStream("sequential-record.txt")) {
            before = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(before.lines().count() > 40, "the record covers the bench positions and a game");
        assertEquals(before, SequentialRecord.record(",batch=1"), "batch=1: same moves, simulations and visits");
        assertEquals(before, SequentialRecord.record(""), "a fixed sims count without batch= searches one leaf at a time");
    }

    @Test
    void aBatchedSearchDiffersFromTheSequentialOne() {
        // Guards the test above: the record does see the batch size.
        assertTrue(!SequentialRecord.record(",batch=16").equals(SequentialRecord.record(",batch=1")));
    }

    /** Runs {@code sims} simulations step by step, checking that no virtual visit outlives its step. */
    private static void searchStepwise(Tree tr, Evaluator ev, int sims, int leaves) {
        tr.batching(leaves, true);
        tr.beginSearch(sims, false);
        LockstepSearch ls = new LockstepSearch(ev, leaves);
        Tree[] one = {tr};
        while (tr.searching()) {
            ls.step(one, 1);
            assertEquals(0, tr.virtualVisits(), "virtual visits left after a step");
        }
    }

    @Test
    void heldCollisionsFillTheBatchAndLeaveNoVirtualVisits() {
        CheckingEvaluator held = new CheckingEvaluator(new SyntheticEvaluator(6, 5));
        Tree tr = new Tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 32, 64, 100_000);
        tr.reset(TreeTest.randomGame(RuleSet.DEFAULT, 7, 20), new SplittableRandom(2));
        searchStepwise(tr, held, 3000, 32);
        assertEquals(3000, tr.simulations());
        assertTrue(tr.collisions() > 0, "a single tree at 32 leaves per step meets leaves in flight");
        TreeChecks.check(tr);

        CheckingEvaluator ended = new CheckingEvaluator(new SyntheticEvaluator(6, 5));
        Tree plain = new Tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 32, 64, 100_000);
        plain.reset(TreeTest.randomGame(RuleSet.DEFAULT, 7, 20), new SplittableRandom(2));
        plain.batching(32, false);
        TreeTest.search(plain, ended, 3000, false);
        double heldMean = held.positions / (double) held.calls;
        double endedMean = ended.positions / (double) ended.calls;
        assertTrue(held.maxBatch == 32, "largest batch " + held.maxBatch);
        assertTrue(heldMean > 24,
                "mean batch with held collisions " + heldMean + ", ending at the first " + endedMean);
    }

    @Test
    void batchesWithTerminalAndRepeatedLeavesStayExact() {
        // Small boards near their ends: many walks end at terminal nodes (scored on the way, never
        // evaluated), many meet leaves in flight, and transpositions put the same position twice
        // into one call.
        RuleSet small = RuleSet.parse("houses=3,seeds=1");
        long collisions = 0;
        int repeatedInOneCall = 0;
        int repetitions = 0;
        for (long seed = 0; seed < 20; seed++) {
            int[] repeats = {0};
            CheckingEvaluator ev = new CheckingEvaluator(new SyntheticEvaluator(3, seed));
            Evaluator counting = new Evaluator() {
                @Override
                public int actions() {
                    return 3;
                }

                @Override
                public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                    Set<String> seen = new HashSet<>();
                    for (int i = 0; i < count; i++) {
                        if (!seen.add(boards[i].text())) {
                            repeats[0]++;
                        }
                    }
                    ev.evaluate(boards, count, priors, values);
                }
            };
            Tree tr = new Tree(small, PuctConfig.DEFAULT, 16, 64, 100_000);
            tr.reset(TreeTest.randomGame(small, seed, (int) (seed % 5)), new SplittableRandom(seed));
            searchStepwise(tr, counting, 600, 16);
            assertEquals(600, tr.rootVisits(), "every simulation reaches the root once");
            assertTrue(ev.positions < 600, "terminal simulations must not call the evaluator");
            repetitions += TreeChecks.check(tr);
            collisions += tr.collisions();
            repeatedInOneCall += repeats[0];
        }
        assertTrue(collisions > 0, "collisions expected");
        assertTrue(repeatedInOneCall > 0, "the same position twice in one call expected");
        assertTrue(repetitions > 0, "repetition ends expected inside the trees");
    }
}
