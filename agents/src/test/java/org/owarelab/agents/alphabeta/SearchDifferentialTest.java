package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The search against {@link NaiveNegamax}: without a table, principal-variation search with
 * every pruning and ordering must return exactly the minimax score, with and without
 * quiescence. With the table, a deeper stored result may legitimately change a depth-limited
 * score, so only proven results are compared: where minimax proves a win or loss within the
 * depth, the search with a table (iterative deepening) must find the same result and distance.
 */
class SearchDifferentialTest {
    private static final String[] RULES = {"", "houses=4,seeds=3", "grand-slam=capture-all,houses=5,seeds=3",
        "grand-slam=illegal,repetition=split,houses=4,seeds=4", "grand-slam=spare-last"};

    @Test
    void pvsEqualsMinimaxWithoutTable() {
        for (String r : RULES) {
            RuleSet rules = RuleSet.parse(r);
            SplittableRandom random = new SplittableRandom(r.hashCode());
            for (int game = 0; game < 6; game++) {
                Board b = randomPosition(rules, random, 4 + random.nextInt(30));
                if (b == null) {
                    continue;
                }
                for (boolean qs : new boolean[] {false, true}) {
                    Evaluation eval = new Evaluation(Evaluation.Weights.DEFAULT, rules.grandSlam());
                    NaiveNegamax naive = new NaiveNegamax(eval, qs);
                    for (int depth = 1; depth <= 4; depth++) {
                        Search s = new Search(b.copy(), new TranspositionTable(0), eval, qs);
                        s.limits(Long.MAX_VALUE, Long.MAX_VALUE, SearchMonitor.NONE);
                        s.newIteration();
                        int got = s.search(depth, -Score.INFINITE, Score.INFINITE, 0);
                        assertEquals(naive.score(b, depth, 0), got, rules + " " + b.text() + " depth " + depth + " qs " + qs);
                    }
                }
            }
        }
    }

    @Test
    void provenResultsWithTableMatchMinimax() {
        int proven = 0;
        for (String r : RULES) {
            RuleSet rules = RuleSet.parse(r);
            SplittableRandom random = new SplittableRandom(31 + r.hashCode());
            Evaluation eval = new Evaluation(Evaluation.Weights.DEFAULT, rules.grandSlam());
            NaiveNegamax naive = new NaiveNegamax(eval, false);
            for (int game = 0; game < 40; game++) {
                Board b = latePosition(rules, random, rules.totalSeeds() / 4);
                if (b == null) {
                    continue;
                }
                int depth = 6;
                int exact = naive.score(b, depth, 0);
                if (!Score.isProven(exact)) {
                    continue;
                }
                proven++;
                Search s = new Search(b.copy(), new TranspositionTable(1), eval, false);
                s.limits(Long.MAX_VALUE, Long.MAX_VALUE, SearchMonitor.NONE);
                int got = 0;
                for (int d = 1; d <= depth; d++) {
                    s.newIteration();
                    got = s.search(d, -Score.INFINITE, Score.INFINITE, 0);
                }
                assertEquals(exact, got, rules + " " + b.text() + ": a proven result and its distance");
            }
        }
        assertTrue(proven >= 10, "enough proven positions tried: " + proven);
    }

    /** A position of a random game with at most {@code maxOnBoard} seeds left on the board, or null. */
    static Board latePosition(RuleSet rules, SplittableRandom random, int maxOnBoard) {
        Board b = new Board(rules);
        while (!b.isOver() && b.seedsOnSide(0) + b.seedsOnSide(1) > maxOnBoard) {
            int mask = b.legalMask();
            int k = random.nextInt(Integer.bitCount(mask));
            while (k-- > 0) {
                mask &= mask - 1;
            }
            b.play(Integer.numberOfTrailingZeros(mask));
        }
        return b.isOver() ? null : b;
    }

    /** A position after {@code plies} random moves (with its history), or null if the game ended first. */
    static Board randomPosition(RuleSet rules, SplittableRandom random, int plies) {
        Board b = new Board(rules);
        for (int i = 0; i < plies; i++) {
            int mask = b.legalMask();
            if (mask == 0) {
                return null;
            }
            int k = random.nextInt(Integer.bitCount(mask));
            while (k-- > 0) {
                mask &= mask - 1;
            }
            b.play(Integer.numberOfTrailingZeros(mask));
        }
        assertFalse(b.ply() != plies);
        return b.isOver() ? null : b;
    }
}
