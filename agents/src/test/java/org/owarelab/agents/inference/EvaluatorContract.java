package org.owarelab.agents.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The checks every {@link Evaluator} passes: implement {@link #evaluator()} (a fresh one, closed
 * by the test) and {@link #rules()}. Positions come from seeded random playouts.
 */
public interface EvaluatorContract {
    /** A fresh evaluator for {@link #rules()}. */
    Evaluator evaluator();

    RuleSet rules();

    /** Tolerance between a batched and a one-by-one evaluation (network kernels may round differently per batch size). */
    default float batchTolerance() {
        return 0f;
    }

    /** {@code count} positions that are not over, from random games seeded by {@code seed}. */
    static List<Board> positions(RuleSet rules, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Board> out = new ArrayList<>();
        Board b = new Board(rules);
        while (out.size() < count) {
            if (b.isOver() || b.ply() > 200) {
                b = new Board(rules);
            }
            out.add(b.copy());
            int mask = b.legalMask();
            int k = random.nextInt(Integer.bitCount(mask));
            int m = mask;
            while (k-- > 0) {
                m &= m - 1;
            }
            b.play(Integer.numberOfTrailingZeros(m));
        }
        return out;
    }

    @Test
    default void priorsAreDistributionsOverTheLegalMovesAndValuesLieInRange() {
        List<Board> boards = positions(rules(), 40, 11);
        try (Evaluator e = evaluator()) {
            int n = e.actions();
            assertEquals(rules().houses(), n);
            float[] priors = new float[boards.size() * n];
            float[] values = new float[boards.size()];
            e.evaluate(boards.toArray(new Board[0]), boards.size(), priors, values);
            for (int i = 0; i < boards.size(); i++) {
                int mask = boards.get(i).legalMask();
                double sum = 0;
                for (int m = 0; m < n; m++) {
                    float p = priors[i * n + m];
                    assertTrue(p >= 0 && Float.isFinite(p), "prior " + p);
                    if ((mask >>> m & 1) == 0) {
                        assertEquals(0f, p, "illegal move " + m + " of " + boards.get(i).text());
                    }
                    sum += p;
                }
                assertEquals(1.0, sum, 1e-5, "priors of " + boards.get(i).text());
                assertTrue(values[i] >= -1 && values[i] <= 1, "value " + values[i]);
            }
        }
    }

    @Test
    default void batchedCallEqualsOneCallPerBoardAndLeavesBoardsUnchanged() {
        List<Board> boards = positions(rules(), 17, 5);
        long[] hashes = boards.stream().mapToLong(Board::hash).toArray();
        try (Evaluator e = evaluator()) {
            int n = e.actions();
            float[] priors = new float[boards.size() * n];
            float[] values = new float[boards.size()];
            e.evaluate(boards.toArray(new Board[0]), boards.size(), priors, values);
            float[] p1 = new float[n];
            float[] v1 = new float[1];
            for (int i = 0; i < boards.size(); i++) {
                assertEquals(hashes[i], boards.get(i).hash(), "board changed");
                e.evaluate(new Board[] {boards.get(i)}, 1, p1, v1);
                for (int m = 0; m < n; m++) {
                    assertEquals(priors[i * n + m], p1[m], batchTolerance(), "prior of move " + m + " of board " + i);
                }
                assertEquals(values[i], v1[0], batchTolerance(), "value of board " + i);
            }
        }
    }
}
