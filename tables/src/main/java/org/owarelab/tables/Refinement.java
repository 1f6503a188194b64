package org.owarelab.tables;

import java.util.function.IntConsumer;

/**
 * Tightens the bounds of one layer with the repetition rule. For each threshold {@code t} and
 * each role of a layout (the player {@code M} who wants a share of at least {@code t} is to move,
 * role {@code M}, or the other is, role {@code m}), {@code Z_t} is the greatest set of nodes that
 * are "safe" (a repetition there would give {@code M} at least {@code t}) from which {@code M} can
 * keep the play in {@code Z_t} or leave by a move that secures {@code t}; {@code W_t} is the
 * attractor of {@code Z_t} and the securing exits. From {@code W_t}, {@code M} plays to
 * {@code Z_t} without a repeat (the attractor's rank falls), then stays in {@code Z_t}: so the
 * game either leaves by a securing exit or ends by repetition at a node of {@code Z_t} (any
 * repeated node lies in {@code Z_t}), and {@code M} gets at least {@code t} with the history
 * starting at the node. Then {@code lo >= t} on {@code W_t}'s {@code M} nodes and
 * {@code hi <= n - t} on its {@code m} nodes. A layout where the game is over belongs where its
 * share puts it, whatever its repetition share.
 *
 * <p>How it is computed: both sets shrink as {@code t} grows. {@code Z} by counters, for
 * {@code t = 1..n}: every node starts in {@code Z_0}; at each threshold the nodes whose
 * repetition share or exits no longer qualify leave, and a leaving node takes with it every
 * {@code m} predecessor, and every {@code M} predecessor whose count of successors still in
 * {@code Z} reaches zero (with no securing exit). Each node records the last threshold it was in.
 * Then {@code W} for {@code t = n..1} grows as an attractor: at each threshold the nodes of
 * {@code Z_t} and the nodes with a securing exit join, and a joining node brings its {@code m}
 * predecessors ({@code M} to move) and those {@code M} predecessors ({@code m} to move) whose last
 * successor outside {@code W} it was. Attractors grow with their target, so {@code W_{t}} is
 * reached from {@code W_{t+1}}. Each in-layer move is followed backwards at most twice per phase
 * in all; each threshold scans the layer once. Same result as computing the greatest and least
 * fixpoints per threshold by full passes ({@code BuilderDifferentialTest}).
 */
final class Refinement {
    private static final byte IN = -1;

    private final int n;
    private final byte[] exitLo;
    private final byte[] exitHi;
    private final boolean[] terminal;
    private final int[] predStart;
    private final int[] pred;
    private final byte[] rep;
    /** Per layout and role: the largest {@code t} with the node in {@code Z_t} ({@link #IN} while still in). */
    private final byte[] zM;
    private final byte[] zm;
    /**
     * Per layout: in the {@code Z} phase, its children (role {@code m}) still in {@code Z}; in the
     * {@code W} phase, its children (role {@code M}) not yet in {@code W}.
     */
    private final byte[] count;
    /** Per layout and role: the largest {@code t} with the node in {@code W_t}, 0 while in none yet. */
    private byte[] wM;
    private byte[] wm;
    /** Entries {@code 2x} (role M) and {@code 2x + 1} (role m) whose predecessors are still to see. */
    private final LayerGraph.IntStack work = new LayerGraph.IntStack();

    private Refinement(LayerGraph g, byte[] rep) {
        this.n = g.n;
        this.exitLo = g.exitLo;
        this.exitHi = g.exitHi;
        this.terminal = g.terminal;
        this.predStart = g.predStart;
        this.pred = g.pred;
        this.rep = rep;
        this.zM = new byte[g.size];
        this.zm = new byte[g.size];
        this.count = g.inside.clone();
    }

