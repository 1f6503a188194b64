package org.owarelab.tables;

/**
 * The distance of every layout of one layer, by retrograde analysis over the layer's reversed
 * moves ({@link LayerGraph}), once its bounds are final (after {@link Bounds} and
 * {@link Refinement}).
 *
 * <p><b>Definition.</b> A <i>zeroing</i> move is one that captures or ends the game (an exit of
 * the layer). Let {@code t = lo(x)} be what the mover of {@code x} secures. Its moves that keep
 * {@code t} are the exits whose lower bound is {@code t} and the moves to a layout {@code y} of
 * the layer with {@code n - hi(y) = t}; the opponent's replies at {@code y} that <i>hold</i>
 * {@code t} are its exits and its moves to a {@code z} with {@code lo(z) = t} (the others,
 * {@code lo(z) > t}, concede more). Then
 *
 * <pre>
 *   D(x) = 0 where the game is over at x,
 *   D(x) = min over the moves of x that keep t of (1 for an exit, 1 + E(y) otherwise),
 *   E(y) = max over the replies at y that hold t of (1 for an exit, 1 + D(z) otherwise),
 * </pre>
 *
 * the least fixpoint, {@link EndgameTable#NO_DISTANCE} where it is infinite (or above
 * {@value #MAX}). So {@code D(x)} is the number of plies within which the mover, keeping its
 * lower bound, forces a zeroing move against every reply that holds it there; a reply that
 * concedes raises the mover's {@code lo}, and a new count starts there. Along such play the pair
 * ({@code lo}, {@code -D}) of the mover's positions rises strictly at every turn, so no position
 * repeats before the zeroing move. {@code D} is infinite where the mover secures {@code lo} only
 * by steering into a repetition (a bound the {@link Refinement} raised), and where
 * the opponent can keep the play among holding positions for ever.
 *
 * <p>The opponent's distance {@code E} is not stored: it is one ply of look-ahead over the
 * stored {@code D} ({@link Lookahead}), and so is {@code D} from {@code E}, which is what the
 * check ({@link Bellman#distanceViolations}) recomputes.
 *
 * <p>How: one breadth-first pass over the nodes (layout, role) at once, since every move that
 * keeps or holds a bound joins two nodes of the same threshold. Level 1: the mover's nodes with
 * an exit that keeps {@code lo}, and the opponent's nodes with no holding move inside the layer.
 * A ranked opponent's node ranks each unranked predecessor whose keeping move leads to it (the
 * first to do so gives the least rank, as the levels come in order); a ranked mover's node
 * lowers the count of holding moves left of each predecessor, which ranks when it reaches zero
 * (the last one gives the greatest). Each in-layer move is followed backwards at most twice.
 * Memory: a byte per layout for each role and for the counts, and a queue of up to two ints per
 * layout. Single-threaded.
 */
final class Distances {
    /** The largest distance stored; a longer one is stored as {@link EndgameTable#NO_DISTANCE}. */
    static final int MAX = 254;

    private Distances() {
    }

    /** The distance {@code D} of every layout of {@code g}, whose final bounds are {@code lo} and {@code hi}. */
    static byte[] compute(LayerGraph g, byte[] lo, byte[] hi) {
        final int size = g.size;
        final int n = g.n;
        final int houses = g.houses;
        final int[] succ = g.succ;
        // Ranks while the pass runs: 0 = not yet ranked, 255 = ranked beyond MAX (still propagated).
        byte[] d = new byte[size];
        byte[] e = new byte[size];
        byte[] left = new byte[size];
        int[] queue = new int[2 * size];
        int tail = 0;
        for (int x = 0; x < size; x++) {
            if (g.terminal[x]) {
                continue;
            }
            if (g.exitLo[x] >= lo[x]) {
                d[x] = 1;
                queue[tail++] = 2 * x;
            }
            int hold = n - hi[x];
            int count = 0;
            for (int m = 0, base = x * houses; m < houses; m++) {
                int z = succ[base + m];
                if (z >= 0 && lo[z] == hold) {
                    count++;
                }
            }
            left[x] = (byte) count;
            if (count == 0) {
                e[x] = 1;
                queue[tail++] = 2 * x + 1;
            }
        }
        int head = 0;
        int levelEnd = tail;
        int rank = 1;
        while (head < tail) {
            if (head == levelEnd) {
                levelEnd = tail;
                rank++;
            }
            int next = Math.min(rank + 1, 255);
            int q = queue[head++];
            int s = q >>> 1;
            if ((q & 1) == 0) {
                // The mover's node s is ranked: one holding move fewer for each predecessor y with lo(s) = n - hi(y).
                for (int i = g.predStart[s], end = g.predStart[s + 1]; i < end; i++) {
                    int y = g.pred[i];
                    if (e[y] == 0 && lo[s] == n - hi[y] && --left[y] == 0) {
                        e[y] = (byte) next;
                        queue[tail++] = 2 * y + 1;
                    }
                }
            } else {
                // The opponent's node s is ranked: each predecessor x keeping lo(x) = n - hi(s) by the move ranks.
                for (int i = g.predStart[s], end = g.predStart[s + 1]; i < end; i++) {
                    int x = g.pred[i];
                    if (d[x] == 0 && hi[s] == n - lo[x]) {
                        d[x] = (byte) next;
                        queue[tail++] = 2 * x;
                    }
                }
            }
        }
        byte[] out = new byte[size];
        for (int x = 0; x < size; x++) {
            int v = d[x] & 0xff;
            out[x] = (byte) (g.terminal[x] ? 0 : v == 0 || v > MAX ? EndgameTable.NO_DISTANCE : v);
        }
        return out;
    }
}
