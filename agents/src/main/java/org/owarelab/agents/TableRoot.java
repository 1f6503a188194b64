package org.owarelab.agents;

import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.tables.EndgameTable;

/**
 * The endgame table's answer at a root it covers, for the searches that use a table
 * (alpha-beta and PUCT, spec key {@code table-root}, on by default): where the table knows the
 * mover's share exactly ({@code lo == hi}) and a distance to the next capture or game end
 * ({@link EndgameTable#distance(Board)}), the move is the table's, unsearched; anywhere else the
 * agent searches.
 *
 * <p>Why this is safe in a game with a history: the table's move keeps the share and makes
 * progress (the mover's ({@code lo}, {@code -distance}) rises at every turn up to the capture,
 * so the line never repeats its own positions), but the table knows no history, and the game
 * before the root may hold a position the line could come back to. So a move of the least
 * distance is played only when neither it nor any reply to it ends the game by repetition
 * (checked on a copy of the board, history included); the next turn checks again. When every
 * such move fails the check, the agent searches. Stateless, thread-safe; a call copies the board
 * (a root-only cost).
 */
public final class TableRoot {
    private TableRoot() {
    }

    /**
     * The table's move at {@code board}, or -1 to search: {@code table} null, the root not covered
     * or not exact, no distance, or every move of the least distance repeats a position of the
     * game within two plies.
     */
    public static int move(EndgameTable table, Board board) {
        if (table == null || !table.covers(board)) {
            return -1;
        }
        int n = EndgameTable.seedsOnBoard(board);
        long idx = table.index(board);
        int d = table.distance(n, idx);
        if (table.lo(n, idx) != table.hi(n, idx) || d == EndgameTable.NO_DISTANCE) {
            return -1;
        }
        int[] moves = table.moveDistances(board);
        Board w = board.copy();
        for (int m = 0; m < moves.length; m++) {
            if (moves[m] == d && clearOfRepetition(w, m)) {
                return m;
            }
        }
        return -1;
    }

    /** Whether {@code m}, and every reply to it, leaves the game going on or ending otherwise than by repetition. */
    private static boolean clearOfRepetition(Board w, int m) {
        w.play(m);
        try {
            if (repeated(w)) {
                return false;
            }
            for (int r = 0, houses = w.housesPerSide(); r < houses && !w.isOver(); r++) {
                if (!w.isLegal(r)) {
                    continue;
                }
                w.play(r);
                boolean bad = repeated(w);
                w.undo();
                if (bad) {
                    return false;
                }
            }
            return true;
        } finally {
            w.undo();
        }
    }

    private static boolean repeated(Board w) {
        return w.isOver() && w.endReason() == EndReason.REPETITION;
    }
}
