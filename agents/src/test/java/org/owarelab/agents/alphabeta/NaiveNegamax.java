package org.owarelab.agents.alphabeta;

import org.owarelab.rules.Board;

/**
 * A deliberately plain second implementation for differential tests: full-width negamax with no
 * pruning, no table and no move ordering, scoring finished games like {@link Search} (win/loss
 * as {@link Score#over}, draw 0) and horizon nodes with the same {@link Evaluation},
 * optionally extended by a full-width capture search with stand-pat (captures detected by
 * playing the move and reading {@link Board#lastCaptured()}).
 */
final class NaiveNegamax {
    private final Evaluation eval;
    private final boolean quiescence;

    NaiveNegamax(Evaluation eval, boolean quiescence) {
        this.eval = eval;
        this.quiescence = quiescence;
    }

    /** The depth-limited minimax score of {@code b} from the side to move; {@code depth} < 0 searches to the end. */
    int score(Board b, int depth, int ply) {
        if (b.isOver()) {
            return Score.over(Score.finalMargin(b), ply);
        }
        if (depth == 0) {
            return quiescence ? captures(b, ply) : eval.evaluate(b);
        }
        int best = Integer.MIN_VALUE;
        for (int m = 0; m < b.housesPerSide(); m++) {
            if (b.isLegal(m)) {
                b.play(m);
                best = Math.max(best, -score(b, depth - 1, ply + 1));
                b.undo();
            }
        }
        return best;
    }

    private int captures(Board b, int ply) {
        if (b.isOver()) {
            return score(b, 0, ply);
        }
        int best = eval.evaluate(b);
        for (int m = 0; m < b.housesPerSide(); m++) {
            if (b.isLegal(m)) {
                b.play(m);
                if (b.lastCaptured() > 0) {
                    best = Math.max(best, -captures(b, ply + 1));
                }
                b.undo();
            }
        }
        return best;
    }
}
