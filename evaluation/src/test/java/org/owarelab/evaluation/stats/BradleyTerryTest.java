package org.owarelab.evaluation.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Worked examples with closed-form answers for the Bradley-Terry Elo fit. */
class BradleyTerryTest {
    private static final double LOG10_3 = Math.log10(3);
    private static final EloOptions PLAIN = EloOptions.defaults().withVirtualDraws(0);

    private static Crosstable table(Object... rows) {
        Crosstable t = new Crosstable();
        for (int r = 0; r < rows.length; r += 5) {
            t.add((String) rows[r], (String) rows[r + 1],
                    new WinDrawLoss((Integer) rows[r + 2], (Integer) rows[r + 3], (Integer) rows[r + 4]));
        }
        return t;
    }

    @Test
    void seventyFivePercentIsExactly400Log10Of3() {
        EloRatings r = BradleyTerry.fit(table("a", "random", 300, 0, 100), PLAIN);
        assertEquals(400 * LOG10_3, r.rating("a").elo(), 1e-9);
        assertEquals(0, r.rating("random").elo(), 0);
        assertEquals(0.75, r.rating("a").score(), 0);
        assertEquals(400, r.rating("a").games());
    }

    @Test
    void drawsCountHalfAWinSoOnlyTheScoreMatters() {
        // 250 + 100/2 = 300 points of 400: the same 75% as 300-100.
        EloRatings r = BradleyTerry.fit(table("a", "random", 250, 100, 50), PLAIN);
        assertEquals(400 * LOG10_3, r.rating("a").elo(), 1e-9);
    }

    @Test
    void consistentTransitiveTriangleIsReproducedExactly() {
        // Odds 3:1, 3:1 and 9:1 fit a Bradley-Terry model exactly: c=0, b=400 log10 3, a=800 log10 3.
        Crosstable t = table("a", "b", 300, 0, 100, "b", "c", 300, 0, 100, "a", "c", 360, 0, 40);
        EloRatings r = BradleyTerry.fit(t, PLAIN.withAnchor("c", 0));
        assertEquals(800 * LOG10_3, r.rating("a").elo(), 1e-9);
        assertEquals(400 * LOG10_3, r.rating("b").elo(), 1e-9);
    }

    @Test
    void aChainDecouplesIntoItsPairs() {
        // On a tree every pair's own score is matched exactly: b-c 80% (odds 4), a-b 60% (odds 1.5).
        EloRatings r = BradleyTerry.fit(table("a", "b", 60, 0, 40, "b", "c", 35, 10, 5), PLAIN.withAnchor("c", 0));
        assertEquals(400 * Math.log10(4), r.rating("b").elo(), 1e-9);
        assertEquals(400 * Math.log10(4) + 400 * Math.log10(1.5), r.rating("a").elo(), 1e-9);
    }

    @Test
    void symmetricResultsGiveEqualRatings() {
        Crosstable cycle = table("a", "b", 60, 0, 40, "b", "c", 60, 0, 40, "c", "a", 60, 0, 40);
        EloRatings r = BradleyTerry.fit(cycle, PLAIN.withAnchor("a", 0));
        assertEquals(0, r.rating("b").elo(), 1e-9);
        assertEquals(0, r.rating("c").elo(), 1e-9);
        EloRatings even = BradleyTerry.fit(table("a", "b", 7, 6, 7), EloOptions.defaults().withAnchor(null, 0));
        assertEquals(0, even.rating("a").elo(), 1e-9);
        assertEquals(0, even.rating("b").elo(), 1e-9);
    }

    @Test
    void expectedScoreEqualsActualScoreForEveryPlayer() {
        // The likelihood equations of the model: an independent check on an irregular tournament.
        Crosstable t = table("a", "b", 13, 4, 9, "a", "c", 20, 1, 3, "b", "c", 11, 6, 7, "c", "d", 9, 2, 5,
                "a", "d", 8, 8, 8, "b", "d", 3, 3, 12);
        EloRatings r = BradleyTerry.fit(t, PLAIN.withAnchor("d", 0));
        for (int i = 0; i < t.size(); i++) {
            double expected = 0;
            for (int j = 0; j < t.size(); j++) {
                double diff = r.ratings().get(j).elo() - r.ratings().get(i).elo();
                expected += t.wdl(i, j).games() / (1 + Math.pow(10, diff / 400));
            }
            assertEquals(t.total(i).points(), expected, 1e-8, t.players().get(i));
        }
    }

    @Test
    void anchoringShiftsEveryRatingByTheSameAmount() {
        Crosstable t = table("a", "b", 13, 4, 9, "a", "c", 20, 1, 3, "b", "c", 11, 6, 7);
        EloRatings onC = BradleyTerry.fit(t, EloOptions.defaults().withAnchor("c", 1000));
        EloRatings onB = BradleyTerry.fit(t, EloOptions.defaults().withAnchor("b", 0));
        EloRatings onMean = BradleyTerry.fit(t, EloOptions.defaults().withAnchor(null, 1500));
        double shift = onC.rating("b").elo() - onB.rating("b").elo();
        double mean = 0;
        for (String p : t.players()) {
            assertEquals(shift, onC.rating(p).elo() - onB.rating(p).elo(), 1e-9);
            mean += onMean.rating(p).elo() / 3;
        }
        assertEquals(1000, onC.rating("c").elo(), 1e-12);
        assertEquals(1500, mean, 1e-9);
        // The anchor's interval is a point; everyone's interval is relative to it.
        assertEquals(onC.rating("c").lo(), onC.rating("c").hi(), 1e-12);
    }

