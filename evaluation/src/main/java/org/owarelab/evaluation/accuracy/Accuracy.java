package org.owarelab.evaluation.accuracy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.owarelab.agents.Agent;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.Side;
import org.owarelab.tables.EndgameTable;

/**
 * The accuracy of an agent against perfect play, by seed count on the board.
 *
 * <p>Sampling (seeded): per seed count {@code n}, a layout drawn uniformly from the table's
 * layouts of {@code n} seeds, a side to move drawn uniformly, and the mover's store drawn
 * uniformly among the stores that leave both players below the winning threshold (every
 * split of the captured seeds a game can have). "Reachable" is approximated by keeping only
 * positions where the game goes on and the mover has a choice (two or more legal moves), and
 * "judgeable" ones: the table knows the position's share and every move's share exactly
 * ({@code lo == hi}; see {@link EndgameTable}). Draws that fail the filter are redrawn and
 * counted, so {@link Row#keptShare} says how much of the space the figures speak for.
 *
 * <p>Per position the agent (reset with a per-position seed, no history before the position)
 * chooses a move; it is <b>optimal</b> when its share equals the position's, <b>outcome
 * preserving</b> when the win/draw/loss with the stores drawn stays the same, and its <b>seed
 * loss</b> is the position's share minus the move's.
 */
public final class Accuracy {
    private static final double Z95 = 1.959963984540054;
    /**
     * One seed count's figures: rates with 95% Wilson intervals, the mean loss with a 95% normal interval.
     *
     * @param keptShare the share of the draws that passed the filter
     */
    public record Row(int seeds, int positions, int optimal, int outcomeKept, double meanLoss, double lossLo,
            double lossHi, double keptShare) {
        public double optimalRate() {
            return positions == 0 ? 0 : optimal / (double) positions;
        }

        public double outcomeRate() {
            return positions == 0 ? 0 : outcomeKept / (double) positions;
        }

        public double[] optimalInterval() {
            return wilson(optimal, positions);
        }

        public double[] outcomeInterval() {
            return wilson(outcomeKept, positions);
        }
    }

    private Accuracy() {
    }

    /** The 95% Wilson score interval of {@code k} successes in {@code n}. */
    public static double[] wilson(long k, long n) {
        if (n == 0) {
            return new double[] {0, 1};
        }
        double z = 1.959963984540054;
        double p = k / (double) n;
        double z2 = z * z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[] {k == 0 ? 0 : Math.max(0, centre - half), k == n ? 1 : Math.min(1, centre + half)};
    }

    /** A sampled position and the table's share of every legal move ({@code -1}: not legal). */
    public record Sample(Position position, int share, int[] moveShares) {
    }

    /**
     * Draws a judgeable position of {@code n} seeds, or returns null after {@code tries} draws
     * fail; {@code drawn[0]} counts the draws.
     */
    public static Sample sample(EndgameTable table, int n, Random rnd, int tries, long[] drawn) {
        var rules = table.rules();
        int houses = rules.houses();
        int k = 2 * houses;
        int total = rules.totalSeeds();
        int[] c = new int[k];
        int[] h = new int[k];
        for (int t = 0; t < tries; t++) {
            drawn[0]++;
            long idx = (long) (rnd.nextDouble() * table.positions(n));
            int side = rnd.nextInt(2);
            int aMin = Math.max(0, total / 2 - n);
            int aMax = Math.min(total / 2, total - n);
            int a = aMin + rnd.nextInt(aMax - aMin + 1);
            table.decode(n, idx, c);
            for (int j = 0; j < k; j++) {
                h[(side * houses + j) % k] = c[j];
            }
            Position p = new Position(rules, h, side == Side.SOUTH ? a : total - n - a,
                    side == Side.SOUTH ? total - n - a : a, side);
            Board b = new Board(p);
            if (b.isOver() || Integer.bitCount(b.legalMask()) < 2 || table.lo(b) != table.hi(b)) {
                continue;
            }
            int[] shares = moveShares(table, b, n);
            if (shares != null) {
                return new Sample(p, table.lo(b), shares);
            }
        }
        return null;
    }

    /** The exact share of each legal move (-1 where not legal), or null if one is not exact in the table. */
    static int[] moveShares(EndgameTable table, Board b, int n) {
        int[][] bounds = table.moveBounds(b);
        int[] out = new int[bounds.length];
        for (int m = 0; m < bounds.length; m++) {
            if (bounds[m] == null) {
                out[m] = -1;
            } else if (bounds[m][0] != bounds[m][1]) {
                return null;
            } else {
                out[m] = bounds[m][0];
            }
        }
        return out;
    }

