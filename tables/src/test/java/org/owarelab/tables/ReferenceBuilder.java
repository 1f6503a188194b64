package org.owarelab.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.Repetition;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/**
 * The straightforward builder that {@link TableBuilder} replaced, kept as the reference for
 * {@link BuilderDifferentialTest}: the sweeps {@code lo = max(n - hi(child))},
 * {@code hi = max(n - lo(child))} over the whole layer until nothing changes, then the
 * repetition refinement by full passes per threshold (the greatest fixpoint Z, then its
 * attractor W). Slow (tens of passes per threshold) and obviously the definition; tests only.
 */
final class ReferenceBuilder {
    private static final int NONE = Integer.MIN_VALUE;
    private static final int CHUNK = 1 << 14;

    private final RuleSet rules;
    private final int maxSeeds;
    private final int threads;
    private final Layout layout;
    private final int houses;
    private final int k;
    private final boolean refine;

    /** A single-threaded reference build; {@code refine = false} leaves out the repetition refinement. */
    ReferenceBuilder(RuleSet rules, int maxSeeds, boolean refine) {
        this.rules = rules;
        this.refine = refine;
        this.maxSeeds = maxSeeds;
        this.threads = 1;
        this.houses = rules.houses();
        this.k = 2 * houses;
        this.layout = new Layout(k, maxSeeds);
    }

