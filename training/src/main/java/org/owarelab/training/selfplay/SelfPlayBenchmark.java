package org.owarelab.training.selfplay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Measures batched self-play: {@code workers} threads, each a {@link SelfPlayWorker} with its
 * own evaluator, play a fixed number of games after a warm-up; then the same evaluators are
 * timed alone on batches of the mean self-play batch size, so that
 * {@code efficiency = self-play evals/s / raw evals/s}. The evaluator's share of the self-play
 * time is measured by wrapping it; the rest is the search (selection, moves on the boards,
 * backup, move choice, records).
 *
 * <p>{@link #runRounds} repeats the pair (self-play, then the raw evaluators) several times: on
 * a shared machine whose speed drifts, each round's efficiency compares two figures taken a few
 * seconds apart, and the median of the rounds says more than one ratio of figures taken under
 * different loads.
 */
public final class SelfPlayBenchmark {
    /**
     * @param stats the measured run's counters, summed over workers
     * @param seconds its wall time
     * @param cpuSeconds CPU time of the worker threads, summed
     * @param evaluatorSeconds time inside the evaluator, summed over workers
     * @param rawEvalsPerSecond the evaluators' own throughput at the mean batch size, all workers at once
     */
    public record Result(int workers, SelfPlayStats stats, double seconds, double cpuSeconds, double evaluatorSeconds,
            double rawEvalsPerSecond) {
        /** Simulations per second of worker CPU time: less sensitive to other load on the machine. */
        public double simulationsPerCpuSecond() {
            return stats.simulations() / cpuSeconds;
        }

        public double simulationsPerSecond() {
            return stats.simulations() / seconds;
        }

        public double evalsPerSecond() {
            return stats.evaluated() / seconds;
        }

        public double positionsPerSecond() {
            return stats.positions() / seconds;
        }

        /** Self-play evaluations per second over the raw batched throughput. */
        public double efficiency() {
            return rawEvalsPerSecond <= 0 ? Double.NaN : evalsPerSecond() / rawEvalsPerSecond;
        }

        /** Share of the workers' time spent inside the evaluator. */
        public double evaluatorShare() {
            return evaluatorSeconds / (seconds * workers);
        }
    }

    /**
     * Measured rounds joined: their counts and times summed, the raw throughput the rounds' median
     * (each round compares figures taken seconds apart), and the rounds' efficiencies' median and
     * range.
     */
    public record Rounds(List<Result> rounds, Result joined, double medianEfficiency, double minEfficiency,
            double maxEfficiency) {
        public static Rounds of(List<Result> rounds) {
            if (rounds.isEmpty()) {
                throw new IllegalArgumentException("no rounds");
            }
            double[] eff = new double[rounds.size()];
            double[] raws = new double[rounds.size()];
            SelfPlayStats stats = SelfPlayStats.ZERO;
            double seconds = 0;
            double cpuSeconds = 0;
            double evSeconds = 0;
            for (int i = 0; i < rounds.size(); i++) {
                Result x = rounds.get(i);
                eff[i] = x.efficiency();
                raws[i] = x.rawEvalsPerSecond();
                stats = stats.plus(x.stats());
                seconds += x.seconds();
                cpuSeconds += x.cpuSeconds();
                evSeconds += x.evaluatorSeconds();
            }
            Result joined = new Result(rounds.get(0).workers(), stats, seconds, cpuSeconds, evSeconds, median(raws));
            return new Rounds(List.copyOf(rounds), joined, median(eff), Arrays.stream(eff).min().getAsDouble(),
                    Arrays.stream(eff).max().getAsDouble());
        }

        /** The middle value (the mean of the two middle ones for an even count). */
        static double median(double[] xs) {
            double[] s = xs.clone();
            Arrays.sort(s);
            int n = s.length;
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private SelfPlayBenchmark() {
    }

    /**
     * Runs the benchmark: one warm-up as long as a round, then {@code rounds} rounds, each a measured self-play run
     * of {@code gamesPerWorker} games per worker (the games in flight carry on from round to
     * round) followed by the raw evaluators' throughput at that run's mean batch size.
     *
     * @param gamesPerWorker games each worker finishes in a round, playing continuously
     * @return one result per round, in order
     */
    public static List<Result> runRounds(SelfPlayConfig cfg, RuleSet rules, Supplier<Evaluator> evaluators,
            ObservationEncoder encoder, int workers, int gamesPerWorker, int rounds, long seed)
            throws InterruptedException {
        if (workers < 1 || gamesPerWorker < 1 || rounds < 1) {
            throw new IllegalArgumentException("workers, games per worker and rounds must be >= 1");
        }
        List<TimedEvaluator> evs = new ArrayList<>();
        List<SelfPlayWorker> ws = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            TimedEvaluator ev = new TimedEvaluator(evaluators.get());
            evs.add(ev);
            ws.add(new SelfPlayWorker(cfg, rules, ev, encoder, seed));
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            for (int w = 0; w < workers; w++) {
                ws.get(w).setGameIds(w, workers);
            }
            // Continuous play: the warm-up's games in flight go on into the measured run, so
            // batches stay full throughout (no tail of a last generation). The warm-up is as long
            // as a round: the games all start together, and until some have ended and been
            // replaced, the batch holds positions of one phase of the game.
            int warm = gamesPerWorker;
            all(pool, workers, w -> ws.get(w).playContinuous(warm, (g, p) -> { }));
            List<Result> results = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                results.add(round(pool, ws, evs, rules, workers, gamesPerWorker, seed));
            }
            return results;
        } finally {
            pool.shutdownNow();
            for (TimedEvaluator e : evs) {
                e.close();
            }
        }
    }

    private static Result round(ExecutorService pool, List<SelfPlayWorker> ws, List<TimedEvaluator> evs, RuleSet rules,
            int workers, int gamesPerWorker, long seed) throws InterruptedException {
        SelfPlayStats before = sum(ws);
        double evBefore = evs.stream().mapToLong(e -> e.nanos).sum();
        long[] cpu = new long[workers];
        long t0 = System.nanoTime();
        all(pool, workers, w -> {
            long c0 = THREADS.getCurrentThreadCpuTime();
            ws.get(w).playContinuous(gamesPerWorker, (g, p) -> { });
            cpu[w] = THREADS.getCurrentThreadCpuTime() - c0;
        });
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = Arrays.stream(cpu).sum() / 1e9;
        SelfPlayStats after = sum(ws);
        SelfPlayStats run = after.minus(before);
        double evSeconds = (evs.stream().mapToLong(e -> e.nanos).sum() - evBefore) / 1e9;
        int batch = (int) Math.max(1, Math.round(run.meanBatch()));
        double raw = raw(pool, evs, rules, batch, Math.max(0.5, Math.min(3.0, seconds / 4)), seed);
        return new Result(workers, run, seconds, cpuSeconds, evSeconds, raw);
    }

    /** Evaluations per second of all evaluators at once on fixed batches of {@code batch} mid-game positions. */
    private static double raw(ExecutorService pool, List<TimedEvaluator> evs, RuleSet rules, int batch, double seconds,
            long seed) throws InterruptedException {
        Board[] boards = new Board[batch];
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < batch; i++) {
            Board b = new Board(rules);
            int plies = rng.nextInt(40);
            while (b.ply() < plies) {
                int mask = b.legalMask();
                b.play(pick(mask, rng));
                if (b.isOver()) {
                    b.undo();
                    break;
                }
            }
            boards[i] = b;
        }
        long[] counts = new long[evs.size()];
        long t0 = System.nanoTime();
        long until = t0 + (long) (seconds * 1e9);
        all(pool, evs.size(), w -> {
            Board[] mine = new Board[batch];
            for (int i = 0; i < batch; i++) {
                mine[i] = boards[i].copy();
            }
            float[] priors = new float[batch * rules.houses()];
            float[] values = new float[batch];
            Evaluator ev = evs.get(w).inner;
            while (System.nanoTime() < until) {
                ev.evaluate(mine, batch, priors, values);
                counts[w] += batch;
            }
        });
        double elapsed = (System.nanoTime() - t0) / 1e9;
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total / elapsed;
    }

    private static int pick(int mask, SplittableRandom rng) {
        int k = rng.nextInt(Integer.bitCount(mask));
        for (int m = 0;; m++) {
            if ((mask >>> m & 1) != 0 && k-- == 0) {
                return m;
            }
        }
    }

    private interface PerWorker {
        void run(int worker);
    }

    private static void all(ExecutorService pool, int n, PerWorker task) throws InterruptedException {
        List<Future<?>> fs = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            int id = w;
            fs.add(pool.submit(() -> task.run(id)));
        }
        for (Future<?> f : fs) {
            try {
                f.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("benchmark worker failed: " + e.getCause(), e.getCause());
            }
        }
    }

    private static SelfPlayStats sum(List<SelfPlayWorker> ws) {
        SelfPlayStats s = SelfPlayStats.ZERO;
        for (SelfPlayWorker w : ws) {
            s = s.plus(w.stats());
        }
        return s;
    }

    /** Times the calls of the evaluator it wraps (one clock read per batch). */
    private static final class TimedEvaluator implements Evaluator {
        final Evaluator inner;
        long nanos;

        TimedEvaluator(Evaluator inner) {
            this.inner = inner;
        }

        @Override
        public int actions() {
            return inner.actions();
        }

        @Override
        public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
            long t0 = System.nanoTime();
            inner.evaluate(boards, count, priors, values);
            nanos += System.nanoTime() - t0;
        }

        @Override
        public void close() {
            inner.close();
        }
    }
}
