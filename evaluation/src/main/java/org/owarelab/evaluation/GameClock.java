package org.owarelab.evaluation;

import java.math.BigDecimal;

/**
 * A game clock of a match ({@code --tc 60+0.6}): each side starts with {@code baseMillis} and gains
 * {@code incrementMillis} after each of its moves. Each move the agent gets
 * {@link org.owarelab.agents.SearchLimit#clock} of what its clock holds (a planned time, and the
 * most an unsure move may take); a side whose clock goes below zero loses the game (forfeit,
 * reason {@code error}, "lost on time").
 *
 * @param baseMillis time per side at the start, > 0
 * @param incrementMillis time added after each move, >= 0
 */
public record GameClock(long baseMillis, long incrementMillis) {
    public GameClock {
        if (baseMillis <= 0 || incrementMillis < 0) {
            throw new IllegalArgumentException("game clock: base " + baseMillis + " ms (> 0), increment "
                    + incrementMillis + " ms (>= 0)");
        }
    }

    /**
     * Parses {@code BASE+INC} in seconds, e.g. {@code 60+0.6}, {@code 10+0.1}, {@code 300} (no
     * increment); whole milliseconds.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static GameClock parse(String text) {
        String[] parts = text.trim().split("\\+", -1);
        try {
            if (parts.length > 2) {
                throw new NumberFormatException();
            }
            long base = millis(parts[0]);
            long inc = parts.length == 2 ? millis(parts[1]) : 0;
            return new GameClock(base, inc);
        } catch (IllegalArgumentException | ArithmeticException e) { // NumberFormatException included
            throw new IllegalArgumentException("time control '" + text + "': expected BASE+INC in seconds, e.g. 60+0.6");
        }
    }

    private static long millis(String seconds) {
        BigDecimal ms = new BigDecimal(seconds.trim()).movePointRight(3);
        if (ms.signum() < 0 || ms.compareTo(BigDecimal.valueOf(86_400_000L)) > 0) {
            throw new NumberFormatException();
        }
        return ms.longValueExact();
    }

    /** {@code BASE+INC} in seconds, as {@link #parse} reads it. */
    @Override
    public String toString() {
        return BigDecimal.valueOf(baseMillis, 3).stripTrailingZeros().toPlainString() + "+"
                + BigDecimal.valueOf(incrementMillis, 3).stripTrailingZeros().toPlainString();
    }
}
