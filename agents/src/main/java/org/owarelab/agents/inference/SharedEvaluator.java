package org.owarelab.agents.inference;

import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.owarelab.rules.Board;
import org.owarelab.util.Texts;

/**
 * One evaluator shared by the searches of several game threads: each thread gets a
 * {@link #client()}, and the requests of the clients are gathered into one call of the wrapped
 * evaluator (a match on T threads then makes one network call per step for up to T games, as
 * lock-step self-play does).
 *
 * <p>Gathering: a request waits until every client that is searching ({@link Evaluator#searching})
 * has a request waiting, or the waiting requests hold {@code maxBatch} positions, or the oldest has
 * waited {@code maxWaitNanos} (a thread descheduled in the middle of its search delays the others
 * by at most that). The thread whose request completes the gathering runs the call itself; the
 * others are woken with their results. A single searching client therefore never waits, and its
 * calls are exactly the ones it would make alone.
 *
 * <p>Results: each position's priors and value are the wrapped evaluator's for that position, so
 * a search's results do not depend on which other games share its calls as long as the wrapped
 * evaluator's output for a position does not depend on the other positions of its batch (true of
 * {@link SyntheticEvaluator} and {@link UniformEvaluator}; a network on the CPU differs in the last
 * float bits by batch composition, which can turn a near-tie of a search the other way).
 *
 * <p>Failures: when a gathered call throws, each request of it is evaluated again alone, so only
 * the requests that fail by themselves get the error (as an {@link IllegalStateException} naming
 * the cause); the others get their results. {@link #close()} wakes every waiting request with an
 * error and refuses new ones, so no game thread hangs on a shared evaluator that is gone.
 *
 * <p>Thread-safe. The wrapped evaluator is called by one thread at a time (whichever runs the
 * gathered call); it must tolerate calls from different threads in turn, as the DJL evaluator does.
 */
public final class SharedEvaluator implements AutoCloseable {
    /** Default wait of a request for the others: a little above a network call at batch 32. */
    public static final long DEFAULT_MAX_WAIT_NANOS = 1_000_000L;

