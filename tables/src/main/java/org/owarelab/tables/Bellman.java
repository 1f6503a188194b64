package org.owarelab.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.Side;

/**
 * The Bellman consistency of a whole table, recomputed from the rules engine and the table's own
 * entries (not from the builder's move lists), in one walk over every layout that checks both:
 *
 * <ul>
 *   <li>the bounds: {@code lo = max over moves of the move's lower bound} and {@code hi = max over
 *       moves of its upper bound}, where a move that ends the game is worth what the engine shares
 *       out and any other move is worth {@code n - hi(child)} (resp. {@code n - lo(child)}); also
 *       {@code 0 <= lo <= hi <= n};
 *   <li>the distances: every stored distance equals the least over the moves that keep {@code lo}
 *       of what the move promises, recomputed from the distances one and two plies ahead
 *       ({@link Lookahead#afterMove}, the same code as {@link EndgameTable#moveDistances}); these
 *       equations have one solution (a finite distance falls strictly along its line, so no cycle
 *       satisfies them), so a table that meets them holds the distances {@code Distances} defines.
 * </ul>
 *
 * <p>The layouts are cut into chunks that worker threads take in turn, each with its own board;
 * the counts do not depend on the number of threads. Blocks until the walk is done.
 */
public final class Bellman {
    /** Layouts per chunk a worker takes at a time. */
    private static final int CHUNK = 1 << 15;

    private Bellman() {
    }

    /** The layouts that break the bound equations and the distance equations (both 0 for a sound table). */
    public record Violations(long bounds, long distances) {
    }

    /** {@link #check(EndgameTable, int, int)} on one thread. */
    public static Violations check(EndgameTable table, int seeds) {
        return check(table, seeds, 1);
    }

    /** Checks every layout with at most {@code seeds} seeds on {@code threads} threads (at least 1). */
    public static Violations check(EndgameTable table, int seeds, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads + ": expected >= 1");
        }
        List<long[]> chunks = new ArrayList<>(); // {n, from, to}
        for (int n = 0; n <= seeds; n++) {
            for (long from = 0, count = table.positions(n); from < count; from += CHUNK) {
                chunks.add(new long[] {n, from, Math.min(count, from + CHUNK)});
            }
        }
        AtomicInteger next = new AtomicInteger();
        long[][] counts = new long[threads][2];
        Thread[] workers = new Thread[threads];
        RuntimeException[] failure = new RuntimeException[1];
        for (int w = 0; w < threads; w++) {
            long[] mine = counts[w];
            workers[w] = new Thread(() -> {
                Walker walker = new Walker(table);
                for (int i = next.getAndIncrement(); i < chunks.size(); i = next.getAndIncrement()) {
                    long[] c = chunks.get(i);
                    walker.walk((int) c[0], c[1], c[2], mine);
                }
            }, "bellman-" + w);
            workers[w].setUncaughtExceptionHandler((t, e) -> {
                synchronized (failure) {
                    failure[0] = e instanceof RuntimeException r ? r : new IllegalStateException(e);
                }
            });
            workers[w].start();
        }
        for (Thread t : workers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Bellman check interrupted", e);
            }
        }
        synchronized (failure) {
            if (failure[0] != null) {
                throw failure[0];
            }
        }
        long bounds = 0;
        long distances = 0;
        for (long[] c : counts) {
            bounds += c[0];
            distances += c[1];
        }
        return new Violations(bounds, distances);
    }

    /** One worker's board and buffers: checks a range of layouts of one seed count. Not thread-safe. */
    private static final class Walker {
        private final EndgameTable table;
        private final int total;
        private final int[] c;
        private Board b;

        Walker(EndgameTable table) {
            this.table = table;
            this.total = table.rules().totalSeeds();
            this.c = new int[2 * table.rules().houses()];
        }

        /** Adds to {@code counts[0]} the bound violations and to {@code counts[1]} the distance violations of layouts {@code [from, to)} of {@code n} seeds. */
        void walk(int n, long from, long to, long[] counts) {
            int a = total / 2 - n; // the mover's store: no threshold is reachable from it
            for (long idx = from; idx < to; idx++) {
                table.layout().layout(n, idx, c);
                Position p = new Position(table.rules(), c, a, total - n - a, Side.SOUTH);
                if (b == null) {
                    b = new Board(p);
                } else {
                    b.set(p);
                }
                int lo = table.lo(n, idx);
                int hi = table.hi(n, idx);
                if (b.isOver()) {
                    int s = b.finalStore(b.toMove()) - a;
                    counts[0] += lo != s || hi != s ? 1 : 0;
                    counts[1] += table.distance(n, idx) != 0 ? 1 : 0;
                    continue;
                }
                int mover = b.toMove();
                int bestLo = -1;
                int bestHi = -1;
                int want = EndgameTable.NO_DISTANCE;
                for (int m = 0; m < b.housesPerSide(); m++) {
                    if (!b.isLegal(m)) {
                        continue;
                    }
                    b.play(m);
                    if (b.isOver()) {
                        int s = b.finalStore(mover) - a;
                        bestLo = Math.max(bestLo, s);
                        bestHi = Math.max(bestHi, s);
                    } else {
                        bestLo = Math.max(bestLo, n - table.hi(b));
                        bestHi = Math.max(bestHi, n - table.lo(b));
                    }
                    want = Math.min(want, Lookahead.afterMove(table, b, n, lo, mover, a));
                    b.undo();
                }
                counts[0] += lo < 0 || lo > hi || hi > n || bestLo != lo || bestHi != hi ? 1 : 0;
                counts[1] += table.distance(n, idx) != want ? 1 : 0;
            }
        }
    }
}
