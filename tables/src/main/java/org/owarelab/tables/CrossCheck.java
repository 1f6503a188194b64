package org.owarelab.tables;

import java.util.Random;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.Side;

/**
 * Checks a table against {@link BruteForce} on random positions: layouts drawn uniformly per
 * seed count, either side to move, the history starting at the position. With stores set so
 * that the mover draws exactly when its share is {@code v} (mover's store {@code total/2 - v}),
 * one engine search tells whether the engine's share is below, at or above {@code v}.
 *
 * <p>What it asserts ({@link Result#violations}): where {@code lo == hi} the engine's share is
 * exactly that value; where {@code lo < hi} it lies within the bounds. It also finds the
 * engine's exact share in the open positions and counts where it falls.
 */
public final class CrossCheck {
    /** The tally of one run. */
    public static final class Result {
        public int checked;
        public int exact;
        public int open;
        public int openAtLo;
        public int openAtHi;
        public int openInside;
        public int skipped;
        /** Open positions whose engine share equals {@link EndgameTable#value}: the repetition rule at the position. */
        public int openValueAgrees;
        public int violations;
        public String firstViolation;

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT,
                    "checked %d (exact %d, lo<hi %d: engine at lo %d, at hi %d, inside %d; engine = value %d), over budget %d,"
                            + " violations %d%s",
                    checked, exact, open, openAtLo, openAtHi, openInside, openValueAgrees, skipped, violations,
                    firstViolation == null ? "" : " (first: " + firstViolation + ")");
        }
    }

    private CrossCheck() {
    }

    /** Checks {@code count} random positions with {@code 1..maxSeeds} seeds (seeded by {@code seed}). */
    public static Result run(EndgameTable table, int maxSeeds, int count, long seed, long budget) {
        Random rnd = new Random(seed);
        Result r = new Result();
        int k = 2 * table.rules().houses();
        int total = table.rules().totalSeeds();
        BruteForce bf = new BruteForce(budget);
        int[] c = new int[k];
        int[] h = new int[k];
        for (int i = 0; i < count; i++) {
            int n = 1 + rnd.nextInt(maxSeeds);
            long idx = (long) (rnd.nextDouble() * table.positions(n));
            table.layout().layout(n, idx, c);
            int side = rnd.nextInt(2);
            for (int j = 0; j < k; j++) {
                h[(side * k / 2 + j) % k] = c[j];
            }
            Board probe = board(table, h, n, 0, side);
            int lo = table.lo(probe);
            int hi = table.hi(probe);
            if (lo != table.lo(n, idx) || hi != table.hi(n, idx)) {
                violation(r, probe.text() + ": lookup by board disagrees with lookup by index");
                continue;
            }
            try {
                if (lo == hi) {
                    int v = engine(bf, table, h, n, lo, side, total);
                    r.checked++;
                    r.exact++;
                    if (v != 0) {
                        violation(r, probe.text() + ": table share " + lo + ", engine " + (v > 0 ? "more" : "less"));
                    }
                } else {
                    int atLo = engine(bf, table, h, n, lo, side, total);
                    int atHi = engine(bf, table, h, n, hi, side, total);
                    r.checked++;
                    r.open++;
                    if (atLo < 0 || atHi > 0) {
                        violation(r, probe.text() + ": engine share outside [" + lo + ", " + hi + "]");
                    } else {
                        int t;
                        if (atLo == 0) {
                            r.openAtLo++;
                            t = lo;
                        } else if (atHi == 0) {
                            r.openAtHi++;
                            t = hi;
                        } else {
                            r.openInside++;
                            t = lo + 1;
                            while (t < hi - 1 && engine(bf, table, h, n, t, side, total) > 0) {
                                t++;
                            }
                        }
                        if (t == table.value(probe)) {
                            r.openValueAgrees++;
                        }
                    }
                }
            } catch (BruteForce.BudgetExceeded e) {
                r.skipped++;
            }
        }
        return r;
    }

    private static void violation(Result r, String what) {
        r.violations++;
        if (r.firstViolation == null) {
            r.firstViolation = what;
        }
    }

    /** The engine's result for the mover when a share of exactly {@code v} draws. */
    private static int engine(BruteForce bf, EndgameTable table, int[] h, int n, int v, int side, int total) {
        return bf.solve(board(table, h, n, total / 2 - v, side));
    }

    /** A board with houses {@code h}, the mover's store {@code a} (when it fits) and the rest to the other store. */
    private static Board board(EndgameTable table, int[] h, int n, int a, int side) {
        int total = table.rules().totalSeeds();
        int mover = Math.max(0, Math.min(a, total - n));
        int other = total - n - mover;
        int south = side == Side.SOUTH ? mover : other;
        int north = side == Side.SOUTH ? other : mover;
        return new Board(new Position(table.rules(), h, south, north, side));
    }
}
