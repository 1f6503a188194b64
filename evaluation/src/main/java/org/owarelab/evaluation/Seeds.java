package org.owarelab.evaluation;

/**
 * Derives independent seeds from a match seed and an index (the SplitMix64 finaliser of
 * {@code seed + (index + 1) * golden gamma}), so that game {@code i} gets the same seeds whichever
 * thread plays it and however many games the match has.
 */
public final class Seeds {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private Seeds() {
    }

    /** The seed of item {@code index} under {@code seed}. */
    public static long derive(long seed, long index) {
        long z = seed + (index + 1) * GOLDEN_GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
