package org.owarelab.agents;

/**
 * The time arithmetic of timed searches, as pure functions of the clock fields (no clock is read
 * here, so the rules are tested exactly).
 *
 * <p>Per move from a game clock ({@code go wtime/btime/winc/binc/movestogo}):
 * {@code time / movestogo + 3/4 * increment} (movestogo defaults to
 * {@value #DEFAULT_MOVES_TO_GO}), never more than the clock minus a reserve of
 * {@code max(}{@value #MIN_RESERVE_MILLIS}{@code  ms, time / 10)}, at least 1 ms. A clock that is
 * 0 or negative reads as no time left. The reserve is what keeps a budgeted engine from losing on
 * time: each move takes at most 90% of what is left, so the clock never reaches zero from one move.
 *
 * <p>An engine that manages its time may stretch an unsure move up to {@link #maxMoveMillis}:
 * {@value #STRETCH_NUM}/{@value #STRETCH_DEN} of the planned time, never more than half of what
 * the clock holds beyond the reserve, never less than the planned time.
 *
 * <p>Within a move time ({@code go movetime T}, or the budget above): a searcher that polls the
 * clock between chunks of work aims at {@link #usableMillis(long) T minus a safety margin}, the
 * margin being {@code T / 20} clamped to [{@value #MIN_MARGIN_MILLIS}, {@value #MAX_MARGIN_MILLIS}]
 * ms and never more than half of T. The margin covers the last chunk of work after the deadline,
 * unwinding the search and printing the answer, so the move is answered within T.
 */
public final class TimeControl {
    public static final int DEFAULT_MOVES_TO_GO = 20;
    public static final long MIN_RESERVE_MILLIS = 50;
    public static final long MIN_MARGIN_MILLIS = 2;
    public static final long MAX_MARGIN_MILLIS = 50;

    private TimeControl() {
    }

    /**
     * Milliseconds for one move from a clock.
     *
     * @param time the mover's clock in ms (0 or negative: none left)
     * @param increment the mover's increment per move in ms (>= 0)
     * @param movesToGo moves to the next time control, 0 = unknown ({@value #DEFAULT_MOVES_TO_GO})
     * @return at least 1
     */
    public static long perMoveMillis(long time, long increment, int movesToGo) {
        long t = Math.max(0, time);
        long inc = Math.max(0, increment);
        int mtg = movesToGo > 0 ? movesToGo : DEFAULT_MOVES_TO_GO;
        long reserve = Math.max(MIN_RESERVE_MILLIS, t / 10);
        return Math.max(1, Math.min(t / mtg + (inc - inc / 4), t - reserve));
    }

    /** Most time one move may take, as a multiple of the planned time: STRETCH_NUM / STRETCH_DEN. */
    public static final int STRETCH_NUM = 5;
    public static final int STRETCH_DEN = 2;

    /**
     * The most one move may take when the search is unsure (see the class comment), from the same
     * clock fields as {@link #perMoveMillis}; at least that.
     */
    public static long maxMoveMillis(long time, long increment, int movesToGo) {
        long planned = perMoveMillis(time, increment, movesToGo);
        long t = Math.max(0, time);
        long reserve = Math.max(MIN_RESERVE_MILLIS, t / 10);
        long stretched = Math.min(planned * STRETCH_NUM / STRETCH_DEN, (t - reserve) / 2);
        return Math.max(planned, stretched);
    }

    /** The safety margin kept back from a move time of {@code movetime} ms (see the class comment). */
    public static long marginMillis(long movetime) {
        long m = Math.min(MAX_MARGIN_MILLIS, Math.max(MIN_MARGIN_MILLIS, movetime / 20));
        return Math.min(m, movetime / 2);
    }

    /** The time a search aims to stop at within a move time of {@code movetime} ms (> 0): at least 1 ms. */
    public static long usableMillis(long movetime) {
        if (movetime <= 0) {
            throw new IllegalArgumentException("movetime must be > 0 ms: " + movetime);
        }
        return Math.max(1, movetime - marginMillis(movetime));
    }
}
