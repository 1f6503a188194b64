package org.owarelab.rules;

/**
 * Byte arithmetic on a packed row: one player's houses in one {@code long}, the player's house
 * {@code i} (from that player's left) in byte {@code i}, bytes past the row's {@code n} houses
 * zero. A house never holds more than {@link RuleSet#MAX_TOTAL} (128) seeds and a row's bytes
 * never add up past 128, so no byte ever carries into the next and a row's total is one
 * multiplication.
 */
final class Rows {
    private static final long LOW7 = 0x7F7F_7F7F_7F7F_7F7FL;
    private static final long HIGH = 0x8080_8080_8080_8080L;
    private static final long ONES = 0x0101_0101_0101_0101L;

    private Rows() {
    }

    /** Seeds in house {@code i} of {@code row}. */
    static int count(long row, int i) {
        return (int) (row >>> (i << 3)) & 0xFF;
    }

    /** Seeds on the whole row (every byte summed into the top one: the sum is below 256). */
    static int total(long row) {
        return (int) ((row * ONES) >>> 56);
    }

    /** Bit {@code i} set when house {@code i} of {@code row} holds seeds. */
    static int nonEmpty(long row) {
        long t = (row | ((row & LOW7) + LOW7)) & HIGH; // the high bit of every non-zero byte
        return (int) (((t >>> 7) * 0x0102_0408_1020_4080L) >>> 56); // those bits gathered into the top byte
    }

    /** The row with houses {@code from..to} emptied ({@code from > to}: none). */
    static long clear(long row, int from, int to) {
        if (from > to) {
            return row;
        }
        long span = -1L >>> ((7 - (to - from)) << 3); // (to - from + 1) bytes of ones
        return row & ~(span << (from << 3));
    }

    /** {@code row} with house {@code i} emptied. */
    static long clearHouse(long row, int i) {
        return row & ~(0xFFL << (i << 3));
    }

    /** The row packed from {@code n} counts of {@code h} starting at {@code base}. */
    static long pack(int[] h, int base, int n) {
        long row = 0;
        for (int i = n - 1; i >= 0; i--) {
            row = row << 8 | h[base + i];
        }
        return row;
    }

    /**
     * The first house of the capture run ending at house {@code last}: the houses
     * {@code first..last} all hold 2 or 3 seeds, and house {@code first - 1} (if any) does not.
     * Returns {@code last + 1} when house {@code last} itself holds neither.
     */
    static int runStart(long row, int last) {
        // A byte holds 2 or 3 exactly when it is 2 with its low bit cleared: those bytes become
        // zero below, and nonEmpty marks the others. No loop, no branch a house.
        int other = nonEmpty((row & ~ONES) ^ (ONES << 1)) & ((2 << last) - 1); // houses 0..last that hold neither
        return 32 - Integer.numberOfLeadingZeros(other); // one past the highest of them (0: none)
    }

    /** Seeds in houses {@code from..to} of {@code row} ({@code from > to}: 0). */
    static int sum(long row, int from, int to) {
        return total(row ^ clear(row, from, to));
    }
}
