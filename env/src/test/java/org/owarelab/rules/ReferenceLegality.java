package org.owarelab.rules;

/**
 * Test-only reference: the legality of {@link ReferenceBoard} (the unpacked board's, commit
 * 6651671). Its documentation below is the original's.
 *
 * The legal-move mask of a {@link ReferenceBoard}'s side to move: every non-empty house, narrowed by the
 * feeding rule when the opponent's row is empty and, under {@link GrandSlam#ILLEGAL}, by the
 * grand-slam look-ahead (each candidate sown on a scratch copy). One per board (the scratch is
 * its own); not thread-safe.
 */
final class ReferenceLegality {
    private final int n;
    private final int n2;
    private final boolean grandSlamsIllegal;
    /** Scratch for the grand-slam look-ahead under {@link GrandSlam#ILLEGAL}. */
    private final int[] scratch;

    ReferenceLegality(RuleSet rules) {
        this.n = rules.houses();
        this.n2 = 2 * n;
        this.grandSlamsIllegal = rules.grandSlam() == GrandSlam.ILLEGAL;
        this.scratch = new int[n2];
    }

    /**
     * The legal moves of {@code side} (bit {@code m} for relative move {@code m}) on houses
     * {@code h} whose non-empty houses are the bits of {@code nonEmpty}; 0 when it has none.
     */
    int mask(int[] h, int nonEmpty, int side) {
        final int base = side * n;
        final int oppBase = n - base;
        final int row = (1 << n) - 1;
        int mask;
        if (((nonEmpty >>> oppBase) & row) != 0) {
            mask = (nonEmpty >>> base) & row; // every non-empty house of the mover
        } else {
            // Feeding: only moves that reach the opponent's row, c >= n - i, i.e. (n - i - 1 - c) < 0
            // (branch-free: counts are random, per-house branches would mispredict).
            mask = 0;
            for (int i = 0; i < n; i++) {
                mask |= ((n - i - 1 - h[base + i]) >>> 31) << i;
            }
        }
        if (grandSlamsIllegal && mask != 0) {
            for (int m = 0; m < n; m++) {
                if ((mask >>> m & 1) != 0 && isGrandSlam(h, side, m)) {
                    mask &= ~(1 << m);
                }
            }
        }
        return mask;
    }

    /** Whether relative move {@code m} of {@code side} would capture every opponent seed. */
    private boolean isGrandSlam(int[] h, int side, int m) {
        final int[] s = scratch;
        System.arraycopy(h, 0, s, 0, n2);
        int origin = side * n + m;
        int seeds = s[origin];
        s[origin] = 0;
        ReferenceSowing.sow(s, origin, seeds, n2);
        int p = ReferenceSowing.last(origin, seeds, n2);
        int oppBase = (1 - side) * n;
        if (p < oppBase || p >= oppBase + n || (s[p] != 2 && s[p] != 3)) {
            return false;
        }
        int sum = 0;
        for (int q = p; q >= oppBase && (s[q] == 2 || s[q] == 3); q--) {
            sum += s[q];
        }
        int opp = 0;
        for (int i = oppBase; i < oppBase + n; i++) {
            opp += s[i];
        }
        return sum == opp;
    }
}
