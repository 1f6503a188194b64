package org.owarelab.evaluation;

import org.owarelab.util.SplitMix;

/**
 * Derives independent seeds from a match seed and an index (the SplitMix64 finaliser of
 * {@code seed + (index + 1) * golden gamma}), so that game {@code i} gets the same seeds whichever
 * thread plays it and however many games the match has.
 */
public final class MatchSeeds {
    private MatchSeeds() {
    }

    /** The seed of item {@code index} under {@code seed}. */
    public static long derive(long seed, long index) {
        return SplitMix.mix(seed + (index + 1) * SplitMix.GOLDEN_GAMMA);
    }
}
