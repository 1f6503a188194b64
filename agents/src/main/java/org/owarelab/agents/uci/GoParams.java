package org.owarelab.agents.uci;

import java.util.ArrayList;
import java.util.List;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.TimeControl;
import org.owarelab.rules.Side;

/**
 * The parameters of one {@code go} command and the simple time management that turns them into
 * a {@link SearchLimit}.
 *
 * <p>Time per move from a clock: {@link TimeControl#perMoveMillis} ({@code time / movestogo + 3/4 *
 * increment}, never more than the clock minus a reserve, at least 1 ms). With {@code movetime} too,
 * the smaller wins.
 * {@code wtime/winc} are South's clock, {@code btime/binc} North's. Clock values may be 0 or
 * negative (a flagged GUI clock): they read as no time left.
 *
 * @param depth plies, 0 = unset
 * @param nodes nodes, 0 = unset
 * @param movetime milliseconds, 0 = unset
 * @param wtime South's clock in ms, {@link #UNSET} when not given
 * @param btime North's clock in ms, {@link #UNSET} when not given
 * @param winc South's increment in ms (0 when not given)
 * @param binc North's increment in ms (0 when not given)
 * @param movestogo moves to the next time control, 0 = unset
 * @param infinite search until {@code stop}
 * @param ponder search until {@code ponderhit} (then as a normal timed search) or {@code stop}
 * @param ignored unknown words that were skipped (the engine reports them)
 */
record GoParams(int depth, long nodes, long movetime, long wtime, long btime, long winc, long binc, int movestogo,
        boolean infinite, boolean ponder, List<String> ignored) {

    /** A clock that was not given. */
    static final long UNSET = Long.MIN_VALUE;

    /**
     * The largest time read, about 35 years: a larger {@code movetime}, clock or increment is read as
     * this (a negative clock as its negative), so that no sum of times and no conversion to
     * nanoseconds overflows into a time already past.
     */
    static final long MAX_MILLIS = 1L << 40;

    /**
     * Parses the words after {@code go}.
     *
     * @throws UciInputException for a missing or malformed number
     */
    static GoParams parse(String[] words, int from) throws UciInputException {
        int depth = 0;
        int movestogo = 0;
        long nodes = 0;
        long movetime = 0;
        long wtime = UNSET;
        long btime = UNSET;
        long winc = 0;
        long binc = 0;
        boolean infinite = false;
        boolean ponder = false;
        List<String> ignored = new ArrayList<>();
        for (int i = from; i < words.length; i++) {
            String w = words[i].toLowerCase(java.util.Locale.ROOT);
            switch (w) {
                case "depth" -> depth = (int) number(words, ++i, w, 0, 10_000);
                case "nodes" -> nodes = number(words, ++i, w, 0, Long.MAX_VALUE);
                case "movetime" -> movetime = Math.min(MAX_MILLIS, number(words, ++i, w, 0, Long.MAX_VALUE));
                case "movestogo" -> movestogo = (int) number(words, ++i, w, 0, 10_000);
                case "wtime" -> wtime = clamp(number(words, ++i, w, Long.MIN_VALUE + 1, Long.MAX_VALUE));
                case "btime" -> btime = clamp(number(words, ++i, w, Long.MIN_VALUE + 1, Long.MAX_VALUE));
                case "winc" -> winc = Math.min(MAX_MILLIS, number(words, ++i, w, 0, Long.MAX_VALUE));
                case "binc" -> binc = Math.min(MAX_MILLIS, number(words, ++i, w, 0, Long.MAX_VALUE));
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                default -> ignored.add(words[i]);
            }
        }
        return new GoParams(depth, nodes, movetime, wtime, btime, winc, binc, movestogo, infinite, ponder,
                List.copyOf(ignored));
    }

    private static long clamp(long clock) {
        return Math.max(-MAX_MILLIS, Math.min(MAX_MILLIS, clock));
    }

    private static long number(String[] words, int i, String key, long min, long max) throws UciInputException {
        if (i >= words.length) {
            throw new UciInputException("go: '" + key + "' needs a number after it");
        }
        try {
            long v = Long.parseLong(words[i]);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        String range = min >= 0 ? (max < Long.MAX_VALUE ? " " + min + ".." + max : " >= 0") : "";
        throw new UciInputException("go: " + key + " '" + words[i] + "': expected a whole number" + range);
    }

    /** Milliseconds for this move with {@code side} to move: from movetime and the clock; 0 = no time limit. */
    long budgetMillis(int side) {
        long clock = side == Side.SOUTH ? wtime : btime;
        long budget = movetime;
        if (clock != UNSET) {
            long fromClock = TimeControl.perMoveMillis(clock, side == Side.SOUTH ? winc : binc, movestogo);
            budget = budget == 0 ? fromClock : Math.min(budget, fromClock);
        }
        return budget;
    }

    /**
     * The most this move may take with {@code side} to move: for a clock without {@code movetime},
     * {@link TimeControl#maxMoveMillis} (an agent that manages its time may stretch an unsure move
     * that far); else {@link #budgetMillis}. The engine's deadline.
     */
    long hardMillis(int side) {
        long clock = side == Side.SOUTH ? wtime : btime;
        if (clock == UNSET || movetime > 0) {
            return budgetMillis(side);
        }
        return TimeControl.maxMoveMillis(clock, side == Side.SOUTH ? winc : binc, movestogo);
    }

    /**
     * How long a ponder search goes on after {@code ponderhit} with {@code side} to move: the move's
     * planned time ({@link #budgetMillis}), under a clock less {@link TimeControl}'s safety margin;
     * 0 = until {@code stop}. Not the most time: the search cannot be told at {@code ponderhit} that
     * it may stretch or stop early, and its tree already holds the pondering.
     */
    long ponderhitMillis(int side) {
        long budget = budgetMillis(side);
        return budget > 0 && onClock(side) ? TimeControl.usableMillis(budget) : budget;
    }

    /** True when {@code side}'s clock sets this move's time: a clock given, no {@code movetime}. */
    private boolean onClock(int side) {
        return (side == Side.SOUTH ? wtime : btime) != UNSET && movetime == 0;
    }

    /**
     * The agent's limit with {@code side} to move. Pondering and infinite searches get
     * {@code infinite} and no time (a ponder search's time starts at {@code ponderhit} and is kept
     * by the engine); an all-unset {@code go} gives {@link SearchLimit#NONE}: the agent's own spec.
     * Under a clock the limit carries the most time, also where it equals the planned time (the
     * last move before a control), so that the agent keeps the clock's safety margin.
     */
    SearchLimit limit(int side) {
        if (infinite || ponder) {
            return new SearchLimit(depth, nodes, 0, 0, true);
        }
        long budget = budgetMillis(side);
        return new SearchLimit(depth, nodes, 0, budget, false, onClock(side) ? hardMillis(side) : 0);
    }
}
