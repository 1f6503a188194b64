package org.owarelab.rules;

/**
 * The legal-move mask of a {@link Board}'s side to move: every non-empty house, narrowed by the
 * feeding rule when the opponent's row is empty and, under {@link GrandSlam#ILLEGAL}, by the
 * grand-slam look-ahead (each candidate sown on copies of the packed rows). Immutable; one per
 * board.
 */
final class Legality {
    private final int n;
    private final boolean grandSlamsIllegal;
    private final Sowing sowing;

    Legality(RuleSet rules) {
        this.n = rules.houses();
        this.grandSlamsIllegal = rules.grandSlam() == GrandSlam.ILLEGAL;
        this.sowing = Sowing.of(n);
    }

    /**
     * The legal moves of {@code side} (bit {@code m} for relative move {@code m}) on the packed
     * rows {@code south} and {@code north}; 0 when it has none.
     */
    int mask(long south, long north, int side) {
        final long mover = side == Side.SOUTH ? south : north;
        final long opponent = side == Side.SOUTH ? north : south;
        int mask;
        if (opponent != 0) {
            mask = Rows.nonEmpty(mover); // every non-empty house of the mover
        } else {
            // Feeding: only moves that reach the opponent's row, c >= n - i, i.e. (n - i - 1 - c) < 0
            // (branch-free: counts are random, per-house branches would mispredict).
            mask = 0;
            for (int i = 0; i < n; i++) {
                mask |= ((n - i - 1 - Rows.count(mover, i)) >>> 31) << i;
            }
        }
        if (grandSlamsIllegal && mask != 0) {
            for (int b = mask; b != 0; b &= b - 1) {
                int m = Integer.numberOfTrailingZeros(b);
                if (isGrandSlam(south, north, side, m)) {
                    mask &= ~(1 << m);
                }
            }
        }
        return mask;
    }

    /** Whether relative move {@code m} of {@code side} would capture every opponent seed. */
    private boolean isGrandSlam(long south, long north, int side, int m) {
        int origin = side * n + m;
        int seeds = Rows.count(side == Side.SOUTH ? south : north, m);
        if (side == Side.SOUTH) {
            south = Rows.clear(south, m, m);
        } else {
            north = Rows.clear(north, m, m);
        }
        long opponent = side == Side.SOUTH ? north + sowing.addNorth(origin, seeds)
                : south + sowing.addSouth(origin, seeds);
        int last = sowing.last(origin, seeds) - (1 - side) * n;
        if (last < 0 || last >= n) {
            return false;
        }
        int first = Rows.runStart(opponent, last);
        return first <= last && Rows.sum(opponent, first, last) == Rows.total(opponent);
    }
}
