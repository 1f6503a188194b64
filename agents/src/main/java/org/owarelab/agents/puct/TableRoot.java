package org.owarelab.agents.puct;

import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.tables.EndgameTable;

/**
 * The endgame table's answer at a root it covers ({@code puct:table-root=true}, {@link
 * PuctAgent#tableRoot}): its best move ({@link EndgameTable#bestMove}), a one-hot policy, and the
 * value of the move's result (+1, 0 or -1 where the bounds decide it given the stores, else 0).
 */
final class TableRoot {
    private TableRoot() {
    }

    static Decision decide(EndgameTable table, Board board, long t0, SearchMonitor monitor) {
        int[][] bounds = table.moveBounds(board);
        int best = EndgameTable.bestMove(bounds);
        int outcome = EndgameTable.outcome(board.rules().totalSeeds(), board.store(board.toMove()), bounds[best][0],
                bounds[best][1]);
        boolean known = outcome != EndgameTable.UNKNOWN;
        float value = known ? outcome : 0f;
        float[] policy = new float[board.housesPerSide()];
        policy[best] = 1f;
        int[] pv = {best};
        long time = System.nanoTime() - t0;
        monitor.info(new SearchInfo(1, 1, value, Double.NaN, known ? outcome : 0, 0, time / 1_000_000L, pv));
        return new Decision(best, policy, value, 0, 1, time, pv);
    }
}
