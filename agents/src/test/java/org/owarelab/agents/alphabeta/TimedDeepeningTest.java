package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.TimeControl;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Timed iterative deepening under a fake clock that advances one millisecond per reading (the
 * search reads it once per 1024 nodes and once per iteration), so every cut falls on the same
 * node in every run and nothing depends on real time: the search uses its whole time (it starts
 * iterations it cannot finish), stops within the move time, and plays a cut iteration's move
 * exactly when that move beat the iteration's first move.
 */
class TimedDeepeningTest {
    private static final long MS = 1_000_000L;

    /** One millisecond per reading, from an arbitrary negative origin (System.nanoTime may be negative too). */
    private static LongSupplier fakeClock() {
        long[] now = {-5_000 * MS};
        return () -> now[0] += MS;
    }

    private static AlphaBetaAgent agent() {
        return new AlphaBetaAgent(AlphaBetaConfig.DEFAULT, RuleSet.DEFAULT, Evaluation.Weights.DEFAULT, fakeClock());
    }

    /** Positions of a few plies from the start, to vary the trees. */
    private static Board[] positions() {
        String[] lines = {"", "Cf", "DcCa", "FaBdEe", "AbCdDf"};
        Board[] out = new Board[lines.length];
        for (int i = 0; i < lines.length; i++) {
            Board b = new Board();
            for (char c : lines[i].toCharArray()) {
                b.play(Character.toUpperCase(c) - 'A');
            }
            out[i] = b;
        }
        return out;
    }

    /** Seeded random game positions of 0..29 plies (not over). */
    private static Board randomPosition(SplittableRandom r) {
        Board b = new Board();
        int plies = r.nextInt(30);
        for (int i = 0; i < plies && !b.isOver(); i++) {
            int mask = b.legalMask();
            int k = r.nextInt(Integer.bitCount(mask));
            for (int j = 0; j < k; j++) {
                mask &= mask - 1;
            }
            b.play(Integer.numberOfTrailingZeros(mask));
        }
        return b.isOver() ? new Board() : b;
    }

    @Test
    void aCutIterationCountsOnlyWhenItBeatItsFirstMove() {
        int used = 0;
        int ignored = 0;
        SplittableRandom r = new SplittableRandom(15);
        // Cut iterations that find a better move are rare (a few per hundred searches): scan until both kinds were seen.
        for (int searches = 0; searches < 3000 && (used < 3 || ignored < 3); searches++) {
            Board b = randomPosition(r);
            long movetime = 3 + r.nextInt(60);
            AlphaBetaAgent a = agent();
            Decision d = a.decide(b, SearchLimit.movetime(movetime), SearchMonitor.NONE);
            AlphaBetaAgent.Deepening deep = a.lastDeepening();
            String where = "movetime " + movetime + " at " + b.text() + ": " + deep;
            assertEquals(deep.move(), d.move(), where);
            assertTrue(b.isLegal(d.move()), where);
            if (deep.completed() == 0) {
                continue;
            }
            int expected = deep.partialMove() >= 0 && deep.partialImproved() ? deep.partialMove() : deep.completedMove();
            assertEquals(expected, d.move(), where);
            if (deep.partialImproved() && deep.partialMove() != deep.completedMove()) {
                used++;
                assertEquals(deep.partialMove(), d.pv()[0], "the PV follows the cut iteration's move: " + where);
            } else if (deep.partialMove() >= 0 && !deep.partialImproved()) {
                ignored++;
            }
        }
        assertTrue(used >= 3, "cut iterations that found a better move: " + used);
        assertTrue(ignored >= 3, "cut iterations that searched their first move and found nothing better: " + ignored);
    }

    @Test
    void usesItsWholeTimeAndNoMore() {
        for (Board b : positions()) {
            for (long movetime : new long[] {10, 50, 200, 1000}) {
                Decision d = agent().decide(b, SearchLimit.movetime(movetime), SearchMonitor.NONE);
                long usable = TimeControl.usableMillis(movetime);
                String where = "movetime " + movetime + " at " + b.text() + ": " + d.timeNanos() / MS + " ms, depth " + d.depth();
                // No early stop for fear that the next iteration would not finish (only a proven result ends it early).
                assertTrue(d.timeNanos() >= usable * MS || Math.abs(d.value()) == 1f, where);
                assertTrue(d.timeNanos() <= movetime * MS, where);
            }
        }
    }

    @Test
    void theFakeClockMakesTimedSearchesRepeatable() {
        Board b = positions()[3];
        Decision x = agent().decide(b, SearchLimit.movetime(77), SearchMonitor.NONE);
        Decision y = agent().decide(b, SearchLimit.movetime(77), SearchMonitor.NONE);
        assertEquals(x.move(), y.move());
        assertEquals(x.nodes(), y.nodes());
        assertArrayEquals(x.pv(), y.pv());
    }

    @Test
    void fixedDepthSearchesKeepTheirSignature() {
        // The timed path changed; a depth-limited search does not read the deadline at all.
        Decision d = agent().decide(new Board(), SearchLimit.depth(8), SearchMonitor.NONE);
        Decision real = new AlphaBetaAgent(AlphaBetaConfig.DEFAULT, RuleSet.DEFAULT).decide(new Board(),
                SearchLimit.depth(8), SearchMonitor.NONE);
        assertEquals(real.nodes(), d.nodes());
        assertEquals(real.move(), d.move());
    }
}
