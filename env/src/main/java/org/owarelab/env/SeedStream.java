package org.owarelab.env;

import org.owarelab.util.SplitMix;

/**
 * A resettable SplitMix64 stream (the generator behind {@link java.util.SplittableRandom}): the
 * environments reseed one per episode, and a new {@code SplittableRandom} per episode would be an
 * allocation inside {@link VectorEnv#step(int[])}'s auto-reset. Also derives child seeds (per
 * sub-environment, per episode, per opponent) from a parent seed. Not thread-safe.
 */
final class SeedStream {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private long state;

    SeedStream() {
    }

    SeedStream(long seed) {
        state = seed;
    }

    void seed(long seed) {
        state = seed;
    }

    long nextLong() {
        return mix64(state += GOLDEN);
    }

    /** Uniform in {@code 0..bound-1} (multiply-shift; the bias is below 2^-32 for small bounds). */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** A uniformly random set bit of a non-empty {@code mask}. */
    int pick(int mask) {
        return nthSetBit(mask, nextInt(Integer.bitCount(mask)));
    }

    /** The index of the {@code k}-th (from 0) set bit of {@code mask}. */
    static int nthSetBit(int mask, int k) {
        int m = mask;
        for (int i = 0; i < k; i++) {
            m &= m - 1;
        }
        return Integer.numberOfTrailingZeros(m);
    }

    /** Child seed number {@code index} of {@code seed}: distinct streams for distinct indices. */
    static long child(long seed, long index) {
        return mix64(mix64(seed) ^ (index + 1) * GOLDEN);
    }

    /** Stafford's variant 13 finaliser, as in SplitMix64. */
    static long mix64(long z) {
        return SplitMix.mix(z);
    }
}
