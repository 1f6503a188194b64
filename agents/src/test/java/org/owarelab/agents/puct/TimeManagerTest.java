package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.TimeControl;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** The clock rules of a PUCT search ({@link TimeManager}) and the schedule they start from ({@link TimeControl}). */
class TimeManagerTest {
    @Test
    void theScheduleStretchesToTwoAndAHalfTimesThePlannedTimeWithinHalfTheClockLeft() {
        assertEquals(3000 + 750, TimeControl.perMoveMillis(60_000, 1000, 0)); // 60000/20 + 3/4 of 1000
        assertEquals((3000 + 750) * 5 / 2, TimeControl.maxMoveMillis(60_000, 1000, 0));
        // Little on the clock: half of what is left beyond the reserve caps the stretch.
        long planned = TimeControl.perMoveMillis(1000, 500, 0); // 50 + 375 = 425, reserve 100 -> cap 900
        assertEquals(425, planned);
        assertEquals(450, TimeControl.maxMoveMillis(1000, 500, 0)); // (1000 - 100) / 2
        // The last move before the control takes all but the reserve and is never stretched.
        assertEquals(TimeControl.perMoveMillis(10_000, 0, 1), TimeControl.maxMoveMillis(10_000, 0, 1));
        SearchLimit l = SearchLimit.clock(60_000, 1000, 0);
        assertEquals(3750, l.movetimeMillis());
        assertEquals(9375, l.maxMillis());
        assertEquals(9375, l.hardMillis());
        assertEquals(500, SearchLimit.movetime(500).hardMillis(), "without a clock the move time is the limit");
    }

    @Test
    void smartPruningStopsOnceTheRunnerUpCannotCatchUp() {
        // 600 visits against 200, 100 ms of 1000 planned left at 3 simulations per ms: 200 + 300 < 600.
        assertTrue(TimeManager.shouldStop(900, 1000, 2500, 600, 200, 3.0, 10));
        // 200 ms left: 200 + 600 >= 600, it could still change.
        assertFalse(TimeManager.shouldStop(800, 1000, 2500, 600, 200, 3.0, 10));
        assertTrue(TimeManager.cannotChange(10, 0, 9.5));
        assertFalse(TimeManager.cannotChange(10, 0, 10));
        assertFalse(TimeManager.cannotChange(0, 0, 0), "nothing searched yet");
    }

    @Test
    void atThePlannedTimeOnlyAnUnsureSearchGoesOnAndNeverPastTheMost() {
        // Sure (clear lead, best move stable since early): stops at the planned time.
        assertTrue(TimeManager.shouldStop(1000, 1000, 2500, 1000, 500, 1e9 / 1e9, 100));
        // Top two close (second >= 0.7 of the first): goes on, with smart pruning against the most time.
        assertFalse(TimeManager.shouldStop(1000, 1000, 2500, 1000, 700, 1.0, 100));
        // The best move changed late (after half of the time spent): goes on.
        assertFalse(TimeManager.shouldStop(1000, 1000, 2500, 1000, 100, 1.0, 600));
        assertTrue(TimeManager.unsure(1000, 1000, 100, 501));
        assertFalse(TimeManager.unsure(1000, 1000, 100, 500));
        // The most time ends every search.
        assertTrue(TimeManager.shouldStop(2500, 1000, 2500, 1000, 999, 1.0, 2400));
        // Before the planned time a close race is no reason to stop.
        assertFalse(TimeManager.shouldStop(500, 1000, 2500, 300, 290, 1.0, 10));
    }

    @Test
    void theTargetGivesBackWhatEarlyStopsSaveWithinThePlannedAndTheMostTime() {
        assertEquals(1429, TimeManager.target(1000, 2500, 0.7)); // 1000 / 0.7
        assertEquals(1000, TimeManager.target(1000, 2500, 1.0));
        assertEquals(1000, TimeManager.target(1000, 2500, 1.6), "never below the planned time");
        assertEquals(2500, TimeManager.target(1000, 2500, 0.1), "share clamped to 0.4: 2500");
        assertEquals(1200, TimeManager.target(1000, 1200, 0.5), "never past the most time");
        assertEquals(0.7 * 0.9 + 0.1 * 0.5, TimeManager.nextSpend(0.7, 500, 1000), 1e-12);
        assertEquals(0.9 * 0.5 + 0.1 * 2.0, TimeManager.nextSpend(0.5, 9000, 1000), 1e-12, "a stretch counts at most twice");
    }

    @Test
    void movesThatStopAtHalfTheirTargetEndUpSpendingThePlannedTime() {
        double spend = TimeManager.INITIAL_SPEND;
        long used = 0;
        for (int move = 0; move < 200; move++) {
            long target = TimeManager.target(1000, 2500, spend);
            used = target / 2;
            spend = TimeManager.nextSpend(spend, used, target);
        }
        assertEquals(0.5, spend, 1e-3);
        assertEquals(1000, used, 2, "half of a target twice the planned time: the plain schedule's spend");
    }

    /** Runs one leaf per step, the clock advancing one unit per step, until the monitor stops; returns the units spent. */
    private static long search(Evaluator ev, long planned, long max) {
        Tree tr = new Tree(RuleSet.DEFAULT, PuctConfig.DEFAULT, 1, 64, 100_000);
        tr.reset(new Board(), new SplittableRandom(1));
        tr.beginSearch(1_000_000, false);
        long[] now = {0};
        TimeManager.Monitor m = new TimeManager.Monitor(SearchMonitor.NONE, tr, 0, planned, max, () -> now[0]);
        LockstepSearch ls = new LockstepSearch(ev, 1);
        Tree[] one = {tr};
        while (tr.searching()) {
            ls.step(one, 1);
            now[0]++;
            if (m.stopRequested()) {
                break;
            }
        }
        return now[0];
    }

    @Test
    void aSettledSearchStopsBeforeItsPlannedTimeAndAnEvenOneRunsToItsMost() {
        long settled = search(new DominantEvaluator(6), 2000, 5000);
        assertTrue(settled < 2000, "a dominant move stops early: after " + settled + " of 2000 planned");
        assertTrue(settled > 1000, "not before the lead outruns what is left: " + settled);
        // Uniform priors and values: the root's moves stay close, so the search takes its most time.
        assertEquals(5000, search(new UniformEvaluator(6), 2000, 5000));
    }
}
