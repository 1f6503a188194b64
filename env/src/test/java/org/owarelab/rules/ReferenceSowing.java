package org.owarelab.rules;

/**
 * Test-only reference: the sowing loops of {@link ReferenceBoard} (the unpacked board's,
 * commit 6651671). Its documentation below is the original's.
 *
 * ReferenceSowing, the one home of the rule "one seed per house counter-clockwise, never into a store,
 * the emptied house skipped on every lap": used by {@link ReferenceBoard#play(int)} and by the grand-slam look-ahead of {@link ReferenceLegality} (on a scratch copy).
 *
 * <p>Static, allocation-free loops over a house array of {@code n2} houses; the caller empties
 * the origin house first and knows where the last seed fell from {@link #last}.
 */
final class ReferenceSowing {
    private ReferenceSowing() {
    }

    /**
     * Sows {@code seeds} seeds from the (already emptied) house {@code origin} into {@code h}.
     */
    static void sow(int[] h, int origin, int seeds, int n2) {
        int p = origin;
        if (seeds < n2) {
            // One lap at most: the origin is never reached again.
            for (int i = 0; i < seeds; i++) {
                if (++p == n2) {
                    p = 0;
                }
                h[p]++;
            }
        } else {
            // Several laps, skipping the origin: each other house gets `laps`, the first `rest` one more.
            int laps = seeds / (n2 - 1);
            int rest = seeds % (n2 - 1);
            for (int j = 1; j < n2; j++) {
                if (++p == n2) {
                    p = 0;
                }
                h[p] += laps + (j <= rest ? 1 : 0);
            }
        }
    }

    /**
     * The non-empty houses (bit {@code i} for house {@code i}) after sowing {@code seeds} from
     * {@code origin}, given those before: the houses sown into hold seeds now, the origin none.
     */
    static int nonEmptyAfter(int nonEmpty, int origin, int seeds, int n2) {
        int all = (1 << n2) - 1;
        if (seeds >= n2) {
            return all & ~(1 << origin); // every other house got at least one seed
        }
        // Houses origin+1 .. origin+seeds (wrapped around the ring).
        int bits = ((1 << seeds) - 1) << (origin + 1);
        return ((nonEmpty | bits | (bits >>> n2)) & all) & ~(1 << origin);
    }

    /** The house that gets the last of {@code seeds} seeds sown from {@code origin} ({@code seeds >= 1}). */
    static int last(int origin, int seeds, int n2) {
        if (seeds < n2) {
            int p = origin + seeds;
            return p >= n2 ? p - n2 : p;
        }
        int rest = seeds % (n2 - 1);
        return rest == 0 ? (origin == 0 ? n2 - 1 : origin - 1) : (origin + rest) % n2;
    }
}
