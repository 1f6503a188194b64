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
 */
public record SearchLimit(int depth, long nodes, int simulations, long movetimeMillis, boolean infinite) {
    public static final SearchLimit NONE = new SearchLimit(0, 0, 0, 0, false);

    public SearchLimit {
        if (depth < 0 || nodes < 0 || simulations < 0 || movetimeMillis < 0) {
            throw new IllegalArgumentException("search limits must be >= 0 (0 = unset): " + depth + ", " + nodes
                    + ", " + simulations + ", " + movetimeMillis);
        }
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
