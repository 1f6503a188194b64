package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.BruteForce;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

/**
 * The MCTS-solver and table-terminal leaves of {@link Tree}, checked against {@link BruteForce}
 * (a full-width search on the rules engine, history included) on a small board.
 */
class SolverTest {
    static final RuleSet TINY = RuleSet.parse("houses=3,seeds=3");
    static EndgameTable table;

    @BeforeAll
    static void buildTable() {
        table = new TableBuilder(TINY, 8, 1, s -> { }).build();
    }

    private static Tree solverTree(int leaves, boolean solver, EndgameTable t) {
        Tree tr = new Tree(TINY, PuctConfig.DEFAULT, leaves, 64, 200_000);
        tr.solver(solver, t);
        tr.batching(leaves, leaves > 1);
        return tr;
    }

    /** South to move, store 8 of 18: move 2 captures two seeds in North's first house (10 > 9 wins); move 0 captures nothing. */
    private static Board winInOne() {
        return new Board(new Position(TINY, new int[] {1, 0, 1, 1, 0, 3}, 8, 4, 0));
    }

    @Test
    void aWinInOneIsProvenPlayedAndEndsTheSearchEarly() {
        Tree tr = solverTree(1, true, null);
        tr.reset(winInOne(), new SplittableRandom(1));
        TreeTest.search(tr, new UniformEvaluator(3), 1000, false);
        assertEquals(1.0, tr.rootProof());
        assertTrue(tr.simulations() < 10, "stopped early: " + tr.simulations());
        assertEquals(2, tr.chooseMove(0));
        assertEquals(2, tr.chooseMove(1.0), "a proven win is played at any temperature");
        float[] policy = new float[3];
        tr.policy(policy);
        assertEquals(1f, policy[2], 1e-6f);

        Tree off = solverTree(1, false, null);
        off.reset(winInOne(), new SplittableRandom(1));
        TreeTest.search(off, new UniformEvaluator(3), 1000, false);
        assertTrue(Double.isNaN(off.rootProof()));
        assertEquals(1000, off.simulations(), "without the solver the search runs its budget");
    }

    @Test
    void provenResultsAgreeWithBruteForceAndProvenWinsArePlayed() {
        BruteForce oracle = new BruteForce(300_000);
        int proven = 0;
        int won = 0;
        int checkedNodes = 0;
        int withLostChild = 0;
        for (int g = 0; g < 60; g++) {
            Board b = TreeTest.randomGame(TINY, 100 + g, 12 + g % 30);
            if (b.isOver()) {
                continue;
            }
            int truth;
            try {
                truth = oracle.solve(b);
            } catch (BruteForce.BudgetExceeded e) {
                continue;
            }
            int leaves = g % 2 == 0 ? 1 : 8;
            Tree tr = solverTree(leaves, true, null);
            tr.reset(b, new SplittableRandom(g));
            TreeTest.search(tr, new UniformEvaluator(3), 3000, false);
            double p = tr.rootProof();
            int move = tr.chooseMove(0);
            int after;
            try {
                after = loses(oracle, b, move);
            } catch (BruteForce.BudgetExceeded e) {
                continue;
            }
            if (!Double.isNaN(p)) {
                proven++;
                assertEquals(truth, (int) p, "proof of " + b.text());
                if (p == 1.0) {
                    won++;
                    assertEquals(1, after, "the proven win is played at " + b.text());
                }
            }
            // A move proven lost is never played while another move does not lose.
            if (truth >= 0 && tr.lostMove(move)) {
                throw new AssertionError("played a proven-lost move at " + b.text());
            }
            // Selection never follows a proven-lost child at any unproven node.
            Nodes t = tr.t;
            for (int node = 0; node < t.size; node++) {
                if (t.state[node] != Nodes.EXPANDED || t.proof[node] != Nodes.UNPROVEN) {
                    continue;
                }
                boolean lostChild = false;
                for (int m = 0; m < 3; m++) {
                    int c = t.child[node * 3 + m];
                    lostChild |= c != Nodes.NONE && t.proof[c] == Nodes.WON;
                }
                if (!lostChild) {
                    continue;
                }
                withLostChild++;
                int m = node == 0 ? RootSelection.select(tr) : Selection.select(tr, node);
                int c = t.child[node * 3 + m];
                assertFalse(c != Nodes.NONE && t.proof[c] == Nodes.WON, "selected a proven-lost move at node " + node);
                checkedNodes++;
            }
        }
        assertTrue(proven >= 10, "roots proven: " + proven);
        assertTrue(won >= 3, "roots proven won: " + won);
        assertTrue(withLostChild >= 10 && checkedNodes == withLostChild, "nodes with a lost child: " + withLostChild);
    }

    /** The result for the mover of {@code b} after {@code move} under perfect play. */
    private static int loses(BruteForce oracle, Board b, int move) {
        Board c = b.copy();
        c.play(move);
        return c.isOver() ? -c.result(c.toMove()) : -oracle.solve(c);
    }

