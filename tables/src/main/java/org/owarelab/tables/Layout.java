package org.owarelab.tables;

/**
 * The index of a layout of {@code n} seeds in {@code k} houses, {@code 0..C(n+k-1, k-1)-1}: the
 * combinatorial number system over the "stars and bars" of the layout. The houses are read in
 * the order the table uses (the mover's row first); the bars sit after each house but the last,
 * at {@code b_j = c_0 + ... + c_j + j}, and the index is {@code sum_j C(b_j, j + 1)} (colex rank).
 * Immutable; thread-safe.
 */
public final class Layout {
    private final int k;
    private final long[][] binom;

    /** Layouts in {@code houses} houses with up to {@code maxSeeds} seeds. */
    public Layout(int houses, int maxSeeds) {
        if (houses < 2) {
            throw new IllegalArgumentException("houses=" + houses + ": expected >= 2");
        }
        this.k = houses;
        int top = maxSeeds + houses + 1;
        binom = new long[top + 1][houses + 1];
        for (int a = 0; a <= top; a++) {
            binom[a][0] = 1;
            for (int b = 1; b <= houses && b <= a; b++) {
                binom[a][b] = binom[a - 1][b - 1] + (b <= a - 1 ? binom[a - 1][b] : 0);
            }
        }
    }

    /** Houses per layout. */
    public int houses() {
        return k;
    }

    /** How many layouts of {@code n} seeds there are: {@code C(n + k - 1, k - 1)}. */
    public long count(int n) {
        return binom[n + k - 1][k - 1];
    }

    /** The index of {@code counts} (length {@code k}, any seed total up to the max). */
    public long index(int[] counts) {
        long r = 0;
        int b = -1;
        for (int j = 0; j < k - 1; j++) {
            b += counts[j] + 1;
            r += binom[b][j + 1];
        }
        return r;
    }

    /** Fills {@code counts} with the layout of {@code n} seeds at {@code index}. */
    public void layout(int n, long index, int[] counts) {
        long r = index;
        int hi = n + k - 1; // bars lie in 0..n+k-2
        int prev = n + k - 1; // position of a virtual bar after the last house
        for (int j = k - 2; j >= 0; j--) {
            // the largest b < hi with C(b, j+1) <= r
            int b = hi - 1;
            while (binom[b][j + 1] > r) {
                b--;
            }
            r -= binom[b][j + 1];
            counts[j + 1] = prev - b - 1;
            prev = b;
            hi = b;
        }
        counts[0] = prev;
    }
}
