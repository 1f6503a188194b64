package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/**
 * The distances: the builder's retrograde pass against sweeps of the definition on the rules
 * engine, and the promise they make, checked by playing it out: from every position with a
 * distance, the mover following {@link EndgameTable#bestMove} against every reply reaches a
 * capture or the end within the distance, keeps its lower bound, and never repeats a position.
 */
class TableDistanceTest {
    private static final int NONE = EndgameTable.NO_DISTANCE;

    /** Small rule sets, solved to many seeds, and the default one to a few. */
    static Stream<Object[]> tables() {
        return Stream.of(new Object[] {RuleSet.parse("houses=3,seeds=3"), 9},
                new Object[] {RuleSet.parse("houses=3,seeds=3,repetition=split"), 9},
                new Object[] {RuleSet.parse("houses=4,seeds=3"), 8},
                new Object[] {RuleSet.parse("houses=4,seeds=3,grand-slam=capture-all"), 8},
                new Object[] {RuleSet.DEFAULT, 6});
    }

    private static Board board(EndgameTable t, int n, long idx) {
        int total = t.rules().totalSeeds();
        int[] c = new int[2 * t.rules().houses()];
        t.decode(n, idx, c);
        int a = total / 2 - n;
        return new Board(new Position(t.rules(), c, a, total - n - a, Side.SOUTH));
    }

    @ParameterizedTest
    @MethodSource("tables")
    void theRetrogradePassGivesTheDefinitionsFixpoint(RuleSet rules, int seeds) {
        EndgameTable t = new TableBuilder(rules, seeds, 2, line -> { }).build();
        for (int n = 0; n <= seeds; n++) {
            int[] want = Sweeps.distances(t, n);
            for (int i = 0; i < want.length; i++) {
                if (t.distance(n, i) != want[i]) {
                    fail(rules + ", " + n + " seeds, " + board(t, n, i).text() + " [" + t.lo(n, i) + ", " + t.hi(n, i)
                            + "]: built " + t.distance(n, i) + ", sweeps " + want[i]);
                }
            }
        }
        assertEquals(0, Bellman.check(t, seeds, 2).distances(), "the check agrees");
    }

    @Test
    void theCheckFindsAWrongDistance() {
        EndgameTable t = new TableBuilder(RuleSet.parse("houses=3,seeds=3"), 6, 1, line -> { }).build();
        assertEquals(new Bellman.Violations(0, 0), Bellman.check(t, 6));
        byte[] d = t.distanceBytes(6);
        int at = 0;
        while ((d[at] & 0xff) == NONE || (d[at] & 0xff) < 3) {
            at++;
        }
        d[at]--;
        assertTrue(Bellman.check(t, 6).distances() >= 1, "one short");
        d[at] = (byte) NONE;
        assertTrue(Bellman.check(t, 6).distances() >= 1, "none where there is one");
        assertEquals(Bellman.check(t, 6, 1), Bellman.check(t, 6, 3), "the counts do not depend on the threads");
    }

    @ParameterizedTest
    @MethodSource("tables")
    void theTablesMoveReachesACaptureWithinTheDistanceKeepingItsBound(RuleSet rules, int seeds) {
        EndgameTable t = new TableBuilder(rules, seeds, 2, line -> { }).build();
        PlayOut p = new PlayOut(t);
        int exactWithDistance = 0;
        int exactWithout = 0;
        for (int n = 1; n <= seeds; n++) {
            for (long i = 0; i < t.positions(n); i++) {
                Board b = board(t, n, i);
                if (b.isOver()) {
                    assertEquals(0, t.distance(n, i));
                    continue;
                }
                int d = t.distance(n, i);
                boolean exact = t.lo(n, i) == t.hi(n, i);
                if (d == NONE) {
                    exactWithout += exact ? 1 : 0;
                    assertEquals(-1, t.bestMove(b));
                    continue;
                }
                exactWithDistance += exact ? 1 : 0;
                p.mover(b, b.toMove(), t.lo(b), b.store(b.toMove()), d);
            }
        }
        assertTrue(exactWithDistance > 0 && p.nodes > 0, rules + ": something was played out");
        assertTrue(p.conceded > 0, rules + ": replies that concede were met");
        System.out.printf("%s: %d exact entries with a distance, %d without; %d positions played out, %d concessions%n",
                rules, exactWithDistance, exactWithout, p.nodes, p.conceded);
    }

    /** Follows the table's move against every reply, with the game's history, checking the promise at every step. */
    private static final class PlayOut {
        final EndgameTable t;
        /** (layout, threshold) pairs of the mover already played out from. */
        final Set<Long> done = new HashSet<>();
        long nodes;
        long conceded;

        PlayOut(EndgameTable t) {
            this.t = t;
        }

