package org.owarelab.tables;

import java.util.function.IntConsumer;

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
 */
final class Bounds {
    private final int n;
    private final byte[] exitLo;
    private final byte[] exitHi;
    private final int[] predStart;
    private final int[] pred;
    private final byte[] lo;
    private final byte[] hi;
    /** Per layout: its children in the layer not yet in {@code L}. */
    private final byte[] left;
    /** Entries {@code 2x} for "x joined L", {@code 2x + 1} for "x joined H", not yet followed back. */
    private final LayerGraph.IntStack work = new LayerGraph.IntStack();

    private Bounds(LayerGraph g, byte[] lo, byte[] hi) {
        this.n = g.n;
        this.exitLo = g.exitLo;
        this.exitHi = g.exitHi;
        this.predStart = g.predStart;
        this.pred = g.pred;
        this.lo = lo;
        this.hi = hi;
        this.left = g.inside.clone();
    }

    /**
     * Fills {@code lo} and {@code hi} (length {@code g.size}; any contents) with the bounds.
     *
     * @param afterThreshold called after each threshold {@code t} (progress), {@code n} down to 1
     */
    static void solve(LayerGraph g, byte[] lo, byte[] hi, IntConsumer afterThreshold) {
        java.util.Arrays.fill(lo, (byte) 0); // lo == 0: not in L yet
        java.util.Arrays.fill(hi, (byte) g.n); // hi == n: not in H yet
        Bounds b = new Bounds(g, lo, hi);
        for (int t = g.n; t >= 1; t--) {
            b.threshold(t);
            afterThreshold.accept(t);
        }
    }

    /** Adds the layouts of {@code L_t} and {@code H_t}; those of {@code t + 1} are in. */
    private void threshold(int t) {
        int hiT = n - t;
        for (int x = 0, size = lo.length; x < size; x++) {
            if (lo[x] == 0 && exitLo[x] >= t) {
                lo[x] = (byte) t;
                work.push(2 * x);
                drain(t);
            }
            if (hi[x] == n && left[x] == 0 && exitHi[x] <= hiT) {
                hi[x] = (byte) hiT;
                work.push(2 * x + 1);
                drain(t);
            }
        }
    }

    /** Follows the work list's entries back to their predecessors (at once, so the list stays short). */
    private void drain(int t) {
        int hiT = n - t;
        while (!work.isEmpty()) {
            int e = work.pop();
            int s = e >>> 1;
            if ((e & 1) == 0) {
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    if (--left[x] == 0 && hi[x] == n && exitHi[x] <= hiT) {
                        hi[x] = (byte) hiT;
                        work.push(2 * x + 1);
                    }
                }
            } else {
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    if (lo[x] == 0) {
                        lo[x] = (byte) t;
                        work.push(2 * x);
                    }
                }
            }
        }
    }
}
