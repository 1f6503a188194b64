package org.owarelab.tables;

import org.owarelab.rules.Board;

/**
 * The engine's own answer: a full-width win/draw/loss search on a {@link Board}, history
 * included (so repetition ends a line exactly where the engine ends it), with alpha-beta over
 * {-1, 0, +1} and no table, no hashing, no horizon. Exponential: for positions with few seeds.
 * Not thread-safe.
 */
public final class BruteForce {
    /** Thrown when a search passes its node budget. */
    public static final class BudgetExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BudgetExceeded() {
            super("node budget exceeded", null, false, false);
        }
    }

    private final long budget;
    private long nodes;

    /** A searcher that gives up after {@code budget} nodes per {@link #solve(Board)}. */
    public BruteForce(long budget) {
        this.budget = budget;
    }

    /**
     * The result for the side to move of {@code b} under perfect play: +1, 0 or -1 (the board is
     * left as it was).
     *
     * @throws BudgetExceeded past the node budget
     */
    public int solve(Board b) {
        nodes = 0;
        return negamax(b, -1, 1);
    }

    /** Nodes the last {@link #solve(Board)} visited. */
    public long nodes() {
        return nodes;
    }

    private int negamax(Board b, int alpha, int beta) {
        if (++nodes > budget) {
            throw new BudgetExceeded();
        }
        if (b.isOver()) {
            return b.result(b.toMove());
        }
        int best = -2;
        int mask = b.legalMask();
        for (int m = 0; m < b.housesPerSide() && alpha < beta; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            b.play(m);
            int v;
            try {
                v = -negamax(b, -beta, -alpha);
            } finally {
                b.undo();
            }
            if (v > best) {
                best = v;
                alpha = Math.max(alpha, v);
            }
        }
        return best;
    }
}
