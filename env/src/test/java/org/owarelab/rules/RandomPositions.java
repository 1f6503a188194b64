package org.owarelab.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded sources of test positions and rule sets for the random-playout and differential
 * tests. Random positions are valid (counts add up) but otherwise arbitrary, so they reach
 * set-up-only cases (an empty side to move, a store past the threshold) and, with few seeds
 * on the board, the endgame rules (feeding, grand slams, repetition) far more often than
 * games from the start.
 */
final class RandomPositions {
    /** Board sizes the variant tests cover: the default, small, odd and the largest. */
    static final int[][] SIZES = {{6, 4}, {3, 3}, {2, 1}, {4, 3}, {5, 2}, {8, 2}, {2, 6}};

    private RandomPositions() {
    }

    /** Every grand-slam variant x both repetition rules x {@link #SIZES}. */
    static List<RuleSet> allVariants() {
        List<RuleSet> out = new ArrayList<>();
        for (int[] size : SIZES) {
            for (GrandSlam g : GrandSlam.values()) {
                for (Repetition r : Repetition.values()) {
                    out.add(new RuleSet(size[0], size[1], g, r));
                }
            }
        }
        return out;
    }

    /** A random valid position: a random number of seeds on the board, spread unevenly. */
    static String random(RuleSet rules, SplittableRandom rnd) {
        int n2 = 2 * rules.houses();
        int total = rules.totalSeeds();
        int onBoard = 1 + rnd.nextInt(total);
        if (rnd.nextBoolean()) {
            onBoard = 1 + rnd.nextInt(Math.min(total, 3 * rules.houses())); // endgames: few seeds
        }
        int[] h = new int[n2];
        int spread = 1 + rnd.nextInt(n2); // seeds fall into this many random houses
        int[] targets = new int[spread];
        for (int i = 0; i < spread; i++) {
            targets[i] = rnd.nextInt(n2);
        }
        for (int s = 0; s < onBoard; s++) {
            h[targets[rnd.nextInt(spread)]]++;
        }
        int stored = total - onBoard;
        int south = rnd.nextInt(stored + 1);
        if (rnd.nextInt(4) != 0) { // mostly keep both stores at or below half, so the game goes on
            int half = total / 2;
            int low = Math.max(0, stored - half);
            int high = Math.min(half, stored);
            south = low + rnd.nextInt(high - low + 1);
        }
        StringBuilder sb = new StringBuilder();
        for (int c : h) {
            sb.append(c).append('-');
        }
        return sb.append(south).append('-').append(stored - south).append('-').append(rnd.nextBoolean() ? 'S' : 'N')
                .toString();
    }

    /** The start position's text. */
    static String start(RuleSet rules) {
        return Position.start(rules).text();
    }

    /** A uniformly random legal move of {@code b} (which must not be over). */
    static int randomMove(Board b, SplittableRandom rnd) {
        int mask = b.legalMask();
        int k = rnd.nextInt(Integer.bitCount(mask));
        for (int i = 0; i < k; i++) {
            mask &= mask - 1;
        }
        return Integer.numberOfTrailingZeros(mask);
    }
}
