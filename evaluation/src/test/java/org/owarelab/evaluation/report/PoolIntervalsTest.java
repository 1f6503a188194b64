package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.GameTables;
import org.owarelab.evaluation.stats.BradleyTerry;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.EloRatings;
import org.owarelab.evaluation.stats.Rating;

class PoolIntervalsTest {
    @TempDir
    Path dir;

    @Test
    void poolIntervalsAreTheMeanAnchoredFitShiftedToTheAnchor() throws Exception {
        String[] players = {"random", "a", "b", "c"};
        var games = SyntheticTournament.games(players, new double[] {0, 500, 650, 800}, 10, 0.1, 8);
        MatchRecords.write(dir.resolve(MatchRecords.FILE), games);
        ReportData pool = Report.load(dir, EloOptions.defaults(), false, true);
        ReportData anchored = Report.load(dir, EloOptions.defaults(), false, false);
        EloRatings mean = BradleyTerry.fit(GameTables.crosstable(games), EloOptions.defaults().withAnchor(null, 0));
        double shift = -mean.rating("random").elo();
        for (Rating r : pool.ratings()) {
            Rating m = mean.rating(r.player());
            assertEquals(m.elo() + shift, r.elo(), 1e-9, r.player());
            assertEquals(m.lo() + shift, r.lo(), 1e-9, r.player());
            assertEquals(m.hi() + shift, r.hi(), 1e-9, r.player());
            // The same Elo as anchoring on random directly: only the intervals differ.
            Rating a = anchored.ratings().stream().filter(x -> x.player().equals(r.player())).findFirst().orElseThrow();
            assertEquals(a.elo(), r.elo(), 1e-6, r.player());
        }
        Rating random = pool.ratings().get(pool.ratings().size() - 1);
        assertEquals("random", random.player());
        assertEquals(0, random.elo(), 1e-9);
        assertTrue(random.lo() < 0 && random.hi() > 0, "the anchor has its own interval");
        Rating best = pool.ratings().get(0);
        Rating bestAnchored = anchored.ratings().get(0);
        assertTrue(best.hi() - best.lo() < bestAnchored.hi() - bestAnchored.lo(),
                "far from a weakly linked anchor, the pool interval is the narrower");
        assertTrue(pool.notes().get(0).contains("shifted by the same amount so that 'random' = 0"), pool.notes().get(0));
        assertEquals(List.of("c", "b", "a", "random"), pool.ratings().stream().map(Rating::player).toList());
    }
}
