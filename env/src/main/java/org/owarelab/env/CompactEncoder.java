package org.owarelab.env;

import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * {@code compact/1}: a flat vector of {@code 2n + 2} floats (14 for 6 houses), canonical from the
 * side to move: the mover's houses from its left, the opponent's houses from the opponent's left
 * (so the order is the sowing order starting at the mover's first house), then the mover's store
 * and the opponent's store. Every value is a seed count divided by the total seeds in play
 * (48), so each lies in [0, 1] and the whole vector sums to 1.
 *
 * <p>Shape {@code {2n + 2}}. Immutable and thread-safe; {@link #encode} allocates nothing.
 */
public final class CompactEncoder implements ObservationEncoder {
    public static final String ID = "compact";
    public static final int VERSION = 1;

    private final RuleSet rules;
    private final int n;
    /** {@code norm[c] = c / total}: one table read per value, identical to the division. */
    private final float[] norm;

    public CompactEncoder(RuleSet rules) {
        this.rules = rules;
        this.n = rules.houses();
        int total = rules.totalSeeds();
        this.norm = new float[total + 1];
        for (int c = 0; c <= total; c++) {
            norm[c] = (float) c / total;
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int version() {
        return VERSION;
    }

    @Override
    public RuleSet rules() {
        return rules;
    }

    @Override
    public int[] shape() {
        return new int[] {2 * n + 2};
    }

    @Override
    public int size() {
        return 2 * n + 2;
    }

    @Override
    public void encode(Board board, float[] out, int offset) {
        final float[] norm = this.norm;
        final int n = this.n;
        final int mover = board.toMove();
        final int n2 = 2 * n;
        // Canonical house k is absolute house (mover * n + k) mod 2n: the mover's row, then the other.
        final int mine = mover * n;
        final int theirs = n - mine;
        for (int k = 0; k < n; k++) {
            out[offset + k] = norm[board.count(mine + k)];
            out[offset + n + k] = norm[board.count(theirs + k)];
        }
        out[offset + n2] = norm[board.store(mover)];
        out[offset + n2 + 1] = norm[board.store(1 - mover)];
    }

    @Override
    public String toString() {
        return tag();
    }
}