    @Test
    void informationIntervalMatchesTheDeltaMethodForTwoPlayers() {
        // Var(theta) = 1 / (n p (1 - p)) for one pair: n = 400, p = 0.75.
        EloRatings r = BradleyTerry.fit(table("a", "random", 300, 0, 100), PLAIN);
        double half = ScoreInterval.Z95 * BradleyTerry.ELO_PER_NAT / Math.sqrt(400 * 0.75 * 0.25);
        assertEquals(r.rating("a").elo() - half, r.rating("a").lo(), 1e-6);
        assertEquals(r.rating("a").elo() + half, r.rating("a").hi(), 1e-6);
        // Anchoring the mean instead splits the difference's variance: each gets a quarter.
        EloRatings m = BradleyTerry.fit(table("a", "random", 300, 0, 100), PLAIN.withAnchor(null, 0));
        assertEquals(half / 2, m.rating("a").hi() - m.rating("a").elo(), 1e-6);
        assertEquals(-400 * LOG10_3 / 2, m.rating("random").elo(), 1e-9);
    }

    @Test
    void virtualDrawsMakePerfectScoresFinite() {
        // One virtual draw turns 10-0 into 10.5 : 0.5, odds 21.
        EloRatings r = BradleyTerry.fit(table("a", "random", 10, 0, 0), EloOptions.defaults());
        assertEquals(400 * Math.log10(21), r.rating("a").elo(), 1e-9);
        assertTrue(Double.isFinite(r.rating("a").lo()) && r.rating("a").lo() > 0);
        assertEquals(1.0, r.rating("a").score(), 0);
        EloRatings big = BradleyTerry.fit(table("a", "random", 300, 0, 100), EloOptions.defaults());
        assertEquals(400 * Math.log10(300.5 / 100.5), big.rating("a").elo(), 1e-9);
    }

    @Test
    void perfectScoreWithoutVirtualDrawsNamesTheGroup() {
        Crosstable t = table("a", "b", 5, 0, 5, "b", "c", 10, 0, 0, "a", "c", 3, 0, 0);
        ComparisonGraphException e = assertThrows(ComparisonGraphException.class,
                () -> BradleyTerry.fit(t, PLAIN.withAnchor("c", 0)));
        assertTrue(e.getMessage().contains("[a, b] won every game against [c]"), e.getMessage());
        Crosstable lost = table("a", "b", 5, 0, 5, "c", "a", 0, 0, 4);
        ComparisonGraphException l = assertThrows(ComparisonGraphException.class,
                () -> BradleyTerry.fit(lost, PLAIN.withAnchor("c", 0)));
        assertTrue(l.getMessage().contains("[c] lost every game") || l.getMessage().contains("[a, b] won every"),
                l.getMessage());
    }

    @Test
    void disconnectedPlayersAreAnErrorNamingTheGroups() {
        Crosstable t = table("a", "b", 5, 0, 5, "c", "d", 3, 1, 2);
        ComparisonGraphException e = assertThrows(ComparisonGraphException.class,
                () -> BradleyTerry.fit(t, EloOptions.defaults().withAnchor("a", 0)));
        assertTrue(e.getMessage().contains("[[a, b], [c, d]]"), e.getMessage());
    }

    @Test
    void unknownAnchorIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BradleyTerry.fit(table("a", "b", 1, 0, 1), EloOptions.defaults()));
        assertTrue(e.getMessage().contains("anchor 'random'"), e.getMessage());
    }

    @Test
    void bootstrapIsSeededAndAgreesWithTheInformationWithoutDraws() {
        Crosstable t = table("a", "random", 300, 0, 100, "b", "random", 200, 0, 200, "a", "b", 250, 0, 150);
        EloOptions boot = EloOptions.defaults().withBootstrap(400, 7);
        EloRatings b1 = BradleyTerry.fit(t, boot);
        EloRatings b2 = BradleyTerry.fit(t, boot);
        EloRatings info = BradleyTerry.fit(t, EloOptions.defaults());
        for (String p : new String[] {"a", "b"}) {
            assertEquals(b1.rating(p), b2.rating(p));
            assertEquals(info.rating(p).elo(), b1.rating(p).elo(), 0);
            double wInfo = info.rating(p).hi() - info.rating(p).lo();
            double wBoot = b1.rating(p).hi() - b1.rating(p).lo();
            assertEquals(1, wBoot / wInfo, 0.2, p);
        }
    }

    @Test
    void bootstrapSeesThatDrawsCarryLessVariance() {
        // 50% draws: the score's variance is half the binomial's, so the interval is ~1/sqrt(2) as wide.
        Crosstable t = table("a", "random", 200, 200, 0, "b", "random", 100, 200, 100, "a", "b", 150, 200, 50);
        EloRatings boot = BradleyTerry.fit(t, EloOptions.defaults().withBootstrap(400, 3));
        EloRatings info = BradleyTerry.fit(t, EloOptions.defaults());
        double ratio = (boot.rating("b").hi() - boot.rating("b").lo()) / (info.rating("b").hi() - info.rating("b").lo());
        assertTrue(ratio > 0.55 && ratio < 0.85, "bootstrap/information width " + ratio);
    }
}
