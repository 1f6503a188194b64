package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link PositionHash}: distinct positions get distinct hashes, spread evenly over the bits tables use. */
class PositionHashTest {
    /** Appends the hash of every layout of {@code left} more seeds from house {@code i} on, every store split, both sides. */
    private static int all(int[] h, int i, int left, int total, long[] out, int at) {
        if (i == h.length - 1) {
            h[i] = left;
            long south = Rows.pack(h, 0, 6);
            long north = Rows.pack(h, 6, 6);
            int onBoard = Arrays.stream(h).sum();
            for (int a = 0; a <= total - onBoard; a++) {
                for (int side = 0; side < 2; side++) {
                    out[at++] = PositionHash.of(south, north, a, total - onBoard - a, side);
                }
            }
            return at;
        }
        for (int c = 0; c <= left; c++) {
            h[i] = c;
            at = all(h, i + 1, left - c, total, out, at);
        }
        return at;
    }

    @Test
    void everyPositionWithAtMostSixSeedsOnTheBoardHasItsOwnHash() {
        // Layouts of n <= 6 seeds in 12 houses, every split of the 48 - n captured seeds, both sides to move.
        int count = 0;
        for (int n = 0; n <= 6; n++) {
            count += (int) (binomial(n + 11, 11) * (48 - n + 1) * 2);
        }
        long[] hashes = new long[count];
        int at = 0;
        for (int n = 0; n <= 6; n++) {
            at = all(new int[12], 0, n, 48, hashes, at);
        }
        assertEquals(count, at);
        long[] sorted = hashes.clone();
        Arrays.sort(sorted);
        for (int k = 1; k < sorted.length; k++) {
            assertTrue(sorted[k] != sorted[k - 1], "two positions share hash " + Long.toHexString(sorted[k]));
        }
        // Transposition tables index by the low bits, the repetition filter by the top ones: both spread evenly.
        for (int shift : new int[] {0, 20, 52}) {
            int[] buckets = new int[1 << 12];
            for (long z : hashes) {
                buckets[(int) (z >>> shift) & 0xFFF]++;
            }
            double mean = (double) hashes.length / buckets.length;
            int min = Arrays.stream(buckets).min().getAsInt();
            int max = Arrays.stream(buckets).max().getAsInt();
            assertTrue(min > 0.75 * mean && max < 1.25 * mean, "bits from " + shift + ": buckets " + min + ".." + max
                    + " around " + mean);
        }
    }

    @Test
    void positionsOfRandomGamesCollideOnlyWhenTheyAreEqual() {
        Map<Long, String> seen = new HashMap<>();
        Random rnd = new Random(7);
        for (int game = 0; game < 400; game++) {
            Board b = new Board(RuleSet.parse(game % 2 == 0 ? "" : "houses=8,seeds=8"));
            while (!b.isOver()) {
                int mask = b.legalMask();
                int m = mask;
                for (int k = rnd.nextInt(Integer.bitCount(mask)); k > 0; k--) {
                    m &= m - 1;
                }
                b.play(Integer.numberOfTrailingZeros(m));
                String text = b.rules() + "|" + b.text();
                String before = seen.putIfAbsent(b.hash(), text);
                assertTrue(before == null || before.equals(text), before + " and " + text + " share a hash");
                assertEquals(b.recomputeHash(), b.hash());
            }
        }
        assertTrue(seen.size() > 20_000, "enough positions: " + seen.size());
    }

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }
}
