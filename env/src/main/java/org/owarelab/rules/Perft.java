package org.owarelab.rules;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Performance test: counts the leaf nodes of the game tree to a fixed depth. A finished game
 * has no moves, so a line that ends early contributes no leaves below it. The counts from the
 * start position with the default rules are golden numbers in the tests.
 */
public final class Perft {
    private Perft() {
    }

    /** Leaves at {@code depth} plies below {@code board} (1 at depth 0). The board is left unchanged. */
    public static long count(Board board, int depth) {
        if (depth <= 0) {
            return 1;
        }
        int mask = board.legalMask();
        if (depth == 1) {
            return Integer.bitCount(mask);
        }
        long total = 0;
        while (mask != 0) {
            int m = Integer.numberOfTrailingZeros(mask);
            mask &= mask - 1;
            board.play(m);
            total += count(board, depth - 1);
            board.undo();
        }
        return total;
    }

    /** Leaves per first move, keyed by the move's letter, in house order. */
    public static Map<Character, Long> divide(Board board, int depth) {
        Map<Character, Long> out = new LinkedHashMap<>();
        int mask = board.legalMask();
        while (mask != 0) {
            int m = Integer.numberOfTrailingZeros(mask);
            mask &= mask - 1;
            char letter = board.letter(m);
            board.play(m);
            out.put(letter, count(board, depth - 1));
            board.undo();
        }
        return out;
    }
}