    /**
     * Measures one agent: {@code positions} judgeable positions per seed count in {@code from..to}.
     *
     * @param progress one line per seed count
     */
    public static List<Row> run(EndgameTable table, Agent agent, SearchLimit limit, int from, int to, int positions,
            long seed, Consumer<String> progress) {
        return run(table, List.of(agent), limit, from, to, positions, seed, progress);
    }

    /**
     * As {@link #run(EndgameTable, Agent, SearchLimit, int, int, int, long, Consumer)} with several
     * instances of one agent, each on a thread of its own, deciding the positions of a seed count
     * at once. The positions are drawn first, and every position resets its agent with the same
     * seed whichever instance takes it, so an agent whose moves do not depend on time gives the
     * same figures with any number of instances.
     */
    public static List<Row> run(EndgameTable table, List<Agent> agents, SearchLimit limit, int from, int to,
            int positions, long seed, Consumer<String> progress) {
        return run(table, agents, limit, from, to, positions, seed, progress, PROGRESS_NANOS);
    }

    /** A progress line within a seed count at most this often (besides the line that ends it). */
    static final long PROGRESS_NANOS = 30_000_000_000L;

    /** As {@link #run(EndgameTable, List, SearchLimit, int, int, int, long, Consumer)}, a line within a seed count every {@code periodNanos}. */
    static List<Row> run(EndgameTable table, List<Agent> agents, SearchLimit limit, int from, int to,
            int positions, long seed, Consumer<String> progress, long periodNanos) {
        if (agents.isEmpty()) {
            throw new IllegalArgumentException("accuracy: at least one agent is needed");
        }
        List<Row> rows = new ArrayList<>();
        int total = table.rules().totalSeeds();
        for (int n = from; n <= to; n++) {
            Random rnd = new Random(seed * 1_000_003L + n);
            long[] drawn = {0};
            List<Sample> samples = new ArrayList<>();
            for (int i = 0; i < positions; i++) {
                Sample s = sample(table, n, rnd, 100_000, drawn);
                if (s == null) {
                    break;
                }
                samples.add(s);
            }
            int[] moves = decide(agents, samples, limit, seed, n, progress, periodNanos);
            int done = 0;
            int optimal = 0;
            int kept = 0;
            double sum = 0;
            double sum2 = 0;
            for (int i = 0; i < samples.size(); i++) {
                Sample s = samples.get(i);
                Board b = new Board(s.position());
                int got = s.moveShares()[moves[i]];
                int a = b.store(b.toMove());
                done++;
                int loss = s.share() - got;
                if (loss == 0) {
                    optimal++;
                }
                if (EndgameTable.outcome(total, a, got, got) == EndgameTable.outcome(total, a, s.share(), s.share())) {
                    kept++;
                }
                sum += loss;
                sum2 += (double) loss * loss;
            }
            double mean = done == 0 ? 0 : sum / done;
            double var = done < 2 ? 0 : Math.max(0, (sum2 - done * mean * mean) / (done - 1));
            double half = done == 0 ? 0 : Z95 * Math.sqrt(var / done);
            Row row = new Row(n, done, optimal, kept, mean, Math.max(0, mean - half), mean + half,
                    drawn[0] == 0 ? 0 : done / (double) drawn[0]);
            rows.add(row);
            progress.accept(String.format(java.util.Locale.ROOT,
                    "accuracy: %d seeds: %d positions, optimal %.1f%%, outcome kept %.1f%%, mean loss %.3f seeds",
                    n, done, 100 * row.optimalRate(), 100 * row.outcomeRate(), mean));
        }
        return rows;
    }

