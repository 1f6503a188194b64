package org.owarelab.training.selfplay;

import org.owarelab.util.SplitMix;

/**
 * SelfPlaySeeds derived from one run seed: each game's seed is a function of the run seed and the
 * game's id only, so a game is the same whichever worker, slot or batch plays it.
 */
public final class SelfPlaySeeds {
    private SelfPlaySeeds() {
    }

    /** The seed of game {@code gameId} in the run seeded {@code runSeed}. */
    public static long game(long runSeed, long gameId) {
        return mix(mix(runSeed ^ 0x5E1F_91A7_0000_0000L) + gameId * 0x9E3779B97F4A7C15L);
    }

    /** SplitMix64's finaliser: a bijection that scatters nearby inputs. */
    public static long mix(long z) {
        return SplitMix.mix(z);
    }
}
