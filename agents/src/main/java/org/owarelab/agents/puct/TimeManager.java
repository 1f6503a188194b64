package org.owarelab.agents.puct;

import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchMonitor;

/**
 * When a PUCT search under a game clock ends ({@link org.owarelab.agents.SearchLimit#maxMillis}
 * set): between the move's target (its planned time, raised to spend what early stops save, see
 * below) and its most time, by how sure the search is.
 *
 * <ul>
 *   <li>Smart pruning (lc0's): the search stops as soon as the most visited root move can no
 *       longer be overtaken, i.e. the second's visits plus every simulation the time left to the
 *       current end allows (at the rate so far) stay below the first's. The time saved stays on
 *       the clock for later moves.
 *   <li>At the planned time the search goes on while it is unsure: the best move changed in the
 *       last {@value #LATE_CHANGE} of the time spent, or the second move has at least
 *       {@value #CLOSE} of the first's visits. It stops at the first check that finds it sure,
 *       and at the most time in any case.
 *   <li>A root with one legal move stops after its evaluation.
 * </ul>
 *
 * <p>The time saved is spent: a move's target is its planned time divided by the running share
 * of their target that managed moves spend ({@link #target}, {@link #nextSpend}); the rules below
 * take that target as the move's planned time.
 *
 * <p>The rules are pure functions ({@link #shouldStop}), tested exactly; {@link Monitor} feeds
 * them from a tree. With {@code timeman=off} a search ends at its planned time, as any timed
 * search did before: the plain schedule, to compare against at equal total time.
 */
final class TimeManager {
    /** The best move's last change counts as late after this share of the time spent. */
    static final double LATE_CHANGE = 0.5;
    /** The top two are close when the second has at least this share of the first's visits. */
    static final double CLOSE = 0.7;

    /**
     * The share of its target a managed move is first taken to spend: the managed side's measured
     * share of the plain schedule's time (140 ms of 196 ms a move at 10+0.1 s, docs/agents.md).
     */
    static final double INITIAL_SPEND = 0.7;
    /** Weight of the latest move in the running share spent. */
    static final double SPEND_WEIGHT = 0.1;
    /** The target is never more than 1 / this times the planned time (before the most time's cap). */
    static final double MIN_SPEND = 0.4;

    private TimeManager() {
    }

    /**
     * A managed move's target time: the planned time divided by the share of their target that
     * managed moves spend ({@code spend}, clamped to [{@value #MIN_SPEND}, 1]), within [planned,
     * most]. Early stops save time; dividing by the share spent gives it back to every move, so
     * that on average a managed move spends its planned time, as the plain schedule does, but
     * less on settled moves and more on unsure ones.
     */
    static long target(long planned, long most, double spend) {
        double share = Math.max(MIN_SPEND, Math.min(1.0, spend));
        return Math.max(planned, Math.min(most, Math.round(planned / share)));
    }

    /** The running share spent after a move that used {@code used} of its {@code target} (same units). */
    static double nextSpend(double spend, long used, long target) {
        double share = target <= 0 ? 1.0 : Math.min(2.0, Math.max(0.0, used / (double) target));
        return (1 - SPEND_WEIGHT) * spend + SPEND_WEIGHT * share;
    }

    /**
     * Whether to stop now.
     *
     * @param elapsed time spent on the move (any unit, the same for every time argument)
     * @param planned the move's planned time
     * @param max the move's most time (>= planned)
     * @param best visits of the most visited root move
     * @param second visits of the runner-up (0 when there is only one move)
     * @param rate simulations per unit of time so far
     * @param lastChange when the most visited move last changed (0: never since the start)
     */
    static boolean shouldStop(long elapsed, long planned, long max, int best, int second, double rate, long lastChange) {
        if (elapsed >= max) {
            return true;
        }
        boolean extended = elapsed >= planned;
        if (extended && !unsure(elapsed, best, second, lastChange)) {
            return true;
        }
        long end = extended ? max : planned;
        return cannotChange(best, second, rate * (end - elapsed));
    }

    /** Whether the best move is settled: the runner-up cannot catch it in {@code simulationsLeft} more. */
    static boolean cannotChange(int best, int second, double simulationsLeft) {
        return best > 0 && second + simulationsLeft < best;
    }

    /** Whether the search is unsure: a late change of the best move, or the top two close in visits. */
    static boolean unsure(long elapsed, int best, int second, long lastChange) {
        return lastChange > LATE_CHANGE * elapsed || second >= CLOSE * best;
    }

    /**
     * The caller's monitor with the rules above: {@link #stopRequested} is also true when they say
     * stop. Reads the tree: call it where the tree is quiet (between steps, or under the threaded
     * search's lock, where {@link ThreadedSearch} polls it). Not thread-safe.
     */
    static final class Monitor implements SearchMonitor {
        private final SearchMonitor inner;
        private final Tree tree;
        private final long t0;
        private final long planned;
        private final long max;
        private final java.util.function.LongSupplier clock;
        private int lastBest = -1;
        private long lastChange;

        /** Times in {@link System#nanoTime} nanoseconds: the search started at {@code t0}. */
        Monitor(SearchMonitor inner, Tree tree, long t0, long plannedNanos, long maxNanos) {
            this(inner, tree, t0, plannedNanos, maxNanos, System::nanoTime);
        }

        /** Times in the units of {@code clock} (tests drive it by hand). */
        Monitor(SearchMonitor inner, Tree tree, long t0, long planned, long max, java.util.function.LongSupplier clock) {
            this.clock = clock;
            this.inner = inner;
            this.tree = tree;
            this.t0 = t0;
            this.planned = planned;
            this.max = max;
        }

        @Override
        public boolean stopRequested() {
            if (inner.stopRequested()) {
                return true;
            }
            long elapsed = clock.getAsLong() - t0;
            int best = -1;
            int first = 0;
            int second = 0;
            int mask = tree.rootLegal();
            if (Integer.bitCount(mask) == 1) {
                return true; // one legal move: nothing to decide (the caller has run the root's evaluation)
            }
            for (int m = 0; m < tree.a; m++) {
                if ((mask >>> m & 1) == 0) {
                    continue;
                }
                int n = tree.childVisits(m);
                if (n > first) {
                    second = first;
                    first = n;
                    best = m;
                } else if (n > second) {
                    second = n;
                }
            }
            if (best != lastBest) {
                lastBest = best;
                lastChange = elapsed;
            }
            double rate = elapsed <= 0 ? 0 : tree.simulations() / (double) elapsed;
            return shouldStop(elapsed, planned, max, first, second, rate, lastChange);
        }

        @Override
        public void info(SearchInfo info) {
            inner.info(info);
        }
    }
}
