package org.owarelab.agents.alphabeta.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.alphabeta.EvalTerms;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The fit recovers weights that generated the results: positions of random games are labelled
 * win or loss for the side to move with probability sigmoid(K x eval) under known weights, and
 * the fitted weights must come back near them and fit better than the defaults.
 */
class EvalFitTest {
    private static final int[] TRUE_WEIGHTS = {150, 60, -20, 120, 10};
    private static final double K = 0.004;

    /** Positions of seeded random games, labelled by the true model; every tenth game held out. */
    private static EvalFit synthetic(long seed, int games, boolean flip) {
        EvalTerms terms = new EvalTerms(RuleSet.DEFAULT);
        SplittableRandom r = new SplittableRandom(seed);
        EvalFit fit = new EvalFit();
        int[] t = new int[EvalFit.TERMS];
        for (int g = 0; g < games; g++) {
            Board b = new Board();
            while (!b.isOver()) {
                terms.of(b, t);
                double e = 100.0 * t[0];
                for (int j = 1; j < t.length; j++) {
                    e += TRUE_WEIGHTS[j - 1] * t[j];
                }
                boolean win = r.nextDouble() < 1 / (1 + Math.exp(-K * e));
                fit.add(t, win != flip ? 1 : 0, g % 10 == 0);
                int mask = b.legalMask();
                int k = r.nextInt(Integer.bitCount(mask));
                while (k-- > 0) {
                    mask &= mask - 1;
                }
                b.play(Integer.numberOfTrailingZeros(mask));
            }
        }
        return fit;
    }

    @Test
    void recoversTheWeightsThatMadeTheResults() {
        EvalFit fit = synthetic(7, 6000, false);
        assertTrue(fit.positions() > 200_000, "positions: " + fit.positions());
        EvalFit.Result r = fit.fit();
        assertEquals(fit.positions() - fit.validationPositions(), r.positions());
        for (int j = 0; j < TRUE_WEIGHTS.length; j++) {
            assertEquals(TRUE_WEIGHTS[j], r.weights()[j], 12, EvalTerms.NAMES.get(j + 1) + " in " + r.spec());
        }
        assertEquals(K, r.fitted().scale(), 0.0004, "the scale");
        assertTrue(r.fitted().logLoss() < r.defaults().logLoss(), "better than the defaults on the fitted positions");
        assertTrue(r.fitted().validationLogLoss() < r.defaults().validationLogLoss(), "and on the held-out ones");
        assertTrue(r.fitted().mse() < r.defaults().mse());
        assertEquals(r.spec(), EvalTerms.spec(r.weights()));
    }

    @Test
    void resultsThatFallWithMaterialAreAnError() {
        EvalFit fit = synthetic(9, 400, true);
        IllegalStateException e = assertThrows(IllegalStateException.class, fit::fit);
        assertTrue(e.getMessage().contains("do not rise with material"), e.getMessage());
    }

    @Test
    void badPositionsAndTooFewAreErrors() {
        EvalFit fit = new EvalFit();
        int[] t = new int[EvalFit.TERMS];
        assertThrows(IllegalArgumentException.class, () -> fit.add(t, 0.7, false));
        t[2] = 200;
        assertThrows(IllegalArgumentException.class, () -> fit.add(t, 1, false));
        t[2] = 1;
        fit.add(t, 1, false);
        assertTrue(assertThrows(IllegalStateException.class, fit::fit).getMessage().contains("too few positions"));
    }

    @Test
    void addGameReplaysTheMovesAndAddsEachPositionFromMinPly() {
        EvalFit fit = new EvalFit();
        fit.addGame(new Board(), "DaBd", 0, 0, false);
        assertEquals(5, fit.positions(), "the start and the position after each of 4 moves");
        fit.addGame(new Board(), "DaBd", -1, 2, true);
        assertEquals(8, fit.positions(), "from ply 2: 3 more");
        assertEquals(3, fit.validationPositions());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fit.addGame(new Board(), "DaXd", 1, 0, false));
        assertTrue(e.getMessage().startsWith("move 3 'X': "), e.getMessage());
    }
}
