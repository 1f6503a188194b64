package org.owarelab.agents;

import java.util.Set;
import java.util.SplittableRandom;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Plays the move that captures the most seeds now (a move that wins the game at once counts
 * as best), breaking ties at random. Spec: {@code greedy}.
 */
public final class GreedyAgent implements Agent {
    /** The factory of this agent's specs. */
    public static final AgentFactory FACTORY = new AgentFactory() {
        @Override
        public String name() {
            return "greedy";
        }

        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public String help() {
            return "the move with the largest immediate capture, random tie-break";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            return new GreedyAgent(seed);
        }
    };

    private SplittableRandom random;

    public GreedyAgent(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
        long t0 = System.nanoTime();
        int mover = board.toMove();
        int mask = board.legalMask();
        int best = Integer.MIN_VALUE;
        int bestMask = 0;
        for (int m = 0; m < board.housesPerSide(); m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            board.play(m);
            int gain = board.isOver() && board.winner() == mover ? Integer.MAX_VALUE : board.lastCaptured();
            board.undo();
            if (gain > best) {
                best = gain;
                bestMask = 1 << m;
            } else if (gain == best) {
                bestMask |= 1 << m;
            }
        }
        int move = RandomAgent.pick(bestMask, random);
        return new Decision(move, oneHot(move, board.housesPerSide()), 0f, Integer.bitCount(mask), 1,
                System.nanoTime() - t0, new int[] {move});
    }

    private static float[] oneHot(int move, int n) {
        float[] p = new float[n];
        p[move] = 1f;
        return p;
    }

    @Override
    public void reset(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public String spec() {
        return "greedy";
    }
}
