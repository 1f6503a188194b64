package org.owarelab.export;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Positions for probes and parity tests: from seeded random games, each position kept with
 * probability one half, so the sample spans openings, middle games and endings. The same
 * arguments give the same positions. Every position returned is a live game (not over).
 */
public final class RandomPositions {
    private RandomPositions() {
    }

    /** {@code count} positions of seeded random games under {@code rules}. */
    public static List<Board> sample(RuleSet rules, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Board> out = new ArrayList<>(count);
        Board board = new Board(rules);
        while (out.size() < count) {
            if (board.isOver() || board.ply() > 300) {
                board = new Board(rules);
            }
            if (random.nextBoolean()) {
                out.add(board.copy());
            }
            int mask = board.legalMask();
            int pick = random.nextInt(Integer.bitCount(mask));
            for (int m = 0; ; m++) {
                if ((mask >>> m & 1) != 0 && pick-- == 0) {
                    board.play(m);
                    break;
                }
            }
        }
        return out;
    }
}
