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
 *
 * <p>It reads the layer's moves, exits and repetition shares, not the plain bounds, so the
 * builder runs it beside {@link Bounds} and then applies it ({@link #tighten}). As there, each
 * visit to a predecessor reads and writes one packed {@code int} of its state. Single-threaded.
 */
final class Refinement {
    // Z phase state: ZM (bits 0-6: the last t with the node in Z in role M, IN while still in),
    // ZS (bits 7-13: the same in role m), COUNT (bits 14-17: children, role m, still in Z), EXL
    // (bits 18-24: the best exit's lower bound + 1, 0 without exits).
    // W phase state: WM (bits 0-6: the first, i.e. largest, t with the node in W in role M, 0
    // while in none), WS (bits 7-13: the same in role m), COUNT (children, role M, not yet in W),
    // EXH (bits 18-24: the best exit's upper bound + 1).
    private static final int F = 0x7f;
    private static final int IN = F;
    private static final int S = 7;
    private static final int COUNT = 14;
    private static final int COUNT_ONE = 1 << COUNT;
    private static final int EX = 18;

    private final int n;
    private final int size;
    private final byte[] exitLo;
    private final byte[] exitHi;
    private final boolean[] terminal;
    private final int[] predStart;
    private final int[] pred;
    private final byte[] rep;
    private final int[] state;
    /** Per layout and role: the largest {@code t} with the node in {@code Z_t}, after the Z phase. */
    private byte[] zM;
    private byte[] zm;
    /** Entries {@code 2x} (role M) and {@code 2x + 1} (role m) whose predecessors are still to see. */
    private final LayerGraph.IntStack work = new LayerGraph.IntStack();

    private Refinement(LayerGraph g, byte[] rep) {
        this.n = g.n;
        this.size = g.size;
        this.exitLo = g.exitLo;
        this.exitHi = g.exitHi;
        this.terminal = g.terminal;
        this.predStart = g.predStart;
        this.pred = g.pred;
        this.rep = rep;
        this.state = new int[size];
    }

    /**
     * The sets {@code W_t} of a layer, ready to {@link #tighten} its plain bounds.
     *
     * @param rep the repetition share of each layout for its mover (what a repetition there gives)
     * @param afterThreshold called after each threshold of each phase (progress)
     */
    static Refinement compute(LayerGraph g, byte[] rep, IntConsumer afterThreshold) {
        Refinement r = new Refinement(g, rep);
        int n = g.n;
        int[] state = r.state;
        for (int x = 0; x < r.size; x++) {
            state[x] = IN | IN << S | g.inside[x] << COUNT | (g.exitLo[x] + 1) << EX;
        }
        for (int t = 1; t <= n; t++) {
            r.safe(t);
            afterThreshold.accept(t);
        }
        r.zM = new byte[r.size];
        r.zm = new byte[r.size];
        for (int x = 0; x < r.size; x++) {
            int v = state[x];
            int a = v & F;
            int b = v >>> S & F;
            r.zM[x] = (byte) (a == IN ? n : a);
            r.zm[x] = (byte) (b == IN ? n : b);
            state[x] = g.inside[x] << COUNT | (g.exitHi[x] + 1) << EX;
        }
        for (int t = n; t >= 1; t--) {
            r.attract(t);
            afterThreshold.accept(t);
        }
        r.zM = null;
        r.zm = null;
        return r;
    }

    /** Raises {@code lo} to {@code t} on the M nodes of {@code W_t}, lowers {@code hi} to {@code n - t} on its m nodes. */
    void tighten(byte[] lo, byte[] hi) {
        for (int x = 0; x < size; x++) {
            int v = state[x];
            int wM = v & F;
            int wm = v >>> S & F;
            if (lo[x] < wM) {
                lo[x] = (byte) wM;
            }
            if (hi[x] > n - wm) {
                hi[x] = (byte) (n - wm);
            }
        }
    }

    /** {@code Z_t} from {@code Z_{t-1}}: the nodes that no longer qualify leave, and what they take with them. */
    private void safe(int t) {
        int last = t - 1;
        int hiT = n - t;
        int[] state = this.state;
        for (int x = 0; x < size; x++) {
            boolean term = terminal[x];
            int v = state[x];
            if ((v & F) == IN && ((!term && rep[x] < t) || ((v >>> COUNT & 0xf) == 0 && (v >>> EX) - 1 < t))) {
                state[x] = v & ~F | last;
                work.push(2 * x);
                drainSafe(t);
                v = state[x];
            }
            if ((v >>> S & F) == IN && ((!term && n - rep[x] < t) || exitHi[x] > hiT)) {
                state[x] = v & ~(F << S) | last << S;
                work.push(2 * x + 1);
                drainSafe(t);
            }
        }
    }

    private void drainSafe(int t) {
        int last = t - 1;
        int[] state = this.state;
        while (!work.isEmpty()) {
            int e = work.pop();
            int s = e >>> 1;
            if ((e & 1) == 0) {
                // s left Z in role M: every m predecessor has a move out of Z.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    int v = state[x];
                    if ((v >>> S & F) == IN) {
                        state[x] = v & ~(F << S) | last << S;
                        work.push(2 * x + 1);
                    }
                }
            } else {
                // s left Z in role m: an M predecessor leaves with its last move into Z, unless an exit secures t.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    int v = state[x] - COUNT_ONE;
                    if ((v >>> COUNT & 0xf) == 0 && (v & F) == IN && (v >>> EX) - 1 < t) {
                        v = v & ~F | last;
                        work.push(2 * x);
                    }
                    state[x] = v;
                }
            }
        }
    }

    /** {@code W_t} from {@code W_{t+1}}: the nodes of {@code Z_t} and those with a securing exit join, and what they attract. */
    private void attract(int t) {
        int gate = n - t + 1; // EXH <= gate: every exit has h <= n - t
        int[] state = this.state;
        for (int x = 0; x < size; x++) {
            int v = state[x];
            if ((v & F) == 0 && (zM[x] >= t || exitLo[x] >= t)) {
                state[x] = v | t;
                work.push(2 * x);
                drainAttract(t);
                v = state[x];
            }
            if ((v >>> S & F) == 0 && (zm[x] >= t || ((v >>> COUNT & 0xf) == 0 && v >>> EX <= gate))) {
                state[x] = v | t << S;
                work.push(2 * x + 1);
                drainAttract(t);
            }
        }
    }

    private void drainAttract(int t) {
        int gate = n - t + 1;
        int[] state = this.state;
        while (!work.isEmpty()) {
            int e = work.pop();
            int s = e >>> 1;
            if ((e & 1) == 0) {
                // s joined W in role M: an m predecessor joins with its last move outside W, if its exits allow.
                for (int i = predStart[s], end = predStart[s + 1]; i < end; i++) {
                    int x = pred[i];
                    int v = state[x] - COUNT_ONE;
                    if ((v >>> COUNT & 0xf) == 0 && (v >>> S & F) == 0 && v >>> EX <= gate) {
                        v |= t << S;
                        work.push(2 * x + 1);
                    }
                    state[x] = v;
                }
            } else {
                // s joined W in role m: every M predecessor can move into W.
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
