package org.owarelab.evaluation.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SprtTest {
    private static final Sprt GATE = new Sprt(0, 30, 0.05, 0.05);

    @Test
    void theCommandLinesFormReadsTwoOrFourNumbersWithDefaultErrorRates() {
        assertEquals(new Sprt(0, 20, 0.05, 0.05), Sprt.parse("0,20"));
        assertEquals(new Sprt(-5, 5, 0.1, 0.2), Sprt.parse(" -5, 5 ,0.1,0.2"));
        assertEquals("expected 2 or 4 numbers", assertThrows(IllegalArgumentException.class,
                () -> Sprt.parse("0,20,0.05")).getMessage());
        assertThrows(NumberFormatException.class, () -> Sprt.parse("0,x"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Sprt.parse("20,0")).getMessage()
                .contains("elo0 < elo1"));
    }

    @Test
    void waldBounds() {
        assertEquals(-Math.log(19), GATE.lowerBound(), 1e-12);
        assertEquals(Math.log(19), GATE.upperBound(), 1e-12);
        Sprt asym = new Sprt(0, 10, 0.01, 0.2);
        assertEquals(Math.log(0.2 / 0.99), asym.lowerBound(), 1e-12);
        assertEquals(Math.log(0.8 / 0.01), asym.upperBound(), 1e-12);
    }

    @Test
    void withoutDrawsTheLlrIsTheBinomialOne() {
        // With only wins and losses the constrained MLE is Bernoulli(s) exactly.
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        double s0 = 0.5;
        double s1 = 1 / (1 + Math.pow(10, -10 / 400.0));
        double expected = 60 * Math.log(s1 / s0) + 40 * Math.log((1 - s1) / (1 - s0));
        assertEquals(expected, sprt.llr(new WinDrawLoss(60, 0, 40)), 1e-10);
    }

    @Test
    void symmetricDataBetweenSymmetricHypothesesGiveZero() {
        Sprt sprt = new Sprt(-10, 10, 0.05, 0.05);
        assertEquals(0, sprt.llr(new WinDrawLoss(30, 40, 30)), 1e-10);
        assertEquals(0, sprt.llr(Pentanomial.of(3, 10, 20, 10, 3)), 1e-10);
        assertEquals(0, sprt.llr(WinDrawLoss.NONE), 0);
    }

    @Test
    void agreesWithTheNormalApproximationOnALargeSample() {
        // LLR ~ N (s1 - s0) (2 mean - s0 - s1) / (2 var) for close hypotheses.
        WinDrawLoss w = new WinDrawLoss(3100, 4000, 2900);
        Sprt sprt = new Sprt(0, 5, 0.05, 0.05);
        double s0 = 0.5;
        double s1 = ScoreInterval.expectedScore(5);
        double mean = w.score();
        double var = (3100 * Math.pow(1 - mean, 2) + 4000 * Math.pow(0.5 - mean, 2) + 2900 * mean * mean) / 10000;
        double approx = 10000 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
        assertEquals(approx, sprt.llr(w), Math.abs(approx) * 0.02);
    }

    @Test
    void acceptsAClearlyBetterCandidateAndRejectsAWorseOne() {
        assertEquals(Sprt.Decision.ACCEPT, runGames(GATE, 120, 0.3, 1).decision());
        assertEquals(Sprt.Decision.REJECT, runGames(GATE, -60, 0.3, 2).decision());
        assertEquals(Sprt.Decision.ACCEPT, runPairs(GATE, 120, 3).decision());
        assertEquals(Sprt.Decision.REJECT, runPairs(GATE, -60, 4).decision());
    }

    @Test
    void continuesOnShortStreams() {
        Sprt.Result r = GATE.test(new WinDrawLoss(6, 2, 4));
        assertEquals(Sprt.Decision.CONTINUE, r.decision());
        assertEquals(12, r.samples());
        assertEquals(Sprt.Decision.CONTINUE, GATE.test(Pentanomial.of(0, 1, 3, 2, 0)).decision());
        // Only wins so far: regularized, finite, and five wins do not settle a 30-Elo question.
        Sprt.Result wins = GATE.test(new WinDrawLoss(5, 0, 0));
        assertTrue(Double.isFinite(wins.llr()) && wins.llr() > 0);
        assertEquals(Sprt.Decision.CONTINUE, wins.decision());
    }

    @Test
    void errorRatesAreAboutAlphaAndBeta() {
        // 150 tests at each hypothesis with alpha = beta = 0.05: a binomial(150, 0.05) exceeds 16 wrong
        // decisions with probability < 0.001 (SPRT overshoot only makes the real rates smaller).
        Sprt sprt = new Sprt(0, 60, 0.05, 0.05);
        int falseAccepts = 0;
        int falseRejects = 0;
        for (int t = 0; t < 150; t++) {
            falseAccepts += runGames(sprt, 0, 0.2, 100 + t).decision() == Sprt.Decision.ACCEPT ? 1 : 0;
            falseRejects += runGames(sprt, 60, 0.2, 1000 + t).decision() == Sprt.Decision.REJECT ? 1 : 0;
        }
        assertTrue(falseAccepts <= 16, "false accepts " + falseAccepts);
        assertTrue(falseRejects <= 16, "false rejects " + falseRejects);
    }

    @Test
    void badParametersAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Sprt(10, 0, 0.05, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new Sprt(0, 10, 0, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new Sprt(0, 10, 0.6, 0.5));
    }

    /** Plays games one by one, testing after each, as a training loop would. */
    private static Sprt.Result runGames(Sprt sprt, double trueElo, double drawRate, long seed) {
        SimulatedGames sim = new SimulatedGames(seed, drawRate);
        WinDrawLoss w = WinDrawLoss.NONE;
        Sprt.Result r = sprt.test(w);
        while (r.decision() == Sprt.Decision.CONTINUE && w.games() < 100_000) {
            w = w.plus(sim.game(trueElo));
            r = sprt.test(w);
        }
        return r;
    }

    /** Pairs whose two games share a bias: the opening favours the first game's side by 100 Elo. */
    private static Sprt.Result runPairs(Sprt sprt, double trueElo, long seed) {
        SimulatedGames sim = new SimulatedGames(seed, 0.2);
        Pentanomial p = Pentanomial.NONE;
        Sprt.Result r = sprt.test(p);
        while (r.decision() == Sprt.Decision.CONTINUE && p.pairs() < 50_000) {
            p = p.plus(sim.game(trueElo + 100), sim.game(trueElo - 100));
            r = sprt.test(p);
        }
        return r;
    }
}
