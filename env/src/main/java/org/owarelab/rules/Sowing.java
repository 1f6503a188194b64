package org.owarelab.rules;

/**
 * Sowing, the one home of the rule "one seed per house counter-clockwise, never into a store,
 * the emptied house skipped on every lap", on the packed rows of {@link Rows}: used by
 * {@link Board#play(int)} and by the grand-slam look-ahead of {@link Legality}.
 *
 * <p>One immutable table per board size ({@link #of(int)}, shared by every board of that
 * size): for each origin house and each count below one lap, the bytes sowing adds to each
 * row (0 or 1 per house) and the house of the last seed. A sowing of
 * several laps adds {@code laps} to every house but the origin plus the table's partial lap.
 * Absolute houses: South's {@code 0..n-1}, then North's {@code n..2n-1}, the ring order.
 */
final class Sowing {
    private static final Sowing[] BY_SIZE = new Sowing[RuleSet.MAX_HOUSES + 1];

    static {
        for (int n = RuleSet.MIN_HOUSES; n <= RuleSet.MAX_HOUSES; n++) {
            BY_SIZE[n] = new Sowing(n);
        }
    }

    private final int n;
    private final int n2;
    /** Indexed {@code origin * n2 + k} for {@code k = 0..n2-1} seeds: the bytes added to South's, North's row. */
    private final long[] addSouth;
    private final long[] addNorth;
    /** Same index ({@code k >= 1}): the absolute house of the last seed. */
    private final int[] last;
    /**
     * The three tables interleaved for a sowing of less than one lap, the common case:
     * {@code entry = (origin * n2 + k) << 2} holds South's bytes, North's bytes and the last
     * house in one cache line's reach (the fourth slot pads to a power of two).
     */
    private final long[] lap;

    private Sowing(int n) {
        this.n = n;
        this.n2 = 2 * n;
        int size = n2 * n2;
        addSouth = new long[size];
        addNorth = new long[size];
        last = new int[size];
        for (int origin = 0; origin < n2; origin++) {
            int p = origin;
            long s = 0;
            long t = 0;
            for (int k = 0; k < n2; k++) {
                int idx = origin * n2 + k;
                if (k > 0) {
                    if (++p == n2) {
                        p = 0;
                    }
                    if (p < n) {
                        s += 1L << (p << 3);
                    } else {
                        t += 1L << ((p - n) << 3);
                    }
                    last[idx] = p;
                }
                addSouth[idx] = s;
                addNorth[idx] = t;
            }
        }
        lap = new long[size << 2];
        for (int idx = 0; idx < size; idx++) {
            lap[idx << 2] = addSouth[idx];
            lap[idx << 2 | 1] = addNorth[idx];
            lap[idx << 2 | 2] = last[idx];
        }
    }

    /** The entry of {@code seeds} (1 to {@code 2n - 1}: less than a lap) sown from {@code origin}. */
    int entry(int origin, int seeds) {
        return (origin * n2 + seeds) << 2;
    }

    /** What the sowing of {@code entry} adds to South's row. */
    long southAt(int entry) {
        return lap[entry];
    }

    /** What the sowing of {@code entry} adds to North's row. */
    long northAt(int entry) {
        return lap[entry | 1];
    }

    /** The absolute house of the last seed of {@code entry}. */
    int lastAt(int entry) {
        return (int) lap[entry | 2];
    }

    /** The table for boards of {@code n} houses per side. */
    static Sowing of(int n) {
        return BY_SIZE[n];
    }

    /** Index of the partial lap of {@code seeds} sown from {@code origin}; laps are {@code seeds / (n2 - 1)}. */
    private int partial(int origin, int seeds) {
        return origin * n2 + (seeds < n2 ? seeds : seeds % (n2 - 1));
    }

    /** What sowing {@code seeds} (at least 1) from {@code origin} adds to South's row. */
    long addSouth(int origin, int seeds) {
        if (seeds < n2) {
            return addSouth[origin * n2 + seeds];
        }
        return (seeds / (n2 - 1)) * addSouth[origin * n2 + n2 - 1] + addSouth[partial(origin, seeds)];
    }

    /** What sowing {@code seeds} (at least 1) from {@code origin} adds to North's row. */
    long addNorth(int origin, int seeds) {
        if (seeds < n2) {
            return addNorth[origin * n2 + seeds];
        }
        return (seeds / (n2 - 1)) * addNorth[origin * n2 + n2 - 1] + addNorth[partial(origin, seeds)];
    }

    /** The absolute house that gets the last of {@code seeds} (at least 1) sown from {@code origin}. */
    int last(int origin, int seeds) {
        if (seeds < n2) {
            return last[origin * n2 + seeds];
        }
        int rest = seeds % (n2 - 1);
        return last[origin * n2 + (rest == 0 ? n2 - 1 : rest)];
    }
}
