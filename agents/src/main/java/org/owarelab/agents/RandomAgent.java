package org.owarelab.agents;

import java.util.Set;
import java.util.SplittableRandom;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** Plays a uniformly random legal move. Spec: {@code random}. */
public final class RandomAgent implements Agent {
    /** The factory of this agent's specs. */
    public static final AgentFactory FACTORY = new AgentFactory() {
        @Override
        public String name() {
            return "random";
        }

        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public String help() {
            return "a uniformly random legal move";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            return new RandomAgent(seed);
        }
    };

    private SplittableRandom random;

    public RandomAgent(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
        long t0 = System.nanoTime();
        int move = pick(board.legalMask(), random);
        int mask = board.legalMask();
        float[] policy = new float[board.housesPerSide()];
        float p = 1f / Integer.bitCount(mask);
        for (int m = 0; m < policy.length; m++) {
            policy[m] = (mask >>> m & 1) != 0 ? p : 0f;
        }
        return new Decision(move, policy, 0f, 0, 0, System.nanoTime() - t0, new int[] {move});
    }

    /** A uniformly random set bit of a non-empty {@code mask}. */
    static int pick(int mask, SplittableRandom random) {
        int k = random.nextInt(Integer.bitCount(mask));
        for (int m = 0;; m++) {
            if ((mask >>> m & 1) != 0 && k-- == 0) {
                return m;
            }
        }
    }

    @Override
    public void reset(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public String spec() {
        return "random";
    }
}
