package org.owarelab.evaluation.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Do the 95% intervals hold the true Elo about 95% of the time? Seeded simulations of small
 * round robins with known ratings (relative to the anchor p0).
 */
class EloCoverageTest {
    private static final double[] TRUE_ELO = {0, 80, 200, 350};

    private static double coverage(EloOptions options, int tournaments, int gamesPerPair, double drawRate, long seed) {
        SimulatedGames sim = new SimulatedGames(seed, drawRate);
        int inside = 0;
        int total = 0;
        for (int t = 0; t < tournaments; t++) {
            EloRatings r = BradleyTerry.fit(sim.roundRobin(TRUE_ELO, gamesPerPair), options);
            for (int i = 1; i < TRUE_ELO.length; i++) {
                Rating x = r.rating("p" + i);
                inside += x.lo() <= TRUE_ELO[i] && TRUE_ELO[i] <= x.hi() ? 1 : 0;
                total++;
            }
        }
        return (double) inside / total;
    }

    @Test
    void informationIntervalsCoverAbout95Percent() {
        // 300 tournaments x 3 ratings: the binomial sd of the coverage is ~0.7 points.
        double c = coverage(EloOptions.defaults().withAnchor("p0", 0), 300, 60, 0, 11);
        assertTrue(c > 0.925 && c < 0.975, "coverage " + c);
    }

    @Test
    void informationIntervalsAreConservativeWithDraws() {
        // 40% draws: the score's variance is 0.15 per game, not the binomial 0.25, so the
        // interval is sqrt(0.25 / 0.15) = 1.29 times too wide: a nominal 95% covers ~99%.
        double c = coverage(EloOptions.defaults().withAnchor("p0", 0), 300, 60, 0.4, 12);
        assertTrue(c > 0.975, "coverage " + c);
    }

    @Test
    void bootstrapIntervalsCoverAbout95PercentWithDraws() {
        double c = coverage(EloOptions.defaults().withAnchor("p0", 0).withBootstrap(200, 5), 100, 60, 0.4, 13);
        assertTrue(c > 0.90 && c < 0.99, "coverage " + c);
    }
}
