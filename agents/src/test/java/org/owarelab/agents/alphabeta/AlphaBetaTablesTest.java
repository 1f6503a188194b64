package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;
import org.owarelab.tables.TableException;

/** Alpha-beta with endgame tables: the root plays the table's move; covered nodes are not searched. */
class AlphaBetaTablesTest {
    @TempDir
    static Path dir;
    static Path file;
    static EndgameTable table;

    @BeforeAll
    static void build() throws IOException {
        table = new TableBuilder(RuleSet.DEFAULT, 6, 2, line -> { }).build();
        file = dir.resolve("t6.owtb");
        table.save(file);
    }

    private static AlphaBetaAgent agent(String spec) {
        return new AlphaBetaAgent(AlphaBetaConfig.fromSpec(AgentSpec.parse(spec)), RuleSet.DEFAULT);
    }

    /** Random positions with {@code n} seeds on the board and stores that leave both below the threshold. */
    private static Board random(Random rnd, int n) {
        int[] h = new int[12];
        for (int i = 0; i < n; i++) {
            h[rnd.nextInt(12)]++;
        }
        int a = 24 - n + rnd.nextInt(n + 1);
        return new Board(new Position(RuleSet.DEFAULT, h, a, 48 - n - a, rnd.nextInt(2)));
    }

    @Test
    void aCoveredRootPlaysAMoveWithTheBestLowerBound() {
        AlphaBetaAgent ab = agent("alphabeta:depth=1,tables=" + file);
        Random rnd = new Random(3);
        int checked = 0;
        while (checked < 300) {
            Board b = random(rnd, 1 + rnd.nextInt(6));
            if (b.isOver()) {
                continue;
            }
            int[][] bounds = table.moveBounds(b);
            int best = -1;
            for (int[] x : bounds) {
                if (x != null) {
                    best = Math.max(best, x[0]);
                }
            }
            Decision d = ab.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE);
            assertEquals(best, bounds[d.move()][0], b.text());
            assertEquals(0, d.nodes(), "no search at a covered root");
            assertEquals(table.lo(b), best, "the best move's bound is the position's (Bellman) at " + b.text());
            checked++;
        }
    }

    @Test
    void coveredNodesBelowTheRootAreScoredFromTheTable() {
        AlphaBetaAgent with = agent("alphabeta:depth=6,tables=" + file);
        AlphaBetaAgent without = agent("alphabeta:depth=6");
        Random rnd = new Random(5);
        long nodesWith = 0;
        long nodesWithout = 0;
        for (int i = 0; i < 20; i++) {
            Board b = random(rnd, 8);
            if (b.isOver()) {
                continue;
            }
            with.reset(i);
            without.reset(i);
            Decision dw = with.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE);
            assertTrue(b.isLegal(dw.move()));
            nodesWith += dw.nodes();
            nodesWithout += without.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE).nodes();
        }
        assertTrue(nodesWith < nodesWithout, "the table cuts the tree: " + nodesWith + " vs " + nodesWithout);
        assertTrue(with.config().spec().endsWith(",tables=" + file), with.config().spec());
    }

    @Test
    void aTableForOtherRulesIsRefused() {
        TableException e = assertThrows(TableException.class, () -> new AlphaBetaAgent(
                AlphaBetaConfig.fromSpec(AgentSpec.parse("alphabeta:tables=" + file)), RuleSet.parse("repetition=split")));
        assertTrue(e.getMessage().contains("built for rules default, expected rules repetition=split"), e.getMessage());
    }
}
