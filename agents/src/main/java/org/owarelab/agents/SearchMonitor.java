package org.owarelab.agents;

/**
 * The caller's side of a running search: a stop request (UCI {@code stop}, a clock) and a sink
 * for progress reports. Called from the searching thread; {@link #stopRequested()} may be
 * flipped by another thread, so implementations read a volatile or atomic flag.
 */
public interface SearchMonitor {
    /** Never stops early, reports nowhere. */
    SearchMonitor NONE = new SearchMonitor() {
    };

    /** Polled by the search every so often; true ends it with the best move found so far. */
    default boolean stopRequested() {
        return false;
    }

    /** A progress report, e.g. after each iteration of iterative deepening. */
    default void info(SearchInfo info) {
    }
}