    /**
     * Each sample's move, checked legal: position {@code i} decided by an agent reset with
     * {@code seed + 7919 i + n}; the agents take the positions in turn from a shared counter, one
     * thread each. The first failure (an agent's exception or illegal move) is thrown once all
     * threads have stopped.
     */
    private static int[] decide(List<Agent> agents, List<Sample> samples, SearchLimit limit, long seed, int n,
            Consumer<String> progress, long periodNanos) {
        int[] moves = new int[samples.size()];
        long t0 = System.nanoTime();
        java.util.concurrent.atomic.AtomicInteger decided = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicLong lastLine = new java.util.concurrent.atomic.AtomicLong(t0);
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<RuntimeException> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.function.IntConsumer work = k -> {
            Agent agent = agents.get(k);
            for (int i = next.getAndIncrement(); i < samples.size() && failure.get() == null;
                    i = next.getAndIncrement()) {
                try {
                    Sample s = samples.get(i);
                    Board b = new Board(s.position());
                    agent.reset(seed + 7919L * i + n);
                    int m = agent.decide(b, limit, SearchMonitor.NONE).move();
                    if (m < 0 || m >= s.moveShares().length || s.moveShares()[m] < 0) {
                        throw new IllegalStateException(agent.spec() + " played an illegal move " + m + " at "
                                + s.position().text());
                    }
                    moves[i] = m;
                    int d = decided.incrementAndGet();
                    long now = System.nanoTime();
                    long last = lastLine.get();
                    if (d < samples.size() && now - last >= periodNanos && lastLine.compareAndSet(last, now)) {
                        double secs = (now - t0) / 1e9;
                        progress.accept(String.format(java.util.Locale.ROOT,
                                "accuracy: %d seeds: %d/%d positions, %.0f s  ~%.0f s left", n, d, samples.size(), secs,
                                secs / d * (samples.size() - d)));
                    }
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                } catch (Error e) {
                    // A thread that died of an error would leave its positions' moves unset: fail the run.
                    failure.compareAndSet(null, new IllegalStateException(agent.spec() + " failed: " + e, e));
                }
            }
        };
        if (agents.size() == 1) {
            work.accept(0);
        } else {
            List<Thread> threads = new ArrayList<>();
            for (int k = 0; k < agents.size(); k++) {
                int id = k;
                Thread t = new Thread(() -> work.accept(id), "accuracy-" + k);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    threads.forEach(Thread::interrupt);
                    throw new IllegalStateException("accuracy: interrupted while the agents searched", e);
                }
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return moves;
    }

    /**
     * The rows of several seed counts pooled into one ({@code seeds} 0): positions and counts summed,
     * the mean loss over all positions with its 95% normal interval (each row's variance recovered
     * from its interval), the kept share weighted by positions.
     */
    public static Row pooled(List<Row> rows) {
        int n = 0;
        int optimal = 0;
        int kept = 0;
        double sum = 0;
        double sum2 = 0;
        double draws = 0;
        for (Row r : rows) {
            if (r.positions() == 0) {
                continue;
            }
            n += r.positions();
            optimal += r.optimal();
            kept += r.outcomeKept();
            sum += r.meanLoss() * r.positions();
            double sd = (r.lossHi() - r.meanLoss()) / Z95 * Math.sqrt(r.positions());
            sum2 += sd * sd * (r.positions() - 1) + r.positions() * r.meanLoss() * r.meanLoss();
            draws += r.keptShare() > 0 ? r.positions() / r.keptShare() : 0;
        }
        double mean = n == 0 ? 0 : sum / n;
        double var = n < 2 ? 0 : Math.max(0, (sum2 - n * mean * mean) / (n - 1));
        double half = n == 0 ? 0 : Z95 * Math.sqrt(var / n);
        return new Row(0, n, optimal, kept, mean, Math.max(0, mean - half), mean + half, draws == 0 ? 0 : n / draws);
    }

    /**
     * One row as JSON fields: {@code seeds} (0: pooled), {@code positions}, {@code optimal} (rate) with
     * {@code optimal_lo}/{@code optimal_hi}, {@code outcome} likewise, {@code seed_loss} with
     * {@code seed_loss_lo}/{@code seed_loss_hi}, {@code kept}.
     */
    public static Map<String, Object> json(Row row) {
        double[] oi = row.optimalInterval();
        double[] ci = row.outcomeInterval();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seeds", row.seeds());
        m.put("positions", row.positions());
        m.put("optimal", row.optimalRate());
        m.put("optimal_lo", oi[0]);
        m.put("optimal_hi", oi[1]);
        m.put("outcome", row.outcomeRate());
        m.put("outcome_lo", ci[0]);
        m.put("outcome_hi", ci[1]);
        m.put("seed_loss", row.meanLoss());
        m.put("seed_loss_lo", row.lossLo());
        m.put("seed_loss_hi", row.lossHi());
        m.put("kept", row.keptShare());
        return m;
    }

    /** A one-line summary of a (pooled) row: optimal% [lo, hi], outcome kept%, mean seed loss. */
    public static String line(Row row) {
        double[] oi = row.optimalInterval();
        return String.format(java.util.Locale.ROOT, "optimal %.1f%% [%.1f, %.1f], outcome kept %.1f%%, seed loss %.3f",
                100 * row.optimalRate(), 100 * oi[0], 100 * oi[1], 100 * row.outcomeRate(), row.meanLoss());
    }
}
