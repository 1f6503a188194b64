package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

/**
 * The table's answer at a covered root: the table's move where the share is exact and has a
 * distance, never a move that it or a reply to it ends by repetition of the game's history, and
 * both searches (alpha-beta, PUCT) play it unless {@code table-root=false}.
 */
class TableRootTest {
    /** A small rule set with many capture-free cycles, solved to its half. */
    static final RuleSet SMALL = RuleSet.parse("houses=3,seeds=3");
    @TempDir
    static Path dir;
    static EndgameTable table;
    static Path file;

    @BeforeAll
    static void build() throws IOException {
        table = new TableBuilder(SMALL, 9, 2, line -> { }).build();
        file = dir.resolve("small-9.owtb");
        table.save(file);
    }

    /** A position of {@code n} seeds on the board, stores below the threshold, the game going on (or null). */
    private static Board random(Random rnd, int n) {
        int[] h = new int[6];
        for (int i = 0; i < n; i++) {
            h[rnd.nextInt(6)]++;
        }
        int rest = 18 - n;
        int a = Math.max(0, rest - 9) + rnd.nextInt(Math.min(9, rest) - Math.max(0, rest - 9) + 1);
        Board b = new Board(new Position(SMALL, h, a, rest - a, rnd.nextInt(2)));
        return b.isOver() ? null : b;
    }

    private static boolean exactWithDistance(Board b) {
        return table.covers(b) && table.lo(b) == table.hi(b) && table.distance(b) != EndgameTable.NO_DISTANCE;
    }

    @Test
    void withoutHistoryTheAnswerIsTheTablesMoveWhereTheShareIsExactWithADistance() {
        Random rnd = new Random(7);
        int answered = 0;
        int searched = 0;
        for (int i = 0; i < 2000; i++) {
            Board b = random(rnd, 1 + rnd.nextInt(9));
            if (b == null) {
                continue;
            }
            int m = TableRoot.move(table, b);
            if (exactWithDistance(b)) {
                assertEquals(table.bestMove(b), m, b.text());
                assertEquals(table.lo(b), table.moveBounds(b)[m][0], "the move keeps the exact share at " + b.text());
                answered++;
            } else {
                assertEquals(-1, m, b.text());
                searched++;
            }
        }
        assertEquals(-1, TableRoot.move(null, new Board(SMALL)), "no table");
        assertEquals(-1, TableRoot.move(table, new Board(SMALL)), "not covered: 18 seeds on the board");
        assertTrue(answered > 0 && searched > 0, answered + " answered, " + searched + " searched");
    }

    /**
     * Random games after a capture-free stretch of random moves (a history the table does not see):
     * whenever a side plays the table's answer, neither that move nor the reply to it ends the game
     * by repetition; the history-free move would have, in some of the same positions.
     */
    @Test
    void theAnswerNeverRepeatsThePositionsOfTheGame() {
        Random rnd = new Random(11);
        int answers = 0;
        int refused = 0;
        int historyFreeWouldRepeat = 0;
        for (int g = 0; g < 3000; g++) {
            Board b = random(rnd, 4 + rnd.nextInt(6));
            if (b == null) {
                continue;
            }
            for (int warm = rnd.nextInt(10); warm > 0 && !b.isOver(); warm--) {
                b.play(randomMove(rnd, b));
            }
            for (int ply = 0; ply < 200 && !b.isOver(); ply++) {
                int m = TableRoot.move(table, b);
                if (exactWithDistance(b)) {
                    int free = table.bestMove(b);
                    if (repeatsWithinTwoPlies(b, free)) {
                        historyFreeWouldRepeat++;
                    }
                    if (m < 0) {
                        refused++;
                    }
                }
                if (m < 0) {
                    b.play(randomMove(rnd, b));
                    continue;
                }
                answers++;
                b.play(m);
                assertTrue(!(b.isOver() && b.endReason() == EndReason.REPETITION), "the answer repeated: " + b.text());
                if (b.isOver()) {
                    break;
                }
                b.play(randomMove(rnd, b));
                assertTrue(!(b.isOver() && b.endReason() == EndReason.REPETITION), "a reply repeated: " + b.text());
                ply++;
            }
        }
        assertTrue(answers > 1000, "answers: " + answers);
        assertTrue(historyFreeWouldRepeat > 0 && refused > 0,
                "the history check matters: " + historyFreeWouldRepeat + " would repeat, " + refused + " refused");
    }

    private static int randomMove(Random rnd, Board b) {
        int mask = b.legalMask();
        int k = rnd.nextInt(Integer.bitCount(mask));
        for (int m = 0;; m++) {
            if ((mask >>> m & 1) != 0 && k-- == 0) {
                return m;
            }
        }
    }

    /** Whether {@code m}, or some reply to it, ends the game on {@code b} (history included) by repetition. */
    private static boolean repeatsWithinTwoPlies(Board b, int m) {
        Board w = b.copy();
        w.play(m);
        if (w.isOver()) {
            return w.endReason() == EndReason.REPETITION;
        }
        for (int r = 0; r < w.housesPerSide(); r++) {
            if (w.isLegal(r)) {
                w.play(r);
                boolean rep = w.isOver() && w.endReason() == EndReason.REPETITION;
                w.undo();
                if (rep) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void bothSearchesPlayTheAnswerUnlessTableRootIsOff() {
        AgentRegistry registry = BuiltInAgents.registry();
        Random rnd = new Random(5);
        int checked = 0;
        while (checked < 40) {
            Board b = random(rnd, 3 + rnd.nextInt(7));
            if (b == null || !exactWithDistance(b)) {
                continue;
            }
            int want = TableRoot.move(table, b);
            for (String spec : new String[] {"alphabeta:depth=4,tables=" + file, "puct:sims=50,tables=" + file}) {
                try (Agent on = registry.create(spec, SMALL, 1);
                        Agent off = registry.create(spec.replace(",tables=", ",table-root=false,tables="), SMALL, 1)) {
                    Decision d = on.decide(b, SearchLimit.NONE, SearchMonitor.NONE);
                    assertEquals(want, d.move(), spec + " at " + b.text());
                    assertEquals(0, d.nodes(), spec + ": unsearched");
                    assertTrue(off.decide(b, SearchLimit.NONE, SearchMonitor.NONE).nodes() > 0, spec + ", table-root=false");
                }
            }
            checked++;
        }
    }
}
