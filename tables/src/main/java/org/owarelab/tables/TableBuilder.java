package org.owarelab.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.Repetition;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/**
 * Builds an {@link EndgameTable} by retrograde analysis, one seed count at a time from 0 up
 * (a capture only lowers the count, so every capture leads into a finished layer).
 *
 * <p>Per layer: one pass, in parallel, asks the rules engine (the {@link Board}'s public API
 * only) for every move of every layout: a move that ends the game has an exact share; one that
 * captures lands in a lower layer, whose bounds are known; the rest stay in the layer
 * ({@code succ}). Positions are set with the mover's store at {@code total/2 - n}, so no move
 * reaches the "more than half" threshold and every end the engine reports is a true game end.
 * Then the moves are reversed ({@link LayerGraph}), and the bounds of the layer
 * ({@link Bounds}: the least fixpoint of {@code lo = max(n - hi(child))},
 * {@code hi = max(n - lo(child))}) and their repetition refinement ({@link Refinement}) are
 * computed by retrograde analysis, one threshold at a time, following each move backwards a
 * bounded number of times rather than sweeping the layer to a fixpoint. The values are those of
 * the sweeps and full passes that define them, bit for bit ({@code BuilderDifferentialTest}).
 * Last, with the final bounds, the distance of every layout to the next capture or game end
 * ({@link Distances}), again by retrograde analysis over the reversed moves.
 * {@code succ} stays the layer's list of moves until the layer is done.
 */
public final class TableBuilder {
    private static final int NONE = LayerGraph.NONE;
    private static final int CHUNK = 1 << 14;

    private final RuleSet rules;
    private final int maxSeeds;
    private final int threads;
    private final Consumer<String> progress;
    private final Layout layout;
    private final int houses;
    private final int k;
    private final boolean refine;
    /** A line within a seed count (after a threshold) at most this often; one per layer besides. */
    private long progressNanos = 30_000_000_000L;

    /**
     * @param maxSeeds 0..totalSeeds/2
     * @param threads worker threads (>= 1)
     * @param progress receives one line per layer, and within a layer that takes long a line
     *     at most every 30 s with the phase, the threshold and, for the bounds, the positions
     *     solved so far
     */
    public TableBuilder(RuleSet rules, int maxSeeds, int threads, Consumer<String> progress) {
        this(rules, maxSeeds, threads, progress, true);
    }

    /** As above; {@code refine = false} leaves out the repetition refinement (the plain bounds, for tests). */
    TableBuilder(RuleSet rules, int maxSeeds, int threads, Consumer<String> progress, boolean refine) {
        if (maxSeeds < 0 || maxSeeds > rules.totalSeeds() / 2) {
            throw new IllegalArgumentException("--seeds " + maxSeeds + ": expected 0.." + rules.totalSeeds() / 2
                    + " (half the seeds of rules " + rules + ")");
        }
        long size = new Layout(2 * rules.houses(), maxSeeds).count(maxSeeds);
        if (size * rules.houses() > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("--seeds " + maxSeeds + ": " + size
                    + " layouts in the top layer, more than this builder indexes in memory");
        }
        this.rules = rules;
        this.refine = refine;
        this.maxSeeds = maxSeeds;
        this.threads = Math.max(1, threads);
        this.progress = progress;
        this.houses = rules.houses();
        this.k = 2 * houses;
        this.layout = new Layout(k, maxSeeds);
    }

    /** Within-layer progress lines every {@code nanos} (tests: 0, a line after every sweep). */
    TableBuilder progressEvery(long nanos) {
        this.progressNanos = nanos;
        return this;
    }

