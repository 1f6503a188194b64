package org.owarelab.agents.puct;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.rules.Board;

/**
 * One search on several threads over one shared {@link Tree}: each thread has its own
 * {@link Walker} (boards walked to its leaves) and its own {@link Evaluator}, and loops: walk to
 * up to {@code leaves} leaves with virtual loss, evaluate them, back them up. The walks and the
 * backups run under one lock (they are short: a few microseconds a leaf); the evaluator calls,
 * most of a network search's time, run outside it, so with T threads up to T network calls run
 * at once while the tree stays consistent (every visit counted once, every virtual visit taken
 * back). This is the scheme of AlphaZero-style engines with a network: lc0 and KataGo search
 * threads also share a tree and spend their time in the network, not in the tree.
 *
 * <p>The calling thread is thread 0: it alone polls the {@link SearchMonitor}; every thread reads
 * the deadline, and neither ends the search before its first simulation. A fixed simulation count is kept exactly (walks count the leaves the other
 * threads have in flight); which leaves are searched depends on the threads' timing, so results
 * are not reproducible (a seeded search runs on one thread). An evaluator failure stops every
 * thread and is rethrown to the caller with leaves still in flight (the caller starts a new tree).
 *
 * <p>The helper threads are daemon threads of a pool made at the first search and ended by
 * {@link #close}; every future is joined before {@link #run} returns. One search at a time.
 */
final class ThreadedSearch implements AutoCloseable {
    /** How long a thread with nothing to walk waits for another's backup before it looks at the clock again. */
    private static final long WAIT_NANOS = 200_000L;

    private final Tree tree;
    private final Evaluator[] evaluators;
    private final int leaves;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled after every backup (guarded by {@link #lock}). */
    private final Condition progress = lock.newCondition();
    private ExecutorService pool;
    /** Set once the search must end (clock, stop request, a failure); read by every thread. */
    private volatile boolean stop;
    private long calls;

    /**
     * @param evaluators one per thread ({@code evaluators.length} threads), each used by its thread alone
     * @param leaves most leaves a thread collects per evaluator call
     */
    ThreadedSearch(Tree tree, Evaluator[] evaluators, int leaves) {
        if (evaluators.length < 2 || leaves < 1) {
            throw new IllegalArgumentException("threaded search: " + evaluators.length + " threads (>= 2), leaves="
                    + leaves + " (>= 1)");
        }
        this.tree = tree;
        this.evaluators = evaluators;
        this.leaves = leaves;
    }

    /**
     * Runs the tree's current search ({@link Tree#beginSearch}) on every thread until its budget
     * is spent, the root is proven, {@code deadlineNanos} ({@link System#nanoTime}) passes or the
     * monitor asks to stop. On return no leaf is in flight and no thread runs.
     */
    void run(long deadlineNanos, SearchMonitor monitor) {
        int threads = evaluators.length;
        tree.threads(threads);
        tree.batching(leaves, leaves > 1);
        stop = false;
        if (pool == null) {
            pool = Executors.newFixedThreadPool(threads - 1, r -> {
                Thread t = new Thread(r, "puct-search");
                t.setDaemon(true);
                return t;
            });
        }
        List<Future<?>> helpers = new ArrayList<>(threads - 1);
        for (int k = 1; k < threads; k++) {
            int id = k;
            helpers.add(pool.submit(() -> work(id, deadlineNanos, SearchMonitor.NONE)));
        }
        RuntimeException failure = null;
        try {
            work(0, deadlineNanos, monitor);
        } catch (RuntimeException e) {
            failure = e;
        }
        stop = true;
        for (Future<?> f : helpers) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop = true;
                if (failure == null) {
                    failure = new IllegalStateException("search interrupted");
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        tree.stop(); // the clock or a stop may leave simulations of the budget: the search is over
    }

    /**
     * Thread {@code k}'s loop: under the lock, back up the leaves of its last evaluator call and
     * walk to the next ones; outside it, evaluate them. One hold of the lock per call, not two (a
     * backup, then a walk): half the lock operations, and no release that wakes a waiting thread
     * only for the releasing thread to take the lock back at once (the lock is not fair). On the
     * busy 2-core machine the two-hold loop's threads at times waited for the lock twice as long
     * as the other held it; on a quieter one both loops waited 2-6% of the time.
     */
    private void work(int k, long deadline, SearchMonitor monitor) {
        Walker w = tree.walker(k);
        Evaluator evaluator = evaluators[k];
        Board[] boards = new Board[leaves];
        float[] priors = new float[leaves * evaluator.actions()];
        float[] values = new float[leaves];
        int n = 0; // leaves of this thread's last call, evaluated and not yet backed up
        evaluator.searching(true);
        try {
            while (true) {
                lock.lock();
                try {
                    if (n > 0) {
                        calls++;
                        n = 0;
                        w.expand(priors, values, 0);
                        java.util.Arrays.fill(boards, null);
                        progress.signalAll();
                    }
                    // As on one thread, the clock and a stop end the search after its first simulation
                    // (the root's evaluation of a new tree): a move is always searched.
                    if (!stop && tree.budget.simsDone > 0 && (monitor.stopRequested()
                            || deadline != Long.MAX_VALUE && System.nanoTime() >= deadline)) {
                        stop = true;
                    }
                    if (stop || !tree.searching()) {
                        return;
                    }
                    int before = tree.budget.simsDone;
                    n = w.collect(boards, 0, leaves);
                    if (n == 0) {
                        w.expand(priors, values, 0); // takes back the virtual visits of collisions held
                        if (tree.budget.simsDone == before) {
                            if (tree.budget.inFlight == 0) {
                                return; // nothing in flight and nothing to walk: no other thread can change that
                            }
                            progress.awaitNanos(WAIT_NANOS); // every leaf left is in flight on another thread
                        }
                        continue;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop = true;
                    return;
                } catch (RuntimeException e) {
                    stop = true;
                    throw e;
                } finally {
                    lock.unlock();
                }
                try {
                    evaluator.evaluate(boards, n, priors, values);
                } catch (RuntimeException | Error e) {
                    stop = true;
                    throw e;
                }
            }
        } finally {
            evaluator.searching(false);
        }
    }

    /** Evaluator calls made by all threads so far. */
    long calls() {
        lock.lock();
        try {
            return calls;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the helper threads (idle between searches). */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
            try {
                pool.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool = null;
        }
    }
}
