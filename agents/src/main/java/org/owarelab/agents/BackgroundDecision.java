package org.owarelab.agents;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.owarelab.rules.Board;

/**
 * One agent's {@link Agent#decide} run on a daemon thread, which the caller waits for in short
 * slices and may stop: for a caller that must stay responsive while an agent searches. The Python
 * package's in-process backend is one: a Java call that blocks for a whole search keeps Python from
 * raising {@code KeyboardInterrupt} until it returns, so it waits here 50 ms at a time and, on
 * Ctrl-C, calls {@link #stop} (the search's {@link SearchMonitor#stopRequested}, as UCI {@code stop}).
 *
 * <p>The agent and the board belong to the search thread until {@link #waitFor} has answered the
 * decision or {@link #done} is true. One caller; {@link #stop} may come from any thread.
 */
public final class BackgroundDecision implements SearchMonitor {
    private static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "background-decision");
        t.setDaemon(true); // a search left running never keeps the process alive
        return t;
    });

    private final CompletableFuture<Decision> result;
    /** Set by {@link #stop}, read by the search thread. */
    private volatile boolean stop;

    private BackgroundDecision(Agent agent, Board board) {
        this.result = CompletableFuture.supplyAsync(() -> agent.decide(board, SearchLimit.NONE, this), THREADS);
    }

    /** Starts {@code agent.decide(board)} with the spec's limit on a daemon thread. */
    public static BackgroundDecision start(Agent agent, Board board) {
        return new BackgroundDecision(agent, board);
    }

    /**
     * The decision, waiting at most {@code millis} for it; null when the search has not finished yet.
     * Rethrows what the agent threw.
     */
    public Decision waitFor(long millis) throws InterruptedException {
        try {
            return result.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Asks the search to end with its best move so far; {@link #waitFor} then answers soon. */
    public void stop() {
        stop = true;
    }

    /** Whether the search has ended (with a decision or an exception). */
    public boolean done() {
        return result.isDone();
    }

    @Override
    public boolean stopRequested() {
        return stop;
    }
}
