package org.owarelab.tables;

import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;

/**
 * The distances of the moves of a position, from the table's stored distances one and two plies
 * ahead ({@link Distances} defines them). The position is read without its history: the table's
 * moves are those of the layout, as the builder saw them, and a repetition the game's history
 * would cause is the caller's to check. Stateless; allocates a board per call (for roots and
 * checks, not for the search's inner nodes).
 */
final class Lookahead {
    private static final int NONE = EndgameTable.NO_DISTANCE;

    private Lookahead() {
    }

    /** {@link EndgameTable#moveDistances}. */
    static int[] moveDistances(EndgameTable t, Board b) {
        Board w = new Board(b.position());
        int houses = w.housesPerSide();
        int[] out = new int[houses];
        java.util.Arrays.fill(out, -1);
        if (w.isOver()) {
            return out;
        }
        int n = EndgameTable.seedsOnBoard(w);
        int lo = t.lo(w);
        int mover = w.toMove();
        int a = w.store(mover);
        for (int m = 0; m < houses; m++) {
            if (!w.isLegal(m)) {
                continue;
            }
            w.play(m);
            out[m] = afterMove(t, w, n, lo, mover, a);
            w.undo();
        }
        return out;
    }

    /**
     * The distance the move just played on {@code w} promises (see {@link #moveDistances}): the
     * position before it had {@code n} seeds on the board, the mover's lower bound {@code lo},
     * the mover {@code mover} with store {@code a}. Leaves {@code w} as it found it.
     */
    static int afterMove(EndgameTable t, Board w, int n, int lo, int mover, int a) {
        int keep;
        boolean zeroing;
        if (w.isOver() && w.endReason() != EndReason.THRESHOLD) {
            keep = w.finalStore(mover) - a;
            zeroing = true;
        } else {
            // A capture (a threshold win too: the table counts the rest of the game) or a move inside the layer.
            keep = n - t.hi(w);
            zeroing = w.lastCaptured() > 0;
        }
        return keep != lo ? NONE : zeroing ? 1 : plus1(replyDistance(t, w, n - t.hi(w)));
    }

    /**
     * The opponent's distance {@code E} at {@code y} (the opponent to move, the layer of {@code n}
     * seeds): the most plies its replies that hold the other side to {@code hold} leave before a
     * capture or the end: 1 for a zeroing reply, {@code 1 + D(z)} for a reply to a layout {@code z}
     * with {@code lo(z) = hold}; a reply with a larger {@code lo(z)} concedes and does not count.
     */
    static int replyDistance(EndgameTable t, Board y, int hold) {
        int e = 1;
        for (int r = 0, houses = y.housesPerSide(); r < houses; r++) {
            if (!y.isLegal(r)) {
                continue;
            }
            y.play(r);
            int v = 1;
            // Two plies from a board without history, a reply back to the root's position "repeats"
            // it; the table's layer has no history, so that is a move inside the layer like any other.
            boolean over = y.isOver() && y.endReason() != EndReason.REPETITION;
            if (!over && y.lastCaptured() == 0 && t.lo(y) == hold) {
                v = plus1(t.distance(y));
            }
            y.undo();
            if (v == NONE) {
                return NONE;
            }
            e = Math.max(e, v);
        }
        return e;
    }

    /** {@code 1 + d}, {@link EndgameTable#NO_DISTANCE} past {@link Distances#MAX} or for none. */
    private static int plus1(int d) {
        return d == NONE || d + 1 > Distances.MAX ? NONE : d + 1;
    }
}
