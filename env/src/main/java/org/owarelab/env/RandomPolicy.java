package org.owarelab.env;

import java.util.SplittableRandom;
import org.owarelab.rules.Board;

/** A uniformly random legal action, from an explicit seed (reseeded by {@link #reset(long)}). Not thread-safe. */
public final class RandomPolicy implements Policy {
    private SplittableRandom random;

    public RandomPolicy(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public int act(Board board) {
        int mask = board.legalMask();
        if (mask == 0) {
            throw new IllegalStateException("random policy: no legal action, the game is over at ply " + board.ply());
        }
        return SeedStream.nthSetBit(mask, random.nextInt(Integer.bitCount(mask)));
    }

    @Override
    public void reset(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public String toString() {
        return "random";
    }
}
