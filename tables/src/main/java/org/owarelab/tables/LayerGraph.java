package org.owarelab.tables;

/**
 * The moves of one layer (one seed count) as a graph for retrograde analysis: the builder's
 * successor array {@code succ} (per layout {@code houses} entries: the index of a child in the
 * same layer, an exit code {@code -1 - (l | h << 8)} for a move that captures or ends the game,
 * or {@link #NONE}), its reverse (the predecessors of every layout, as compressed rows), and per
 * layout a summary of the moves that leave the layer.
 *
 * <p>A layout with no move at all (the game is over there) is summarised as if it had one exit
 * worth its exact share {@code s}: {@code exitLo = exitHi = s}. With that, every fixpoint over
 * the layer treats it like any other layout, and only the repetition rule needs to know it
 * ({@link #terminal}).
 *
 * <p>Memory per layout: the {@code succ} it is given (4 bytes a move) plus 4 bytes of row offset,
 * 4 bytes per in-layer move that reaches it, and 4 bytes of summaries. Built single-threaded
 * (the counts and fill are a few sequential passes); read-only after construction.
 */
final class LayerGraph {
    /** A {@code succ} entry for an illegal move. */
    static final int NONE = Integer.MIN_VALUE;

    final int n;
    final int size;
    final int houses;
    final int[] succ;
    /** {@code pred[predStart[s] .. predStart[s + 1] - 1]}: the layouts with a move to {@code s} (once per move). */
    final int[] predStart;
    final int[] pred;
    /** The best lower bound among a layout's exits, -1 if it has none (its share if the game is over). */
    final byte[] exitLo;
    /** The best upper bound among a layout's exits, -1 if it has none (its share if the game is over). */
    final byte[] exitHi;
    /** The number of a layout's moves that stay in the layer. */
    final byte[] inside;
    /** Whether the game is over at the layout (it has no move). */
    final boolean[] terminal;

    /** The exit code of a move whose bounds, for its mover, are {@code l..h}. */
    static int exit(int l, int h) {
        return -1 - (l | h << 8);
    }

    static int exitLo(int code) {
        return (-1 - code) & 0xff;
    }

    static int exitHi(int code) {
        return (-1 - code) >>> 8;
    }

    /**
     * @param lo the share of the layouts where the game is over (read only there)
     */
    LayerGraph(int n, int size, int houses, int[] succ, byte[] lo) {
        this.n = n;
        this.size = size;
        this.houses = houses;
        this.succ = succ;
        exitLo = new byte[size];
        exitHi = new byte[size];
        inside = new byte[size];
        terminal = new boolean[size];
        predStart = new int[size + 1];
        long edges = 0;
        for (int x = 0; x < size; x++) {
            int base = x * houses;
            int l = -1;
            int h = -1;
            int in = 0;
            boolean any = false;
            for (int m = 0; m < houses; m++) {
                int s = succ[base + m];
                if (s == NONE) {
                    continue;
                }
                any = true;
                if (s >= 0) {
                    in++;
                    predStart[s + 1]++;
                } else {
                    l = Math.max(l, exitLo(s));
                    h = Math.max(h, exitHi(s));
                }
            }
            if (!any) {
                terminal[x] = true;
                l = lo[x];
                h = lo[x];
            }
            exitLo[x] = (byte) l;
            exitHi[x] = (byte) h;
            inside[x] = (byte) in;
            edges += in;
        }
        if (edges > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException(n + " seeds: " + edges + " moves inside the layer, more than one array holds");
        }
        for (int s = 0; s < size; s++) {
            predStart[s + 1] += predStart[s];
        }
        pred = new int[(int) edges];
        // predStart[s] := the end of row s (the start of row s + 1); the fill, walking the
        // layouts backwards, decrements it back to the row's start, so each row comes out in
        // increasing order.
        for (int s = 0; s < size; s++) {
            predStart[s] = predStart[s + 1];
        }
        for (int x = size - 1; x >= 0; x--) {
            int base = x * houses;
            for (int m = houses - 1; m >= 0; m--) {
                int s = succ[base + m];
                if (s >= 0) {
                    pred[--predStart[s]] = x;
                }
            }
        }
    }

    /** The moves that stay in the layer. */
    long edges() {
        return pred.length;
    }

    /** A growable stack of ints (the retrograde work lists). Not thread-safe. */
    static final class IntStack {
        private int[] a = new int[1 << 12];
        private int top;

        void push(int v) {
            if (top == a.length) {
                a = java.util.Arrays.copyOf(a, a.length * 2);
            }
            a[top++] = v;
        }

        boolean isEmpty() {
            return top == 0;
        }

        int pop() {
            return a[--top];
        }
    }
}