    public EndgameTable build() {
        try {
            return layers();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private EndgameTable layers() throws Exception {
        byte[][] lo = new byte[maxSeeds + 1][];
        byte[][] hi = new byte[maxSeeds + 1][];
        byte[][] dist = new byte[maxSeeds + 1][];
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tables");
            t.setDaemon(true);
            return t;
        });
        try {
            long t0 = System.nanoTime();
            for (int n = 0; n <= maxSeeds; n++) {
                long t1 = System.nanoTime();
                int size = (int) layout.count(n);
                lo[n] = new byte[size];
                hi[n] = new byte[size];
                int[] succ = new int[size * houses];
                byte[] rep = new byte[size];
                final int seeds = n;
                Progress line = new Progress(n, t1);
                run(pool, size, (from, to) -> successors(seeds, from, to, lo, hi, succ, rep), line::moves);
                LayerGraph graph = new LayerGraph(n, size, houses, succ, lo[n]);
                long t2 = System.nanoTime();
                // The refinement reads the moves, not the plain bounds: it runs beside them on a
                // second thread, and is applied once both are done.
                long[] refineNanos = new long[1];
                Callable<Refinement> refinement = () -> {
                    long r0 = System.nanoTime();
                    Refinement r = Refinement.compute(graph, rep, t -> line.threshold("refinement", t, null));
                    refineNanos[0] = System.nanoTime() - r0;
                    return r;
                };
                Future<Refinement> beside = refine && threads > 1 ? pool.submit(refinement) : null;
                Bounds.solve(graph, lo[n], hi[n], (t, solved) -> line.threshold("bounds", t, solved));
                long boundsNanos = System.nanoTime() - t2;
                int open0 = open(lo[n], hi[n]);
                if (refine) {
                    (beside == null ? refinement.call() : join(beside)).tighten(lo[n], hi[n]);
                }
                long t3 = System.nanoTime();
                dist[n] = Distances.compute(graph, lo[n], hi[n]);
                long moves = graph.edges();
                long t4 = System.nanoTime();
                int open = open(lo[n], hi[n]);
                int[] finite = finite(lo[n], hi[n], dist[n]);
                progress.accept(String.format(java.util.Locale.ROOT,
                        "tables: %d seeds: %d positions, %d moves inside the layer, %d with lo<hi (%.2f%%; %d before the"
                                + " repetition refinement), %d with a distance (%d of the %d exact), %.1f s (moves %.1f s,"
                                + " bounds %.1f s, refinement %.1f s%s, distances %.1f s; total %.1f s)",
                        n, size, moves, open, size == 0 ? 0 : 100.0 * open / size, open0, finite[0], finite[1],
                        size - open, (t4 - t1) / 1e9, (t2 - t1) / 1e9, boundsNanos / 1e9, refineNanos[0] / 1e9,
                        beside == null ? "" : " beside them", (t4 - t3) / 1e9, (t4 - t0) / 1e9));
            }
        } finally {
            pool.shutdownNow();
        }
        return new EndgameTable(rules, maxSeeds, lo, hi, dist);
    }

    /** The layouts with a finite distance, all of them and those with {@code lo == hi}. */
    private static int[] finite(byte[] lo, byte[] hi, byte[] dist) {
        int all = 0;
        int exact = 0;
        for (int i = 0; i < lo.length; i++) {
            if ((dist[i] & 0xff) != EndgameTable.NO_DISTANCE) {
                all++;
                if (lo[i] == hi[i]) {
                    exact++;
                }
            }
        }
        return new int[] {all, exact};
    }

    /** The within-layer progress lines of one layer, at most one per {@link #progressNanos}. */
    private final class Progress {
        private final int n;
        private final long start;
        private long last;

        Progress(int n, long start) {
            this.n = n;
            this.start = start;
            this.last = start;
        }

        /** After the moves of the first {@code done} layouts are listed. */
        synchronized void moves(int done) {
            long now = System.nanoTime();
            if (due(now)) {
                progress.accept(String.format(java.util.Locale.ROOT, "tables: %d seeds: moves of %d/%d positions listed, %.0f s",
                        n, done, layout.count(n), (now - start) / 1e9));
            }
        }

        private boolean due(long now) {
            if (now - last < progressNanos) {
                return false;
            }
            last = now;
            return true;
        }

        /** After threshold {@code t} of a phase; {@code solved} (null for none) counts the positions solved so far. */
        synchronized void threshold(String phase, int t, java.util.function.LongSupplier solved) {
            long now = System.nanoTime();
            if (!due(now)) {
                return;
            }
            String count = solved == null ? "" : String.format(java.util.Locale.ROOT, ", %d/%d positions solved",
                    solved.getAsLong(), layout.count(n));
            progress.accept(String.format(java.util.Locale.ROOT, "tables: %d seeds: %s, threshold %d of %d%s, %.0f s",
                    n, phase, t, n, count, (now - start) / 1e9));
        }
    }

    private static <T> T join(Future<T> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
        }
    }

    /** The layouts whose bounds still differ. */
    private static int open(byte[] lo, byte[] hi) {
        int open = 0;
        for (int i = 0; i < lo.length; i++) {
            if (lo[i] != hi[i]) {
                open++;
            }
        }
        return open;
    }

    /** A task over layouts {@code from..to-1}. */
    private interface Range {
        void run(int from, int to);
    }

    /** Runs {@code task} over {@code 0..size-1} in chunks; {@code done} hears how many layouts are done (in order). */
    private void run(ExecutorService pool, int size, Range task, java.util.function.IntConsumer done) {
        List<Future<?>> parts = new ArrayList<>();
        for (int from = 0; from < size; from += CHUNK) {
            int f = from;
            int t = Math.min(size, from + CHUNK);
            parts.add(pool.submit(() -> task.run(f, t)));
        }
        try {
            for (int i = 0; i < parts.size(); i++) {
                parts.get(i).get();
                done.accept((int) Math.min(size, (i + 1L) * CHUNK));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("tables build interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private static int exit(int l, int h) {
        return LayerGraph.exit(l, h);
    }

    /** The moves of layouts {@code from..to-1} of {@code n} seeds; sets lo/hi of layouts with no move inside the layer. */
    private void successors(int n, int from, int to, byte[][] lo, byte[][] hi, int[] succ, byte[] rep) {
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
    }
}