    /**
     * Refines {@code lo}/{@code hi} (the plain bounds of {@link Bounds}) in place.
     *
     * @param rep the repetition share of each layout for its mover (what a repetition there gives)
     * @param afterThreshold called after each threshold of each phase (progress)
     */
    static void refine(LayerGraph g, byte[] lo, byte[] hi, byte[] rep, IntConsumer afterThreshold) {
        int n = g.n;
        Refinement r = new Refinement(g, rep);
        java.util.Arrays.fill(r.zM, IN);
        java.util.Arrays.fill(r.zm, IN);
        for (int t = 1; t <= n; t++) {
            r.safe(t);
            afterThreshold.accept(t);
        }
        for (int x = 0; x < g.size; x++) {
            if (r.zM[x] == IN) {
                r.zM[x] = (byte) n;
            }
            if (r.zm[x] == IN) {
                r.zm[x] = (byte) n;
            }
        }
        System.arraycopy(g.inside, 0, r.count, 0, g.size);
        r.wM = new byte[g.size];
        r.wm = new byte[g.size];
        for (int t = n; t >= 1; t--) {
            r.attract(t);
            afterThreshold.accept(t);
        }
        for (int x = 0; x < g.size; x++) {
            if (lo[x] < r.wM[x]) {
                lo[x] = r.wM[x];
            }
            if (hi[x] > n - r.wm[x]) {
                hi[x] = (byte) (n - r.wm[x]);
            }
        }
    }

    /** {@code Z_t} from {@code Z_{t-1}}: the nodes that no longer qualify leave, and what they take with them. */
    private void safe(int t) {
        byte last = (byte) (t - 1);
        int hiT = n - t;
        for (int x = 0, size = zM.length; x < size; x++) {
            boolean term = terminal[x];
            if (zM[x] == IN && ((!term && rep[x] < t) || (count[x] == 0 && exitLo[x] < t))) {
                zM[x] = last;
                work.push(2 * x);
                drainSafe(t);
            }
            if (zm[x] == IN && ((!term && n - rep[x] < t) || exitHi[x] > hiT)) {
                zm[x] = last;
                work.push(2 * x + 1);
                drainSafe(t);
            }
        }
    }

    private void drainSafe(int t) {
        byte last = (byte) (t - 1);
        while (!work.isEmpty()) {
            int e = work.pop();
            int s = e >>> 1;
            if ((e & 1) == 0) {
                // s left Z in role M: every m predecessor has a move out of Z.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    if (zm[x] == IN) {
                        zm[x] = last;
                        work.push(2 * x + 1);
                    }
                }
            } else {
                // s left Z in role m: an M predecessor leaves with its last move into Z, unless an exit secures t.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    if (--count[x] == 0 && zM[x] == IN && exitLo[x] < t) {
                        zM[x] = last;
                        work.push(2 * x);
                    }
                }
            }
        }
    }

    /** {@code W_t} from {@code W_{t+1}}: the nodes of {@code Z_t} and those with a securing exit join, and what they attract. */
    private void attract(int t) {
        int hiT = n - t;
        for (int x = 0, size = zM.length; x < size; x++) {
            if (wM[x] == 0 && (zM[x] >= t || exitLo[x] >= t)) {
                wM[x] = (byte) t;
                work.push(2 * x);
                drainAttract(t);
            }
            if (wm[x] == 0 && (zm[x] >= t || (count[x] == 0 && exitHi[x] <= hiT))) {
                wm[x] = (byte) t;
                work.push(2 * x + 1);
                drainAttract(t);
            }
        }
    }

    private void drainAttract(int t) {
        int hiT = n - t;
        while (!work.isEmpty()) {
            int e = work.pop();
            int s = e >>> 1;
            if ((e & 1) == 0) {
                // s joined W in role M: an m predecessor joins with its last move outside W, if its exits allow.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    if (--count[x] == 0 && wm[x] == 0 && exitHi[x] <= hiT) {
                        wm[x] = (byte) t;
                        work.push(2 * x + 1);
                    }
                }
            } else {
                // s joined W in role m: every M predecessor can move into W.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    if (wM[x] == 0) {
                        wM[x] = (byte) t;
                        work.push(2 * x);
                    }
                }
            }
        }
    }
}
