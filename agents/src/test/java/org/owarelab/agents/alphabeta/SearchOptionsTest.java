package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The search options that trade exactness or width for depth: aspiration windows (exact: the
 * same scores as the full window without a table) and late-move reductions (inexact by design:
 * the rule and its purpose, fewer nodes, are checked; their strength is measured in paired
 * games, see docs/search-sprt.md).
 */
class SearchOptionsTest {
    private static final String[] RULES = {"", "houses=4,seeds=3", "grand-slam=capture-all,houses=5,seeds=3",
        "grand-slam=illegal,repetition=split,houses=4,seeds=4"};

    private static AlphaBetaConfig config(int depth, int tt, boolean lmr, boolean asp) {
        return new AlphaBetaConfig(depth, 0, 0, tt, true, false, null, lmr, asp, null);
    }

    @Test
    void aspirationWindowsGiveTheFullWindowScoreWithoutATable() {
        int positions = 0;
        int differentWindows = 0;
        for (String r : RULES) {
            RuleSet rules = RuleSet.parse(r);
            SplittableRandom random = new SplittableRandom(17 + r.hashCode());
            for (int game = 0; game < 8; game++) {
                Board b = SearchDifferentialTest.randomPosition(rules, random, 2 + random.nextInt(40));
                if (b == null) {
                    continue;
                }
                positions++;
                for (int depth = 4; depth <= 7; depth++) {
                    AlphaBetaAgent full = new AlphaBetaAgent(config(depth, 0, false, false), rules);
                    AlphaBetaAgent asp = new AlphaBetaAgent(config(depth, 0, false, true), rules);
                    full.decide(b, SearchLimit.depth(depth), SearchMonitor.NONE);
                    asp.decide(b, SearchLimit.depth(depth), SearchMonitor.NONE);
                    int want = full.lastDeepening().score();
                    assertEquals(want, asp.lastDeepening().score(), rules + " " + b.text() + " depth " + depth);
                    if (!Score.isProven(want)) {
                        differentWindows++;
                    }
                }
            }
        }
        assertTrue(positions >= 20 && differentWindows >= 40, positions + " positions, " + differentWindows
                + " searches in an aspiration window");
    }

    @Test
    void reductionsSpareTheFirstMovesCapturesAndShallowNodes() {
        for (int depth = 1; depth <= 12; depth++) {
            for (int i = 0; i < 6; i++) {
                for (boolean pv : new boolean[] {false, true}) {
                    int r = MoveOrder.reduction(depth, i, pv, false);
                    assertEquals(0, MoveOrder.reduction(depth, i, pv, true), "a capture is never reduced");
                    if (depth < 3 || i < 2 || (pv && i < 3)) {
                        assertEquals(0, r, "depth " + depth + " move " + i + " pv " + pv);
                    } else {
                        assertTrue(r == 1 || r == 2, "depth " + depth + " move " + i + " pv " + pv + ": " + r);
                        assertTrue(r < depth - 1, "a reduced search keeps a ply at least");
                        assertEquals(!pv && depth >= 6 && i >= 4 ? 2 : 1, r);
                    }
                }
            }
        }
    }

    @Test
    void reductionsSearchFewerNodesToTheSameDepth() {
        long plain = SearchBench.signature(SearchBench.run(config(10, 16, false, false), 10, x -> { }));
        long reduced = SearchBench.signature(SearchBench.run(config(10, 16, true, false), 10, x -> { }));
        assertTrue(reduced < plain * 0.8, "nodes at depth 10 on the bench: " + reduced + " with reductions, " + plain
                + " without");
    }

    @Test
    void automaticReductionsAreOnForTimedSearchesAndOffForFixedDepths() {
        SplittableRandom random = new SplittableRandom(8);
        int differ = 0;
        for (int k = 0; k < 12; k++) {
            Board b = SearchDifferentialTest.randomPosition(RuleSet.DEFAULT, random, random.nextInt(40));
            if (b == null) {
                continue;
            }
            Decision[] fixed = new Decision[3];
            Decision[] timed = new Decision[3];
            Boolean[] modes = {null, Boolean.TRUE, Boolean.FALSE};
            for (int i = 0; i < 3; i++) {
                AlphaBetaConfig c = new AlphaBetaConfig(0, 0, 0, 4, true, false, null, modes[i], false, null);
                fixed[i] = new AlphaBetaAgent(c, RuleSet.DEFAULT).decide(b, SearchLimit.depth(7), SearchMonitor.NONE);
                long[] now = {0};
                // A fake clock, one millisecond a reading: the same cut in every run.
                timed[i] = new AlphaBetaAgent(c, RuleSet.DEFAULT, Evaluation.Weights.DEFAULT, () -> now[0] += 1_000_000L)
                        .decide(b, SearchLimit.movetime(150), SearchMonitor.NONE);
            }
            assertEquals(same(fixed[2]), same(fixed[0]), "auto at a fixed depth is a full-width search: " + b.text());
            assertEquals(same(timed[1]), same(timed[0]), "auto with a clock reduces: " + b.text());
            if (!same(timed[0]).equals(same(timed[2]))) {
                differ++;
            }
        }
        assertTrue(differ >= 5, "timed searches with and without reductions differ in " + differ + " positions");
    }

    /** What a decision says, its time aside. */
    private static String same(Decision d) {
        return d.move() + " " + d.value() + " " + d.nodes() + " " + d.depth() + " " + java.util.Arrays.toString(d.pv());
    }

    @Test
    void everyOptionPlaysALegalMoveUnderANodeBudget() {
        SplittableRandom random = new SplittableRandom(5);
        for (int k = 0; k < 40; k++) {
            Board b = SearchDifferentialTest.randomPosition(RuleSet.DEFAULT, random, random.nextInt(60));
            if (b == null) {
                continue;
            }
            for (boolean lmr : new boolean[] {false, true}) {
                for (boolean asp : new boolean[] {false, true}) {
                    AlphaBetaAgent a = new AlphaBetaAgent(new AlphaBetaConfig(0, 0, 3000 + k * 97, 1, true, false, null,
                            lmr, asp, null), RuleSet.DEFAULT);
                    int m = a.decide(b, SearchLimit.NONE, SearchMonitor.NONE).move();
                    assertTrue(b.isLegal(m), b.text() + " lmr " + lmr + " asp " + asp + ": " + m);
                }
            }
        }
    }
}