    @Test
    void tableDecidedLeavesNeverReachTheEvaluator() {
        long hits = 0;
        int calls = 0;
        for (int g = 0; g < 30; g++) {
            Board b = TreeTest.randomGame(TINY, 900 + g, 2 + g % 10);
            if (b.isOver()) {
                continue;
            }
            int rootPly = b.ply();
            boolean solver = g % 2 == 0;
            int[] seen = new int[1];
            Evaluator counting = new Evaluator() {
                final UniformEvaluator inner = new UniformEvaluator(3);

                @Override
                public int actions() {
                    return 3;
                }

                @Override
                public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                    for (int i = 0; i < count; i++) {
                        Board x = boards[i];
                        boolean decided = table.covers(x) && table.outcome(x) != EndgameTable.UNKNOWN;
                        assertFalse(x.ply() > rootPly && decided, "table-decided leaf evaluated: " + x.text());
                        seen[0]++;
                    }
                    inner.evaluate(boards, count, priors, values);
                }
            };
            Tree tr = solverTree(g % 3 == 0 ? 8 : 1, solver, table);
            tr.reset(b, new SplittableRandom(g));
            TreeTest.search(tr, counting, 300, false);
            hits += tr.tableHits();
            calls += seen[0];
        }
        assertTrue(hits > 100, "table hits: " + hits);
        assertTrue(calls > 0, "evaluations: " + calls);
    }

    /**
     * Positions where the mover has two or more winning moves whose final seed margins are known
     * exactly (the game ends, or the table's bounds meet) and differ: the winning move of the
     * largest margin, or -1 where the position does not qualify.
     */
    private static int mostSeedsAmongWins(Board b) {
        if (b.isOver() || !table.covers(b)) {
            return -1;
        }
        int[][] bounds = table.moveBounds(b);
        int store = b.store(b.toMove());
        int best = -1;
        int most = -1;
        int wins = 0;
        int least = Integer.MAX_VALUE;
        Board w = b.copy();
        for (int m = 0; m < bounds.length; m++) {
            if (bounds[m] == null) {
                continue;
            }
            w.play(m);
            // A game's end is worth its final stores (a win by the threshold leaves seeds on the board).
            int margin = w.isOver() ? w.finalStore(b.toMove()) - w.finalStore(1 - b.toMove())
                    : 2 * (store + bounds[m][0]) - TINY.totalSeeds();
            boolean exact = w.isOver() || bounds[m][0] == bounds[m][1];
            w.undo();
            if (!exact) {
                return -1;
            }
            if (margin > 0) {
                wins++;
                least = Math.min(least, margin);
                if (margin > most) {
                    most = margin;
                    best = m;
                }
            }
        }
        return wins >= 2 && least < most ? best : -1;
    }

    /** A position of at most 8 seeds on the board, both stores below the winning 10, either side to move. */
    private static Board randomEndgame(SplittableRandom r) {
        int n = 2 + r.nextInt(7);
        int[] houses = new int[6];
        for (int k = 0; k < n; k++) {
            houses[r.nextInt(6)]++;
        }
        int captured = TINY.totalSeeds() - n;
        int south = captured - 9 + r.nextInt(9 - (captured - 9) + 1);
        return new Board(new Position(TINY, houses, south, captured - south, r.nextInt(2)));
    }

    @Test
    void aMarginWeightPlaysTheWinThatKeepsMostSeeds() {
        int positions = 0;
        int plainElsewhere = 0;
        SplittableRandom draw = new SplittableRandom(77);
        for (int g = 0; g < 20_000 && positions < 40; g++) {
            Board b = randomEndgame(draw);
            int best = mostSeedsAmongWins(b);
            if (best < 0) {
                continue;
            }
            positions++;
            // The solver off: with it a proven root ends the search at its first proven win.
            Tree weighted = solverTree(g % 2 == 0 ? 8 : 1, false, null);
            weighted.solver(false, table, 0.25f);
            weighted.reset(b, new SplittableRandom(g));
            TreeTest.search(weighted, new UniformEvaluator(3), 400, false);
            assertEquals(best, weighted.chooseMove(0), "margin=0.25 on " + b.text());

            Tree plain = solverTree(g % 2 == 0 ? 8 : 1, false, table);
            plain.reset(b, new SplittableRandom(g));
            TreeTest.search(plain, new UniformEvaluator(3), 400, false);
            if (plain.chooseMove(0) != best) {
                plainElsewhere++;
            }
        }
        assertTrue(positions >= 10, "positions with wins of different sizes: " + positions);
        assertTrue(plainElsewhere > 0, "without the weight some search plays a smaller win ("
                + positions + " positions)");
    }

    @Test
    void aMarginWeightBeyondOneHalfIsRefused() {
        Tree tr = new Tree(TINY, PuctConfig.DEFAULT, 1, 64, 1000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tr.solver(false, table, 0.6f));
        assertTrue(e.getMessage().contains("expected a number in [0, 0.5]"), e.getMessage());
    }

    @Test
    void aTableForOtherRulesIsRefused() {
        Tree tr = new Tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 64, 1000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tr.solver(true, table));
        assertTrue(e.getMessage().contains("endgame table for rules"), e.getMessage());
    }

    @Test
    void solverInLockstepSelfPlayKeepsProofsConsistent() {
        // Many trees advanced together with virtual loss (as self-play runs): every proven root
        // agrees with brute force.
        BruteForce oracle = new BruteForce(2_000_000);
        Tree[] trees = new Tree[8];
        Board[] boards = new Board[8];
        for (int i = 0; i < trees.length; i++) {
            boards[i] = TreeTest.randomGame(TINY, 40 + i, 20 + 3 * i);
            trees[i] = new Tree(TINY, PuctConfig.DEFAULT, 4, 64, 100_000);
            trees[i].solver(true, null);
            trees[i].batching(4, false);
            trees[i].reset(boards[i], new SplittableRandom(i));
            trees[i].beginSearch(2000, false);
        }
        new LockstepSearch(new UniformEvaluator(3), 32).finish(trees, trees.length);
        int proven = 0;
        for (int i = 0; i < trees.length; i++) {
            double p = trees[i].rootProof();
            assertEquals(0, trees[i].virtualVisits());
            if (!Double.isNaN(p)) {
                proven++;
                try {
                    assertEquals(oracle.solve(boards[i]), (int) p, boards[i].text());
                } catch (BruteForce.BudgetExceeded e) {
                    proven--;
                }
            }
        }
        assertNotEquals(0, proven, "no root proven");
    }
}
