package org.owarelab.tables;

import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.Side;

/**
 * The Bellman consistency of a whole table, recomputed from the rules engine and the table's own
 * entries (not from the builder's move lists): for every layout, {@code lo = max over moves of
 * the move's lower bound} and {@code hi = max over moves of its upper bound}, where a move that
 * ends the game is worth what the engine shares out and any other move is worth
 * {@code n - hi(child)} (resp. {@code n - lo(child)}); also {@code 0 <= lo <= hi <= n}. And the
 * distances ({@link #distanceViolations}): every stored distance equals the least over the moves
 * that keep {@code lo} of what the move promises, recomputed from the distances one and two
 * plies ahead ({@link EndgameTable#moveDistances}); these equations have one solution (a finite
 * distance falls strictly along its line, so no cycle satisfies them), so a table that meets them
 * holds the distances {@code Distances} defines.
 */
public final class Bellman {
    private Bellman() {
    }

    /** The number of layouts with at most {@code seeds} seeds that break the equations (0 for a sound table). */
    public static long violations(EndgameTable table, int seeds) {
        long bad = 0;
        int total = table.rules().totalSeeds();
        int k = 2 * table.rules().houses();
        int[] c = new int[k];
        for (int n = 0; n <= seeds; n++) {
            int a = total / 2 - n;
            for (long idx = 0; idx < table.positions(n); idx++) {
                table.layout().layout(n, idx, c);
                Board b = new Board(new Position(table.rules(), c, a, total - n - a, Side.SOUTH));
                int lo = table.lo(n, idx);
                int hi = table.hi(n, idx);
                int[] best = moveBounds(table, b, a, n);
                if (lo < 0 || lo > hi || hi > n || best[0] != lo || best[1] != hi) {
                    bad++;
                }
            }
        }
        return bad;
    }

    /** The number of layouts with at most {@code seeds} seeds whose stored distance breaks its equation (0 for a sound table). */
    public static long distanceViolations(EndgameTable table, int seeds) {
        long bad = 0;
        int total = table.rules().totalSeeds();
        int k = 2 * table.rules().houses();
        int[] c = new int[k];
        for (int n = 0; n <= seeds; n++) {
            int a = total / 2 - n;
            for (long idx = 0; idx < table.positions(n); idx++) {
                table.layout().layout(n, idx, c);
                Board b = new Board(new Position(table.rules(), c, a, total - n - a, Side.SOUTH));
                int want = 0;
                if (!b.isOver()) {
                    want = EndgameTable.NO_DISTANCE;
                    for (int d : table.moveDistances(b)) {
                        if (d >= 0) {
                            want = Math.min(want, d);
                        }
                    }
                }
                if (table.distance(n, idx) != want) {
                    bad++;
                }
            }
        }
        return bad;
    }

    /**
     * The best lower and upper bound over the moves of {@code b} (the mover's store {@code a},
     * {@code n} seeds on the board, no threshold reachable), or the engine's share where the game is over.
     */
    static int[] moveBounds(EndgameTable table, Board b, int a, int n) {
        int mover = b.toMove();
        if (b.isOver()) {
            int s = b.finalStore(mover) - a;
            return new int[] {s, s};
        }
        int bestLo = -1;
        int bestHi = -1;
        for (int m = 0; m < b.housesPerSide(); m++) {
            if (!b.isLegal(m)) {
                continue;
            }
            b.play(m);
            if (b.isOver()) {
                int s = b.finalStore(mover) - a;
                bestLo = Math.max(bestLo, s);
                bestHi = Math.max(bestHi, s);
            } else {
                bestLo = Math.max(bestLo, n - table.hi(b));
                bestHi = Math.max(bestHi, n - table.lo(b));
            }
            b.undo();
        }
        return new int[] {bestLo, bestHi};
    }
}
