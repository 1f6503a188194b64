package org.owarelab.rules;

/**
 * Sowing, the one home of the rule "one seed per house counter-clockwise, never into a store,
 * the emptied house skipped on every lap", on the packed rows of {@link Rows}: used by
 * {@link Board#play(int)} and by the grand-slam look-ahead of {@link Legality}.
 *
 * <p>One immutable table per board size ({@link #of(int)}, shared by every board of that
 * size): for each origin house and each count below one lap, the bytes sowing adds to each
 * row (0 or 1 per house), the houses it changes and the house of the last seed. A sowing of
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
    /** Same index: the houses changed, bit {@code i} for South's house {@code i}, bit {@code 8 + i} for North's. */
    private final int[] changed;
    /**
     * {@link Zobrist#step} by byte slot: entry {@code slot << 8 | count} for slot {@code i < 8}
     * South's house {@code i}, slot {@code 8 + i} North's house {@code i} (one table lookup a
     * seed, the row chosen by the slot's high bit).
     */
    private final long[] step = new long[16 << 8];
    /** Same index ({@code k >= 1}): the absolute house of the last seed. */
    private final int[] last;

    private Sowing(int n) {
        this.n = n;
        this.n2 = 2 * n;
        int size = n2 * n2;
        addSouth = new long[size];
        addNorth = new long[size];
        changed = new int[size];
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
                changed[idx] = Rows.nonEmpty(s) | Rows.nonEmpty(t) << 8;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < RuleSet.MAX_TOTAL; c++) {
                step[i << 8 | c] = Zobrist.step(i, c);
                step[(8 + i) << 8 | c] = Zobrist.step(n + i, c);
            }
        }
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

    /**
     * The Zobrist hash {@code z} updated for sowing {@code seeds} from {@code origin} onto the
     * rows {@code south} and {@code north} (the origin already emptied; the rows before the sowing).
     */
    long hash(long south, long north, int origin, int seeds, long z) {
        if (seeds < n2) {
            for (int b = changed[origin * n2 + seeds]; b != 0; b &= b - 1) {
                int slot = Integer.numberOfTrailingZeros(b);
                z ^= step[slot << 8 | Rows.count(slot < 8 ? south : north, slot & 7)];
            }
            return z;
        }
        long s = addSouth(origin, seeds);
        long t = addNorth(origin, seeds);
        for (int i = 0; i < n; i++) {
            int c = Rows.count(south, i);
            z ^= Zobrist.house(i, c) ^ Zobrist.house(i, c + Rows.count(s, i));
            c = Rows.count(north, i);
            z ^= Zobrist.house(n + i, c) ^ Zobrist.house(n + i, c + Rows.count(t, i));
        }
        return z;
    }
}
