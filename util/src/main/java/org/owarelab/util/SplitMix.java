package org.owarelab.util;

/**
 * SplitMix64's finaliser (Stafford's variant 13): a bijection on longs that scatters nearby
 * inputs. The one place every seed derivation (games, openings, sub-environments, synthetic
 * evaluators) mixes its bits, so they cannot drift apart.
 */
public final class SplitMix {
    /** The golden-ratio increment of SplitMix64. */
    public static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private SplitMix() {
    }

    /** Mixes {@code z}. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