        /**
         * The mover {@code me} (store {@code a0} where its threshold was set) to move on {@code b},
         * securing {@code threshold}, with {@code budget} plies left to a capture or the end.
         */
        void mover(Board b, int me, int threshold, int a0, int budget) {
            int lo = t.lo(b);
            int d = t.distance(b);
            assertTrue(lo >= threshold, b.text() + ": the mover's bound fell below " + threshold);
            if (lo > threshold) {
                conceded++;
                if (d == NONE) {
                    return; // conceded into a position without a distance: the table's move stops, the search plays
                }
                threshold = lo;
                a0 = b.store(me);
                budget = d;
            }
            assertTrue(d <= budget, b.text() + ": distance " + d + " with " + budget + " plies left");
            long key = ((long) EndgameTable.seedsOnBoard(b) << 40 | t.index(b)) << 8 | threshold;
            if (!done.add(key)) {
                return;
            }
            nodes++;
            int m = t.bestMove(b);
            assertTrue(m >= 0 && t.moveDistances(b)[m] == d, b.text() + ": the table's move keeps the distance");
            b.play(m);
            try {
                if (!zeroing(b, me, threshold, a0)) {
                    opponent(b, me, threshold, a0, budget - 1);
                }
            } finally {
                b.undo();
            }
        }

        void opponent(Board b, int me, int threshold, int a0, int budget) {
            assertTrue(budget >= 1, b.text() + ": no ply left");
            for (int r = 0; r < b.housesPerSide(); r++) {
                if (!b.isLegal(r)) {
                    continue;
                }
                b.play(r);
                try {
                    if (!zeroing(b, me, threshold, a0)) {
                        mover(b, me, threshold, a0, budget - 1);
                    }
                } finally {
                    b.undo();
                }
            }
        }

        /** Whether the last move captured or ended the game; if so, checks that the mover kept {@code threshold}. */
        boolean zeroing(Board b, int me, int threshold, int a0) {
            if (b.isOver() && b.endReason() == EndReason.REPETITION) {
                fail(b.text() + ": the table's line repeated a position");
            }
            if (!b.isOver() && b.lastCaptured() == 0) {
                return false;
            }
            int got;
            if (b.isOver() && b.endReason() != EndReason.THRESHOLD) {
                got = b.finalStore(me) - a0;
            } else {
                int left = EndgameTable.seedsOnBoard(b);
                int share = b.toMove() == me ? t.lo(b) : left - t.hi(b);
                got = b.store(me) - a0 + share;
            }
            assertTrue(got >= threshold, b.text() + ": the mover secures " + got + " after the capture, below " + threshold);
            return true;
        }
    }

    /** The definition of the distances as sweeps to a fixpoint over the layer, on the rules engine. */
    static final class Sweeps {
        private Sweeps() {
        }

        static int[] distances(EndgameTable t, int n) {
            int size = (int) t.positions(n);
            int[] d = new int[size];
            java.util.Arrays.fill(d, NONE);
            Board[] boards = new Board[size];
            for (int i = 0; i < size; i++) {
                boards[i] = board(t, n, i);
                if (boards[i].isOver()) {
                    d[i] = 0;
                }
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = 0; i < size; i++) {
                    if (boards[i].isOver()) {
                        continue;
                    }
                    int v = mover(t, boards[i], n, d);
                    if (v != d[i]) {
                        d[i] = v;
                        changed = true;
                    }
                }
            }
            return d;
        }

        /** min over the moves that keep lo of 1 (a capture or end) or 1 + E(child). */
        private static int mover(EndgameTable t, Board b, int n, int[] d) {
            int lo = t.lo(b);
            int me = b.toMove();
            int a = b.store(me);
            int best = NONE;
            for (int m = 0; m < b.housesPerSide(); m++) {
                if (!b.isLegal(m)) {
                    continue;
                }
                b.play(m);
                int v;
                if (b.isOver()) {
                    v = b.finalStore(me) - a == lo ? 1 : NONE;
                } else if (b.lastCaptured() > 0) {
                    v = n - t.hi(b) == lo ? 1 : NONE;
                } else {
                    v = n - t.hi(b) == lo ? add(opponent(t, b, n, n - t.hi(b), d)) : NONE;
                }
                b.undo();
                best = Math.min(best, v);
            }
            return best;
        }

        /** max over the replies that hold {@code hold} (the others concede) of 1 or 1 + D(child). */
        private static int opponent(EndgameTable t, Board b, int n, int hold, int[] d) {
            int worst = 1;
            for (int r = 0; r < b.housesPerSide(); r++) {
                if (!b.isLegal(r)) {
                    continue;
                }
                b.play(r);
                int v = 1;
                boolean inside = (!b.isOver() || b.endReason() == EndReason.REPETITION) && b.lastCaptured() == 0;
                if (inside && t.lo(b) == hold) {
                    v = add(d[(int) t.index(b)]);
                }
                b.undo();
                worst = Math.max(worst, v);
            }
            return worst;
        }

        private static int add(int v) {
            return v == NONE || v + 1 > Distances.MAX ? NONE : v + 1;
        }
    }
}