    EndgameTable build() {
        byte[][] lo = new byte[maxSeeds + 1][];
        byte[][] hi = new byte[maxSeeds + 1][];
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tables");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int n = 0; n <= maxSeeds; n++) {
                int size = (int) layout.count(n);
                lo[n] = new byte[size];
                hi[n] = new byte[size];
                int[] succ = new int[size * houses];
                byte[] rep = new byte[size];
                final int seeds = n;
                run(pool, size, (from, to) -> successors(seeds, from, to, lo, hi, succ, rep));
                while (run(pool, size, (from, to) -> sweep(seeds, from, to, lo[seeds], hi[seeds], succ))) {
                    // until nothing changes
                }
                if (refine) {
                    new Refinement(seeds, size, lo[n], hi[n], succ, rep, pool).run();
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new EndgameTable(rules, maxSeeds, lo, hi);
    }

    /** A task over layouts {@code from..to-1}; returns whether it changed anything. */
    private interface Range {
        boolean run(int from, int to);
    }

    private boolean run(ExecutorService pool, int size, Range task) {
        List<Future<Boolean>> parts = new ArrayList<>();
        for (int from = 0; from < size; from += CHUNK) {
            int f = from;
            int t = Math.min(size, from + CHUNK);
            parts.add(pool.submit(() -> task.run(f, t)));
        }
        boolean any = false;
        try {
            for (Future<Boolean> p : parts) {
                any |= p.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("tables build interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        return any;
    }

    private static int exit(int l, int h) {
        return -1 - (l | h << 8);
    }

    /** The moves of layouts {@code from..to-1} of {@code n} seeds; sets lo/hi of layouts with no move inside the layer. */
    private boolean successors(int n, int from, int to, byte[][] lo, byte[][] hi, int[] succ, byte[] rep) {
        int total = rules.totalSeeds();
        int a = total / 2 - n;
        int b = total - n - a;
        int[] c = new int[k];
        int[] child = new int[k];
        Board board = new Board(rules);
        for (int idx = from; idx < to; idx++) {
            layout.layout(n, idx, c);
            board.set(new Position(rules, c, a, b, Side.SOUTH));
            int mine = board.seedsOnSide(Side.SOUTH);
            rep[idx] = (byte) (rules.repetition() == Repetition.OWN_SIDE ? mine
                    : n / 2 + (n % 2 == 1 && mine > n - mine ? 1 : 0));
            int base = idx * houses;
            java.util.Arrays.fill(succ, base, base + houses, NONE);
            if (board.isOver()) {
                int s = board.finalStore(Side.SOUTH) - a;
                lo[n][idx] = (byte) s;
                hi[n][idx] = (byte) s;
                continue;
            }
            int bestLo = -1;
            int bestHi = -1;
            boolean inside = false;
            int mask = board.legalMask();
            for (int m = 0; m < houses; m++) {
                if ((mask >>> m & 1) == 0) {
                    continue;
                }
                board.play(m);
                int l;
                int h;
                if (board.isOver()) {
                    l = board.finalStore(Side.SOUTH) - a;
                    h = l;
                    succ[base + m] = exit(l, h);
                } else {
                    int captured = board.lastCaptured();
                    for (int i = 0; i < k; i++) {
                        child[i] = board.count((i + houses) % k);
                    }
                    long ci = layout.index(child);
                    if (captured > 0) {
                        int cn = n - captured;
                        l = n - hi[cn][(int) ci];
                        h = n - lo[cn][(int) ci];
                        succ[base + m] = exit(l, h);
                    } else {
                        succ[base + m] = (int) ci;
                        inside = true;
                        l = 0;
                        h = n;
                    }
                }
                bestLo = Math.max(bestLo, l);
                bestHi = Math.max(bestHi, h);
                board.undo();
            }
            lo[n][idx] = (byte) (inside ? 0 : bestLo);
            hi[n][idx] = (byte) (inside ? n : bestHi);
        }
        return false;
    }

    /**
     * Tightens the bounds of one layer with the repetition rule. For each threshold {@code t}
     * and each role of a layout (the player {@code M} who wants a share of at least {@code t} is
     * to move, or the other is), {@code Z} is the greatest set of nodes that are "safe" (a
     * repetition there would give {@code M} at least {@code t}) from which {@code M} can keep the
     * play in {@code Z} or leave by a move that secures {@code t}; {@code W} is the attractor of
     * {@code Z} and the securing exits. From {@code W}, {@code M} plays to {@code Z} without a
     * repeat (the attractor's rank falls), then stays in {@code Z}: so the game either leaves by a
     * securing exit or ends by repetition at a node of {@code Z} (any repeated node lies in
     * {@code Z}), and {@code M} gets at least {@code t} with the history starting at the node.
     */
    private final class Refinement {
        private final int n;
        private final int size;
        private final byte[] lo;
        private final byte[] hi;
        private final int[] succ;
        private final byte[] rep;
        private final ExecutorService pool;

        Refinement(int n, int size, byte[] lo, byte[] hi, int[] succ, byte[] rep, ExecutorService pool) {
            this.n = n;
            this.size = size;
            this.lo = lo;
            this.hi = hi;
            this.succ = succ;
            this.rep = rep;
            this.pool = pool;
        }

        void run() {
            byte[] lo2 = lo.clone();
            byte[] hi2 = hi.clone();
            byte[] zM = new byte[size];
            byte[] zm = new byte[size];
            for (int t = 1; t <= n; t++) {
                final int th = t;
                for (int x = 0; x < size; x++) {
                    zM[x] = (byte) (rep[x] >= t ? 1 : 0);
                    zm[x] = (byte) (n - rep[x] >= t ? 1 : 0);
                }
                // Z: remove nodes that cannot stay (greatest fixpoint); W: add attracted nodes (least).
                while (ReferenceBuilder.this.run(pool, size, (f, e) -> pass(th, f, e, zM, zm, false))) {
                    // until stable
                }
                while (ReferenceBuilder.this.run(pool, size, (f, e) -> pass(th, f, e, zM, zm, true))) {
                    // until stable
                }
                boolean any = false;
                for (int x = 0; x < size; x++) {
                    if (zM[x] != 0 && lo2[x] < t) {
                        lo2[x] = (byte) t;
                    }
                    if (zm[x] != 0 && hi2[x] > n - t) {
                        hi2[x] = (byte) (n - t);
                    }
                    any |= zM[x] != 0 || zm[x] != 0;
                }
                if (!any) {
                    break;
                }
            }
            for (int x = 0; x < size; x++) {
                lo[x] = lo2[x];
                hi[x] = hi2[x];
            }
        }

        /**
         * One pass at threshold {@code t}: with {@code grow} false, drops from {@code Z} the nodes
         * that cannot stay; with {@code grow} true, adds to {@code W} (held in the same arrays)
         * the nodes that can reach it.
         */
        private boolean pass(int t, int from, int to, byte[] wM, byte[] wm, boolean grow) {
            boolean changed = false;
            for (int x = from; x < to; x++) {
                int base = x * houses;
                boolean terminal = true;
                for (int m = 0; m < houses; m++) {
                    if (succ[base + m] != NONE) {
                        terminal = false;
                        break;
                    }
                }
                if (terminal) {
                    // No move: the share is exact; the node belongs where its value puts it.
                    byte inM = (byte) (lo[x] >= t ? 1 : 0);
                    byte inm = (byte) (n - hi[x] >= t ? 1 : 0);
                    if (wM[x] != inM || wm[x] != inm) {
                        wM[x] = inM;
                        wm[x] = inm;
                        changed = true;
                    }
                    continue;
                }
                if (wM[x] == (grow ? 0 : 1)) {
                    boolean some = false;
                    for (int m = 0; m < houses && !some; m++) {
                        int s = succ[base + m];
                        if (s == NONE) {
                            continue;
                        }
                        some = s >= 0 ? wm[s] != 0 : ((-1 - s) & 0xff) >= t;
                    }
                    if (some == grow) {
                        wM[x] = (byte) (grow ? 1 : 0);
                        changed = true;
                    }
                }
                if (wm[x] == (grow ? 0 : 1)) {
                    boolean all = true;
                    for (int m = 0; m < houses && all; m++) {
                        int s = succ[base + m];
                        if (s == NONE) {
                            continue;
                        }
                        all = s >= 0 ? wM[s] != 0 : n - ((-1 - s) >>> 8) >= t;
                    }
                    if (all == grow) {
                        wm[x] = (byte) (grow ? 1 : 0);
                        changed = true;
                    }
                }
            }
            return changed;
        }
    }

    /** One sweep over layouts {@code from..to-1}; returns whether a bound moved. */
    private boolean sweep(int n, int from, int to, byte[] lo, byte[] hi, int[] succ) {
        boolean changed = false;
        for (int idx = from; idx < to; idx++) {
            int base = idx * houses;
            int bestLo = -1;
            int bestHi = -1;
            boolean inside = false;
            for (int m = 0; m < houses; m++) {
                int s = succ[base + m];
                if (s == NONE) {
                    continue;
                }
                if (s >= 0) {
                    inside = true;
                    bestLo = Math.max(bestLo, n - hi[s]);
                    bestHi = Math.max(bestHi, n - lo[s]);
                } else {
                    int code = -1 - s;
                    bestLo = Math.max(bestLo, code & 0xff);
                    bestHi = Math.max(bestHi, code >>> 8);
                }
            }
            if (!inside) {
                continue;
            }
            if (bestLo != lo[idx] || bestHi != hi[idx]) {
                lo[idx] = (byte) bestLo;
                hi[idx] = (byte) bestHi;
                changed = true;
            }
        }
        return changed;
    }
}
