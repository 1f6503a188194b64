package org.owarelab.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Plays a list of scheduled games on a thread budget: each worker takes the next game in list
 * order, plays it with its own two agents ({@link GameRunner}), and hands the record to a
 * callback. Since every game's result depends only on its {@link ScheduledGame}, the records do
 * not depend on the thread count; only the order in which they finish does.
 */
public final class Arena {
    private Arena() {
    }

    /**
     * Plays {@code games}; blocks until every game is done or {@code stop} says to start no more.
     *
     * @param threads games played at once, at least 1
     * @param finished told of each record as its game ends, one call at a time (under a lock), from
     *     the worker threads, in finishing order; an exception it throws stops the run and is rethrown
     * @param stop asked before each game starts; true lets the games in flight finish and starts no
     *     more (e.g. a gate that has decided)
     * @return the records in list order; null for games not played because of {@code stop}
     * @throws InterruptedException if the calling thread is interrupted (the workers are then stopped)
     */
    public static MatchRecord[] play(GameRunner runner, List<ScheduledGame> games, int threads,
            Consumer<MatchRecord> finished, BooleanSupplier stop) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        int n = games.size();
        MatchRecord[] records = new MatchRecord[n];
        if (n == 0) {
            return records;
        }
        AtomicInteger next = new AtomicInteger();
        Object lock = new Object();
        int workers = Math.min(threads, n);
        AtomicInteger names = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "arena-" + names.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < workers; t++) {
                futures.add(pool.submit(() -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        int g;
                        synchronized (lock) {
                            if (stop.getAsBoolean()) {
                                return;
                            }
                            g = next.getAndIncrement();
                        }
                        if (g >= n) {
                            return;
                        }
                        MatchRecord r = runner.play(games.get(g));
                        synchronized (lock) {
                            records[g] = r;
                            finished.accept(r);
                        }
                    }
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException("arena worker failed", cause);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return records;
    }
}
