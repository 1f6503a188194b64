package org.owarelab.agents;

/**
 * How much an agent may search for one move. Each field is "unset" at 0; an agent honours the
 * fields that make sense for it and stops at the first limit reached. An all-unset limit
 * ({@link #NONE}) means "use the limit from the agent's spec".
 *
 * @param depth plies (alpha-beta)
 * @param nodes nodes or positions visited
 * @param simulations playouts (MCTS, PUCT)
 * @param movetimeMillis wall-clock time for the move
 * @param infinite search until stopped through the {@link SearchMonitor} (UCI {@code go infinite})
 * @param maxMillis with a game clock: the most this move may take when the search is unsure
 *     ({@code movetimeMillis} is then the move's planned time, which an agent that manages its time
 *     may stretch up to this or cut short); 0 = unset: {@code movetimeMillis} is the time. Agents
 *     that do not manage time read {@code movetimeMillis} alone.
 */
public record SearchLimit(int depth, long nodes, int simulations, long movetimeMillis, boolean infinite, long maxMillis) {
    public static final SearchLimit NONE = new SearchLimit(0, 0, 0, 0, false);

    public SearchLimit {
        if (depth < 0 || nodes < 0 || simulations < 0 || movetimeMillis < 0 || maxMillis < 0
                || maxMillis > 0 && maxMillis < movetimeMillis) {
            throw new IllegalArgumentException("search limits must be >= 0 (0 = unset), max time >= move time: " + depth
                    + ", " + nodes + ", " + simulations + ", " + movetimeMillis + ", max " + maxMillis);
        }
    }

    /** A limit without a clock's most time ({@code maxMillis} unset). */
    public SearchLimit(int depth, long nodes, int simulations, long movetimeMillis, boolean infinite) {
        this(depth, nodes, simulations, movetimeMillis, infinite, 0);
    }

    /**
     * The limit of one move from a game clock ({@link TimeControl#perMoveMillis} planned,
     * {@link TimeControl#maxMoveMillis} at most).
     */
    public static SearchLimit clock(long timeMillis, long incrementMillis, int movesToGo) {
        return new SearchLimit(0, 0, 0, TimeControl.perMoveMillis(timeMillis, incrementMillis, movesToGo), false,
                TimeControl.maxMoveMillis(timeMillis, incrementMillis, movesToGo));
    }

    /** The time after which the search must end: {@code maxMillis} when set, else {@code movetimeMillis} (0: none). */
    public long hardMillis() {
        return maxMillis > 0 ? maxMillis : movetimeMillis;
    }

    public static SearchLimit depth(int d) {
        return new SearchLimit(d, 0, 0, 0, false);
    }

    public static SearchLimit nodes(long n) {
        return new SearchLimit(0, n, 0, 0, false);
    }

    public static SearchLimit simulations(int s) {
        return new SearchLimit(0, 0, s, 0, false);
    }

    public static SearchLimit movetime(long ms) {
        return new SearchLimit(0, 0, 0, ms, false);
    }

    public boolean isNone() {
        return equals(NONE);
    }

    /** This limit where it is set, else {@code fallback} (the agent's spec defaults). */
    public SearchLimit or(SearchLimit fallback) {
        return isNone() ? fallback : this;
    }
}