    private final Evaluator inner;
    private final int actions;
    private final int maxBatch;
    private final long maxWaitNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Guarded by {@link #lock}. */
    private final ArrayDeque<Request> queue = new ArrayDeque<>();
    private int queuedPositions;
    private int searching;
    private int clients;
    private boolean running;
    private boolean closed;
    private long calls;
    private long positions;
    private long gathered;

    /** Buffers of the gathered call; used by the thread that runs it (one at a time). */
    private Board[] boards = new Board[0];
    private float[] priors = new float[0];
    private float[] values = new float[0];
    private Request[] batch = new Request[0];

    /**
     * @param inner the evaluator every client's positions go to (closed by {@link #close()})
     * @param maxBatch positions that end a gathering at once (a single larger request still runs)
     * @param maxWaitNanos the longest a request waits for the other searching clients
     */
    public SharedEvaluator(Evaluator inner, int maxBatch, long maxWaitNanos) {
        if (maxBatch < 1 || maxWaitNanos < 0) {
            throw new IllegalArgumentException("shared evaluator: maxBatch=" + maxBatch + " (>= 1), maxWaitNanos="
                    + maxWaitNanos + " (>= 0)");
        }
        this.inner = inner;
        this.actions = inner.actions();
        this.maxBatch = maxBatch;
        this.maxWaitNanos = maxWaitNanos;
    }

    /** A new client, for one thread; close it when its agent is done. */
    public Evaluator client() {
        lock.lock();
        try {
            requireOpen();
            clients++;
            return new Client();
        } finally {
            lock.unlock();
        }
    }

    public int actions() {
        return actions;
    }

    /** Calls of the wrapped evaluator so far. */
    public long calls() {
        lock.lock();
        try {
            return calls;
        } finally {
            lock.unlock();
        }
    }

    /** Positions evaluated so far. */
    public long positions() {
        lock.lock();
        try {
            return positions;
        } finally {
            lock.unlock();
        }
    }

    /** Requests waiting now (tests). */
    int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** Calls that served requests of more than one client. */
    public long gatheredCalls() {
        lock.lock();
        try {
            return gathered;
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every waiting request with an error, refuses new ones and closes the wrapped evaluator. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            changed.signalAll();
            while (running) { // the wrapped evaluator is in use: close it once the call is back
                changed.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
        inner.close();
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("shared evaluator closed (the games using it were stopped)");
        }
    }

    /** One client's pending call. */
    private static final class Request {
        Board[] boards;
        int count;
        float[] priors;
        float[] values;
        long arrived;
        boolean done;
        Throwable error;
    }

    private final class Client implements Evaluator {
        private final Request request = new Request();
        private boolean active;
        private boolean open = true;

        @Override
        public int actions() {
            return actions;
        }

        @Override
        public void searching(boolean now) {
            lock.lock();
            try {
                if (open && now != active) {
                    active = now;
                    searching += now ? 1 : -1;
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
            if (count == 0) {
                return;
            }
            Request r = request;
            lock.lock();
            try {
                if (!open) {
                    throw new IllegalStateException("shared evaluator client closed");
                }
                requireOpen();
                r.boards = boards;
                r.count = count;
                r.priors = priors;
                r.values = values;
                r.arrived = System.nanoTime();
                r.done = false;
                r.error = null;
                queue.add(r);
                queuedPositions += count;
                changed.signalAll();
                await(r);
            } finally {
                r.boards = null;
                r.priors = null;
                r.values = null;
                lock.unlock();
            }
            if (r.error != null) {
                throw new IllegalStateException("evaluation failed: " + Texts.reason(r.error), r.error);
            }
        }

        @Override
        public void close() {
            lock.lock();
            try {
                if (open) {
                    searching(false);
                    open = false;
                    clients--;
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** Waits (holding the lock between waits) until {@code r} is done, running gathered calls when due. */
    private void await(Request r) {
        boolean interrupted = false;
        try {
            while (!r.done) {
                interrupted |= step(r);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt(); // kept for the caller: the wait is bounded anyway
            }
        }
    }

    /** One round of {@link #await}; true when the wait was interrupted. */
    private boolean step(Request r) {
        if (closed && queue.remove(r)) { // (a request in a running call is finished by that call)
            queuedPositions -= r.count;
            throw new IllegalStateException("shared evaluator closed while a search waited for its evaluation "
                    + "(the games using it were stopped)");
        }
        long now = System.nanoTime();
        if (!running && !queue.isEmpty()) {
            long waited = now - queue.peek().arrived;
            if (queuedPositions >= maxBatch || queue.size() >= Math.max(1, searching) || waited >= maxWaitNanos) {
                run();
                return false;
            }
            try {
                changed.awaitNanos(maxWaitNanos - waited);
            } catch (InterruptedException e) {
                return true;
            }
        } else {
            changed.awaitUninterruptibly();
        }
        return false;
    }

    /** Takes waiting requests (up to maxBatch positions, at least one), evaluates them in one call, hands the results out. */
    private void run() {
        int taken = 0;
        int n = 0;
        while (!queue.isEmpty() && (taken == 0 || n + queue.peek().count <= maxBatch)) {
            Request q = queue.poll();
            queuedPositions -= q.count;
            ensure(taken + 1, n + q.count);
            batch[taken++] = q;
            System.arraycopy(q.boards, 0, boards, n, q.count);
            n += q.count;
        }
        running = true;
        lock.unlock();
        Throwable failure = null;
        try {
            inner.evaluate(boards, n, priors, values);
        } catch (RuntimeException | Error e) {
            failure = e;
        } finally {
            lock.lock();
        }
        try {
            calls++;
            positions += n;
            if (taken > 1) {
                gathered++;
            }
            int off = 0;
            for (int i = 0; i < taken; i++) {
                Request q = batch[i];
                if (failure == null) {
                    System.arraycopy(priors, off * actions, q.priors, 0, q.count * actions);
                    System.arraycopy(values, off, q.values, 0, q.count);
                } else if (taken == 1) {
                    q.error = failure;
                } else {
                    alone(q);
                }
                off += q.count;
                q.done = true;
                batch[i] = null;
            }
            java.util.Arrays.fill(boards, 0, n, null);
        } finally {
            running = false;
            changed.signalAll();
        }
    }

    /** Evaluates one request of a failed gathered call by itself (under the lock: failures are rare). */
    private void alone(Request q) {
        try {
            inner.evaluate(q.boards, q.count, q.priors, q.values);
            calls++;
        } catch (RuntimeException | Error e) {
            q.error = e;
        }
    }

    private void ensure(int requests, int count) {
        if (batch.length < requests) {
            batch = java.util.Arrays.copyOf(batch, Math.max(requests, 2 * batch.length));
        }
        if (boards.length < count) {
            int size = Math.max(count, 2 * boards.length);
            boards = java.util.Arrays.copyOf(boards, size);
            priors = new float[size * actions];
            values = new float[size];
        }
    }
}
