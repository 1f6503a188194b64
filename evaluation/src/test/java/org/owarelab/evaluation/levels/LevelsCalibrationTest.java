package org.owarelab.evaluation.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.evaluation.stats.Rating;

class LevelsCalibrationTest {
    private static final List<Rating> CALIBRATION = List.of(
            new Rating("strong:sims=8", 702.4, 650.2, 749.6, 400, 0.7),
            new Rating("random", 0, 0, 0, 200, 0.1),
            new Rating("strong:sims=1,temp=4", 99.6, 40.5, 160.1, 400, 0.4),
            new Rating("alphabeta:depth=2", 380, 330, 430, 400, 0.5));

    @Test
    void levelsAreThePlayersOfTheNameWithTheirRoundedRatingsTheRestAreReferences() {
        List<LevelsCalibration.Found> found = LevelsCalibration.levels(CALIBRATION, "strong");
        assertEquals(2, found.size());
        assertEquals(new StrengthLevels.Level(100, 40, 161, 1, 4), found.get(0).level(), "the interval rounded outwards");
        assertEquals(new StrengthLevels.Level(702, 650, 750, 8, 0), found.get(1).level());
        assertEquals("strong:sims=1,temp=4", found.get(0).spec());
        assertEquals(List.of("random", "alphabeta:depth=2"),
                LevelsCalibration.references(CALIBRATION, "strong").stream().map(Rating::player).toList());
        assertThrows(IllegalArgumentException.class, () -> LevelsCalibration.levels(CALIBRATION, "other"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LevelsCalibration.levels(
                List.of(new Rating("strong:sims=8,c=2", 1, 0, 2, 1, 0.5)), "strong"));
        assertTrue(e.getMessage().contains("not c"), e.getMessage());
    }

    @Test
    void aLevelPassesWhenItsMeasuredEloLiesWithinItsClaimedInterval() {
        StrengthLevels levels = new StrengthLevels(new ArrayList<>(LevelsCalibration.levels(CALIBRATION, "strong")
                .stream().map(LevelsCalibration.Found::level).toList()));
        List<Rating> second = List.of(
                new Rating("strong:elo=702", 745, 700, 790, 400, 0.7),       // within [650, 750]
                new Rating("strong:sims=1,temp=4", 170, 110, 230, 400, 0.4),   // above 161: outside
                new Rating("random", 0, 0, 0, 200, 0.1));
        List<LevelsCalibration.Checked> rows = LevelsCalibration.check(levels, second, "strong");
        assertEquals(2, rows.size());
        assertEquals(100, rows.get(0).claim().elo());
        assertFalse(rows.get(0).passes());
        assertTrue(rows.get(0).row().contains("**no**"), rows.get(0).row());
        assertEquals(702, rows.get(1).claim().elo());
        assertTrue(rows.get(1).passes());
        assertEquals("| strong:elo=702 | 702 [650, 750] | 745 [700, 790] | 400 | yes |", rows.get(1).row());
        // strong:elo=N names the level nearest N, as the player plays it.
        assertEquals(702, LevelsCalibration.check(levels, List.of(new Rating("strong:elo=500", 600, 550, 650, 10, 0.5)),
                "strong").get(0).claim().elo());
        assertThrows(IllegalArgumentException.class, () -> LevelsCalibration.check(levels,
                List.of(new Rating("strong:sims=3", 1, 0, 2, 1, 0.5)), "strong"), "no level plays 3 simulations");
        assertThrows(IllegalArgumentException.class, () -> LevelsCalibration.check(levels,
                List.of(new Rating("random", 0, 0, 0, 1, 0.5)), "strong"), "no level played");
    }
}
