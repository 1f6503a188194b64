package org.owarelab.tables;

/**
 * The plain bounds of one layer: the least fixpoint of {@code lo(x) = max over moves of
 * (n - hi(child))}, {@code hi(x) = max over moves of (n - lo(child))} from {@code lo = 0},
 * {@code hi = n} (a move that leaves the layer counts with its exit bounds), computed by
 * retrograde analysis one threshold at a time instead of by sweeps to a fixpoint.
 *
 * <p>For a threshold {@code t}, {@code L_t = {lo >= t}} and {@code H_t = {hi <= n - t}} are the
 * least sets with: {@code x} is in {@code L_t} iff some move is an exit with {@code l >= t} or
 * leads to a child in {@code H_t}; {@code x} is in {@code H_t} iff every exit has
 * {@code h <= n - t} and every child in the layer is in {@code L_t}. (Thresholding commutes
 * with max and min, so these are exactly the threshold sets of the least fixpoint; Kleene's
 * iterates of the two agree step by step.) Both grow as {@code t} falls, so one pass from
 * {@code t = n} down to 1 adds to them: a layout joins {@code L} by its own exits or when a child
 * joins {@code H}, and joins {@code H} when the count of its children not yet in {@code L}
 * reaches zero and its exits allow it. Each in-layer move is followed backwards at most twice
 * over all thresholds; each threshold also scans the layer once for the layouts its exits admit.
 * A layout's {@code lo} is the threshold where it joins {@code L}, its {@code hi} is {@code n}
 * minus the one where it joins {@code H}.
 *
 * <p>The work is in following moves back: each visit reads and writes one {@code int} of the
 * predecessor's state (its {@code L} and {@code H} thresholds, its count of children not yet in
 * {@code L}, its best exit's upper bound), one cache miss where separate arrays would cost
 * four. Single-threaded; the builder runs it beside the {@link Refinement}, which does not read it.
 */
final class Bounds {
    // The state of a layout: LO (bits 0-6: the t where it joined L, 0 while not), HJ (bits 7-13:
    // the t where it joined H, 0 while not), LEFT (bits 14-17: children not yet in L), EXH
    // (bits 18-24: its best exit's upper bound + 1, 0 without exits).
    private static final int F = 0x7f;
    private static final int HJ = 7;
    private static final int LEFT = 14;
    private static final int LEFT_ONE = 1 << LEFT;
    private static final int EXH = 18;

    private final int n;
    private final byte[] exitLo;
    private final int[] predStart;
    private final int[] pred;
    private final int[] state;
    /** Entries {@code 2x} for "x joined L", {@code 2x + 1} for "x joined H", not yet followed back. */
    private final LayerGraph.IntStack work = new LayerGraph.IntStack();

    private Bounds(LayerGraph g) {
        this.n = g.n;
        this.exitLo = g.exitLo;
        this.predStart = g.predStart;
        this.pred = g.pred;
        this.state = new int[g.size];
        for (int x = 0; x < g.size; x++) {
            state[x] = g.inside[x] << LEFT | (g.exitHi[x] + 1) << EXH;
        }
    }

    /**
     * Fills {@code lo} and {@code hi} (length {@code g.size}; any contents) with the bounds.
     *
     * @param afterThreshold hears each threshold {@code t} once done ({@code n} down to 1), with a
     *     count of the layouts whose bounds already meet (for progress; a scan of the layer)
     */
    static void solve(LayerGraph g, byte[] lo, byte[] hi, Listener afterThreshold) {
        Bounds b = new Bounds(g);
        for (int t = g.n; t >= 1; t--) {
            b.threshold(t);
            afterThreshold.threshold(t, b::solved);
        }
        int n = g.n;
        for (int x = 0; x < g.size; x++) {
            int v = b.state[x];
            lo[x] = (byte) (v & F);
            int h = v >>> HJ & F;
            hi[x] = (byte) (h == 0 ? n : n - h);
        }
    }

    /** Progress of {@link #solve}. */
    interface Listener {
        void threshold(int t, java.util.function.LongSupplier solved);
    }

    /** The layouts whose {@code lo} and {@code hi} meet already (they move no more). */
    private long solved() {
        long c = 0;
        for (int v : state) {
            int h = v >>> HJ & F;
            if ((v & F) == (h == 0 ? n : n - h)) {
                c++;
            }
        }
        return c;
    }

    /** Adds the layouts of {@code L_t} and {@code H_t}; those of {@code t + 1} are in. */
    private void threshold(int t) {
        int gate = n - t + 1; // EXH <= gate: every exit has h <= n - t
        for (int x = 0, size = state.length; x < size; x++) {
            if ((state[x] & F) == 0 && exitLo[x] >= t) {
                state[x] |= t;
                work.push(2 * x);
                drain(t);
            }
            int v = state[x];
            if ((v >>> HJ & F) == 0 && (v >>> LEFT & 0xf) == 0 && v >>> EXH <= gate) {
                state[x] = v | t << HJ;
                work.push(2 * x + 1);
                drain(t);
            }
        }
    }

    /** Follows the work list's entries back to their predecessors (at once, so the list stays short). */
    private void drain(int t) {
        int gate = n - t + 1;
        int[] state = this.state;
        while (!work.isEmpty()) {
            int e = work.pop();
            int s = e >>> 1;
            if ((e & 1) == 0) {
                // s joined L: one child fewer outside L for each predecessor, which may join H.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    int v = state[x] - LEFT_ONE;
                    if ((v >>> LEFT & 0xf) == 0 && (v >>> HJ & F) == 0 && v >>> EXH <= gate) {
                        v |= t << HJ;
                        work.push(2 * x + 1);
                    }
                    state[x] = v;
                }
            } else {
                // s joined H: every predecessor has a move into H, so joins L.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    int v = state[x];
                    if ((v & F) == 0) {
                        state[x] = v | t;
                        work.push(2 * x);
                    }
                }
            }
        }
    }
}
