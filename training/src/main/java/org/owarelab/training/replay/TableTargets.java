package org.owarelab.training.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayRecord;

/**
 * Exact value targets from an endgame table ({@code replay.tableTargets}), as lc0 rescores its
 * training data with tablebases: a position with at most the table's seeds on the board, game not
 * over, whose result for the side to move the table decides given the stores
 * ({@link EndgameTable#outcome(Board)} is not {@link EndgameTable#UNKNOWN}), takes that result as
 * its value target in place of the game's. Everything else of the record stays: the policy, the
 * root value, and the margin target (the game's final margin; the table's share ignores the early
 * win, so its margin is another quantity).
 *
 * <p>Perspective: the table reads the board from the side to move and {@link PositionRecord#result()}
 * is the side to move's, so the target is the table's outcome as it is, for South and North alike.
 * The table's value starts the history at the position (see {@link EndgameTable}): a repetition
 * that the game's earlier plies would have made is not seen, as a tablebase ignores the history.
 *
 * <p>Positions carry no board, so each game is replayed from the rules' start through its recorded
 * moves ({@link SelfPlayRecord#moves()}) to each recorded ply. Pure function of its inputs;
 * thread-safe (the table is immutable).
 */
public final class TableTargets {
    private final EndgameTable table;

    public TableTargets(EndgameTable table) {
        if (table == null) {
            throw new IllegalArgumentException("table targets need a table");
        }
        this.table = table;
    }

    /**
     * What rescoring a batch did: {@code covered} positions had at most the table's seeds,
     * {@code rescored} of them were decided by the table and took its result, {@code changed} of
     * those differ from the game's result.
     */
    public record Counts(int positions, int covered, int rescored, int changed) {
        public static final Counts NONE = new Counts(0, 0, 0, 0);
    }

    /** The positions, rescored, and what was done. */
    public record Rescored(List<PositionRecord> positions, Counts counts) {
    }

    /**
     * The value target of a position on {@code board} whose game gave its side to move
     * {@code gameResult}: the table's +1, 0 or -1 where it covers and decides the position, else
     * {@code gameResult}.
     */
    public int target(Board board, int gameResult) {
        if (!table.covers(board)) {
            return gameResult;
        }
        int o = table.outcome(board);
        return o == EndgameTable.UNKNOWN ? gameResult : o;
    }

    /**
     * Rescores {@code positions}, every one of which belongs to one of {@code games} (a
     * {@code GameBatch}'s), in their order.
     *
     * @throws IllegalStateException for a position whose game is not among {@code games}, or whose
     *     ply is not one of its game's
     */
    public Rescored rescore(List<SelfPlayRecord> games, List<PositionRecord> positions) {
        Map<Long, SelfPlayRecord> byId = new HashMap<>();
        for (SelfPlayRecord g : games) {
            byId.put(g.gameId(), g);
        }
        List<PositionRecord> out = new ArrayList<>(positions.size());
        int covered = 0;
        int rescored = 0;
        int changed = 0;
        Board board = null;
        SelfPlayRecord game = null;
        for (PositionRecord p : positions) {
            if (game == null || game.gameId() != p.gameId() || board.ply() > p.ply()) {
                game = byId.get(p.gameId());
                if (game == null) {
                    throw new IllegalStateException("table targets: position of game " + p.gameId()
                            + " whose game record is not in the batch");
                }
                board = new Board(game.rules().isEmpty() ? RuleSet.DEFAULT : RuleSet.parse(game.rules()));
            }
            while (board.ply() < p.ply()) {
                if (board.ply() >= game.moves().length()) {
                    throw new IllegalStateException("table targets: game " + game.gameId() + " has "
                            + game.moves().length() + " moves, a position at ply " + p.ply());
                }
                board.play(Moves.parse(board, game.moves().charAt(board.ply())));
            }
            if (!table.covers(board)) {
                out.add(p);
                continue;
            }
            covered++;
            int o = table.outcome(board);
            if (o == EndgameTable.UNKNOWN) {
                out.add(p);
                continue;
            }
            rescored++;
            if (o == p.result()) {
                out.add(p);
            } else {
                changed++;
                out.add(new PositionRecord(p.gameId(), p.ply(), p.observation(), p.legalMask(), p.policy(), o,
                        p.margin(), p.rootValue(), p.flags()));
            }
        }
        return new Rescored(out, new Counts(positions.size(), covered, rescored, changed));
    }
}
