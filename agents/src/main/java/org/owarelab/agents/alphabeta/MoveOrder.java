package org.owarelab.agents.alphabeta;

import java.util.Arrays;
import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;

/**
 * The move lists of the search, one preallocated row of {@code n} moves per ply, with ordering
 * keys: the hash move first, then captures by the seeds they take ({@link Threats}), the two
 * killer moves of the ply (quiet moves that last caused a cutoff there), then the rest by
 * history score (per side and house, {@code depth^2} per cutoff, halved before each search).
 * Moves are picked by selection sort, so a cutoff after the first move costs no full sort. Ties
 * keep the order of generation (lowest house first). Not thread-safe.
 */
final class MoveOrder {
    static final int KEY_HASH = 1 << 30;
    private static final int KEY_CAPTURE = 1 << 26;
    private static final int KEY_KILLER1 = 1 << 25;
    private static final int KEY_KILLER2 = 1 << 24;
    private static final int HISTORY_MAX = (1 << 24) - 1;

    private final int n;
    private final GrandSlam grandSlam;
    private final int[] moves;
    private final int[] keys;
    private final int[] killers;
    private final int[] history;
    private int bestCapture;

    MoveOrder(int housesPerSide, GrandSlam grandSlam, int plies) {
        this.n = housesPerSide;
        this.grandSlam = grandSlam;
        this.moves = new int[plies * n];
        this.keys = new int[plies * n];
        this.killers = new int[2 * plies];
        this.history = new int[2 * n];
        clear();
    }

    /** Forgets killers and history. */
    void clear() {
        Arrays.fill(killers, -1);
        Arrays.fill(history, 0);
    }

    /** Halves the history scores, so that older searches weigh less. */
    void age() {
        for (int i = 0; i < history.length; i++) {
            history[i] >>= 1;
        }
    }

    /** Puts {@code move} as the only entry of the list of {@code ply}, as the hash move; returns 1. */
    int hashMove(int ply, int move) {
        moves[ply * n] = move;
        keys[ply * n] = KEY_HASH;
        return 1;
    }

    /**
     * Appends the legal moves of {@code b} except {@code skip} to the list of {@code ply} from
     * index {@code count}, with their keys; returns the new count.
     */
    int generate(Board b, int ply, int skip, int count) {
        final int base = ply * n;
        final int mover = b.toMove();
        final int k1 = killers[2 * ply];
        final int k2 = killers[2 * ply + 1];
        for (int mask = b.legalMask(); mask != 0; mask &= mask - 1) {
            int m = Integer.numberOfTrailingZeros(mask);
            if (m == skip) {
                continue;
            }
            int c = Threats.capture(b, mover, m, grandSlam);
            int key = c > 0 ? KEY_CAPTURE + c
                    : m == k1 ? KEY_KILLER1 : m == k2 ? KEY_KILLER2 : history[mover * n + m];
            moves[base + count] = m;
            keys[base + count++] = key;
        }
        return count;
    }

    /**
     * Fills the list of {@code ply} with the capturing legal moves of {@code b}, keyed by the seeds
     * they take; returns their number and leaves the largest capture in {@link #bestCapture()}.
     */
    int captures(Board b, int ply) {
        final int base = ply * n;
        final int mover = b.toMove();
        int count = 0;
        int best = 0;
        for (int mask = b.legalMask(); mask != 0; mask &= mask - 1) {
            int m = Integer.numberOfTrailingZeros(mask);
            int c = Threats.capture(b, mover, m, grandSlam);
            if (c > 0) {
                moves[base + count] = m;
                keys[base + count++] = c;
                if (c > best) {
                    best = c;
                }
            }
        }
        bestCapture = best;
        return count;
    }

    /** The largest capture found by the last {@link #captures} call. */
    int bestCapture() {
        return bestCapture;
    }

    /** Moves the best remaining move of the list of {@code ply} to index {@code i} and returns it. */
    int next(int ply, int i, int count) {
        final int base = ply * n;
        final int a = base + i;
        int bi = a;
        for (int j = a + 1, e = base + count; j < e; j++) {
            if (keys[j] > keys[bi]) {
                bi = j;
            }
        }
        if (bi != a) {
            int t = moves[a];
            moves[a] = moves[bi];
            moves[bi] = t;
            t = keys[a];
            keys[a] = keys[bi];
            keys[bi] = t;
        }
        return moves[a];
    }

    /** Whether entry {@code i} of the list of {@code ply} (after {@link #next}) was keyed as a capture. */
    boolean isCapture(int ply, int i) {
        int k = keys[ply * n + i];
        return k >= KEY_CAPTURE && k < KEY_HASH;
    }

    /** Records a quiet move that caused a cutoff: killer of the ply, and history credit. */
    void cutoff(int ply, int mover, int m, int depth) {
        if (killers[2 * ply] != m) {
            killers[2 * ply + 1] = killers[2 * ply];
            killers[2 * ply] = m;
        }
        int h = history[mover * n + m] + depth * depth;
        history[mover * n + m] = Math.min(h, HISTORY_MAX);
    }

    /**
     * Late-move reductions: the plies cut from the null-window search of the {@code i}-th move in
     * the order at a node with {@code depth} plies left. Moves late in the order rarely raise alpha
     * once the hash move, the captures and the killers have been tried, so they are first searched
     * shallower; one that still beats alpha is searched again at the full depth. Captures, the
     * first move and shallow nodes are never reduced. One ply from the third move on (fourth at
     * principal-variation nodes), two for the fifth move on at depth 6 or more away from the
     * principal variation.
     */
    static int reduction(int depth, int i, boolean pvNode, boolean capture) {
        if (capture || depth < 3 || i < (pvNode ? 3 : 2)) {
            return 0;
        }
        return !pvNode && depth >= 6 && i >= 4 ? 2 : 1;
    }
}
