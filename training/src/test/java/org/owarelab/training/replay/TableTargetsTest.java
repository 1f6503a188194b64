package org.owarelab.training.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayRecord;

/**
 * {@code replay.tableTargets}: a position the table covers and decides takes the table's result for
 * its side to move; the others keep the game's. Boards of 3 houses x 3 seeds (18 seeds, a win is
 * 10), a table of up to 6 seeds.
 */
class TableTargetsTest {
    private static final RuleSet RULES = RuleSet.parse("houses=3,seeds=3");
    private static EndgameTable table;

    @BeforeAll
    static void build() {
        table = new TableBuilder(RULES, 6, 1, line -> { }).build();
    }

    private static Board board(String text) {
        return new Board(Position.parse(text, RULES));
    }

    /**
     * Positions worked by hand (houses 0..2 South's, 3..5 North's, then South's and North's store and
     * the side to move), each with a single legal move.
     */
    @Test
    void coveredDecidedPositionsTakeTheTablesResultForTheirMover() {
        TableTargets t = new TableTargets(table);
        // South sows its last seed into North's empty row; North cannot feed, so North takes it: 8:10.
        assertEquals(-1, t.target(board("0-0-1-0-0-0-8-9-S"), 1), "South to move loses");
        // The same with the stores the other way: 9:9.
        assertEquals(0, t.target(board("0-0-1-0-0-0-9-8-S"), 1), "South to move draws");
        // North's mirror image: it sows into South's row, South cannot feed and takes the seed: 10:8.
        assertEquals(-1, t.target(board("0-0-0-0-0-1-9-8-N"), 1), "North to move loses (its own view, not South's)");
        assertEquals(0, t.target(board("0-0-0-0-0-1-8-9-N"), -1), "North to move draws");
        // South's last seed makes North's house 3 hold 2: a capture (house 5 keeps a seed, no grand slam): 10:7.
        assertEquals(1, t.target(board("0-0-1-1-0-1-8-7-S"), -1), "South to move wins");
        // North's mirror image of it.
        assertEquals(1, t.target(board("1-0-1-0-0-1-7-8-N"), -1), "North to move wins");
    }

    @Test
    void uncoveredPositionsKeepTheGamesResult() {
        TableTargets t = new TableTargets(table);
        Board start = new Board(RULES); // 18 seeds on the board, the table has 6
        assertEquals(1, t.target(start, 1));
        assertEquals(-1, t.target(start, -1));
        assertEquals(0, t.target(start, 0));
    }

    /** Random games: every position is checked against a replay of its own, for both movers. */
    @Test
    void aBatchIsRescoredAtTheRightPliesAndCounted() {
        SplittableRandom rng = new SplittableRandom(7);
        List<SelfPlayRecord> games = new ArrayList<>();
        List<PositionRecord> positions = new ArrayList<>();
        List<Integer> expected = new ArrayList<>();
        int[] rescoredBySide = new int[2];
        int kept = 0;
        int covered = 0;
        for (long id = 100; id < 130; id++) {
            Board b = new Board(RULES);
            StringBuilder moves = new StringBuilder();
            List<int[]> plies = new ArrayList<>(); // ply, side, the table's outcome or 9 where it decides nothing
            while (!b.isOver() && b.ply() < 200) {
                int outcome = table.covers(b) ? table.outcome(b) : 9;
                covered += table.covers(b) ? 1 : 0;
                plies.add(new int[] {b.ply(), b.toMove(), outcome == EndgameTable.UNKNOWN ? 9 : outcome});
                int mask = b.legalMask();
                int m;
                do {
                    m = rng.nextInt(RULES.houses());
                } while ((mask >>> m & 1) == 0);
                moves.append(Moves.letter(b.toMove(), m));
                b.play(m);
            }
            int winner = b.isOver() ? b.winner() : -1;
            games.add(new SelfPlayRecord(id, id, RULES.spec(), moves.toString(), winner, "test", 0, 0, -1, -1,
                    plies.size(), 0));
            for (int[] p : plies) {
                int result = winner < 0 ? 0 : winner == p[1] ? 1 : -1;
                positions.add(new PositionRecord(id, p[0], new float[] {p[0]}, 1, new float[] {1, 0, 0}, result,
                        7, 0.5f, 0));
                if (p[2] == 9) {
                    expected.add(result);
                    kept++;
                } else {
                    expected.add(p[2]);
                    rescoredBySide[p[1]]++;
                }
            }
        }
        TableTargets.Rescored r = new TableTargets(table).rescore(games, positions);
        assertEquals(positions.size(), r.positions().size());
        int changed = 0;
        for (int i = 0; i < positions.size(); i++) {
            PositionRecord before = positions.get(i);
            PositionRecord after = r.positions().get(i);
            assertEquals((int) expected.get(i), after.result(), "game " + before.gameId() + " ply " + before.ply());
            assertEquals(before.ply(), after.ply());
            assertEquals(before.margin(), after.margin(), "the margin target stays the game's");
            assertSame(before.policy(), after.policy());
            changed += after.result() != before.result() ? 1 : 0;
        }
        assertTrue(rescoredBySide[0] > 0 && rescoredBySide[1] > 0, "decided positions with South and North to move");
        assertTrue(kept > 0, "positions left with the game's result");
        assertTrue(changed > 0, "some targets changed");
        assertEquals(new TableTargets.Counts(positions.size(), covered, rescoredBySide[0] + rescoredBySide[1], changed),
                r.counts());
    }

    @Test
    void aPositionOfAGameNotInTheBatchIsRefused() {
        PositionRecord p = new PositionRecord(5, 0, new float[] {0}, 1, new float[] {1, 0, 0}, 0, 0, 0, 0);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new TableTargets(table).rescore(List.of(), List.of(p)));
        assertTrue(e.getMessage().contains("game 5"), e.getMessage());
        assertNotEquals(null, e.getMessage());
    }
}
