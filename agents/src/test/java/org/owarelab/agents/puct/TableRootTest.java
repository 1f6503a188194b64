package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.alphabeta.AlphaBetaAgent;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

/** {@code puct:table-root=true}: a root the endgame table covers plays the table's move, unsearched. */
class TableRootTest {
    static final RuleSet TINY = SolverTest.TINY;
    static EndgameTable table;
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void buildTable() throws Exception {
        table = new TableBuilder(TINY, 9, 1, s -> { }).build();
        file = dir.resolve("tiny-9.owtb");
        table.save(file);
    }

    @Test
    void coveredRootsPlayTheTablesBestMoveWithoutSearchingAsAlphaBetaDoes() {
        int covered = 0;
        int differsFromSearch = 0;
        try (Agent rooted = PuctAgent.FACTORY.create(org.owarelab.agents.AgentSpec.parse(
                "puct:sims=60,tables=" + file + ",table-root=true"), TINY, 1);
                Agent searched = PuctAgent.FACTORY.create(org.owarelab.agents.AgentSpec.parse(
                        "puct:sims=60,tables=" + file), TINY, 1);
                Agent ab = AlphaBetaAgent.FACTORY.create(org.owarelab.agents.AgentSpec.parse(
                        "alphabeta:depth=1,tables=" + file), TINY, 1)) {
            for (int g = 0; g < 2000 && covered < 60; g++) {
                Board b = TreeTest.randomGame(TINY, 500 + g, 4 + g % 30);
                if (b.isOver() || !table.covers(b) || Integer.bitCount(b.legalMask()) < 2) {
                    continue;
                }
                covered++;
                Decision d = rooted.decide(b.copy(), SearchLimit.simulations(60), SearchMonitor.NONE);
                assertEquals(0, d.nodes(), "unsearched at " + b.text());
                int[][] bounds = table.moveBounds(b);
                for (int[] other : bounds) {
                    assertTrue(other == null || other[0] <= bounds[d.move()][0], "the highest lower bound at " + b.text());
                }
                assertEquals(ab.decide(b.copy(), SearchLimit.depth(1), SearchMonitor.NONE).move(), d.move(),
                        "alpha-beta's table move at " + b.text());
                int lo = bounds[d.move()][0];
                int hi = bounds[d.move()][1];
                int outcome = EndgameTable.outcome(TINY.totalSeeds(), b.store(b.toMove()), lo, hi);
                assertEquals(outcome == EndgameTable.UNKNOWN ? 0f : outcome, d.value(), "the table's result at " + b.text());
                Decision s = searched.decide(b.copy(), SearchLimit.simulations(60), SearchMonitor.NONE);
                assertTrue(s.nodes() > 0, "without table-root the root is searched");
                if (bounds[s.move()][0] < lo) {
                    differsFromSearch++;
                }
            }
        }
        assertTrue(covered >= 40, covered + " covered roots");
        System.out.printf("table-root: %d covered roots, the search alone kept less of the share at %d%n", covered,
                differsFromSearch);
    }

    @Test
    void aGameGoesOnFromTheSearchIntoTheTable() {
        try (Agent a = PuctAgent.FACTORY.create(org.owarelab.agents.AgentSpec.parse(
                "puct:sims=40,tables=" + file + ",table-root=true"), TINY, 3)) {
            Board b = new Board(TINY);
            int tableMoves = 0;
            while (!b.isOver() && b.ply() < 300) {
                boolean inTable = table.covers(b);
                Decision d = a.decide(b.copy(), SearchLimit.simulations(40), SearchMonitor.NONE);
                assertTrue(b.isLegal(d.move()), "legal at " + b.text());
                assertEquals(inTable, d.nodes() == 0, "searched exactly where the table does not cover, at " + b.text());
                tableMoves += inTable ? 1 : 0;
                b.play(d.move());
                a.played(b.copy(), d.move());
            }
            assertTrue(tableMoves > 0, "the game reached the table");
        }
    }

    @Test
    void tableRootWithoutATableIsRefused() {
        AgentSpecException e = assertThrows(AgentSpecException.class, () -> PuctAgent.FACTORY.create(
                org.owarelab.agents.AgentSpec.parse("puct:table-root=true"), TINY, 1));
        assertTrue(e.getMessage().contains("table-root=true needs tables=FILE"), e.getMessage());
    }
}
