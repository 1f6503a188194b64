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
    void aCoveredRootIsSearchedAndPlaysAMoveWithTheBestLowerBound() {
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
            assertTrue(d.nodes() > 0, "a covered root is searched, its moves scored from the table");
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

    /** A position with 4 seeds the table covers and the game goes on. */
    private static Board covered() {
        Random rnd = new Random(11);
        Board b;
        do {
            b = random(rnd, 4);
        } while (b.isOver());
        return b;
    }

    @Test
    void autoFindsTheTableForTimedSearchesOnly() throws IOException {
        Path place = dir.resolve("auto");
        java.nio.file.Files.createDirectories(place);
        java.nio.file.Files.copy(file, place.resolve("tables-6.owtb"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Board b = covered();
        AlphaBetaAgent auto = agent("alphabeta").autoTablePlaces(java.util.List.of(place));
        Decision timed = auto.decide(b, SearchLimit.movetime(200), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(auto.tableHits() > 0, "a timed search scores the covered root's moves from the found table");
        assertEquals(table.lo(b), table.moveBounds(b)[timed.move()][0], b.text());
        Decision infinite = auto.decide(b, new SearchLimit(0, 0, 0, 0, true), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(auto.tableHits() > 0, "an infinite search too");
        assertEquals(table.lo(b), table.moveBounds(b)[infinite.move()][0], b.text());
        auto.decide(b, SearchLimit.depth(3), org.owarelab.agents.SearchMonitor.NONE);
        assertEquals(0, auto.tableHits(), "a depth-limited search stays the yardstick: no table");
        auto.decide(b, SearchLimit.nodes(500), org.owarelab.agents.SearchMonitor.NONE);
        assertEquals(0, auto.tableHits(), "a node-limited one too");
        AlphaBetaAgent off = agent("alphabeta:tables=off").autoTablePlaces(java.util.List.of(place));
        off.decide(b, SearchLimit.movetime(20), org.owarelab.agents.SearchMonitor.NONE);
        assertEquals(0, off.tableHits(), "tables=off searches without");
        AlphaBetaAgent none = agent("alphabeta").autoTablePlaces(java.util.List.of(dir.resolve("empty")));
        none.decide(b, SearchLimit.movetime(20), org.owarelab.agents.SearchMonitor.NONE);
        assertEquals(0, none.tableHits(), "no table found: a search without");
    }

    @Test
    void findTakesTheLargestTableForTheRulesAndPassesOverOthers() throws IOException {
        Path place = dir.resolve("find");
        java.nio.file.Files.createDirectories(place);
        java.nio.file.Files.copy(file, place.resolve("b-6.owtb"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        new TableBuilder(RuleSet.DEFAULT, 3, 1, line -> { }).build().save(place.resolve("a-3.owtb"));
        new TableBuilder(RuleSet.parse("repetition=split"), 8, 1, line -> { }).build().save(place.resolve("c-8.owtb"));
        java.nio.file.Files.writeString(place.resolve("d-junk.owtb"), "not a table");
        java.nio.file.Files.writeString(place.resolve("e.txt"), "ignored");
        assertEquals(java.util.Optional.of(place.resolve("b-6.owtb")), EndgameTable.find(RuleSet.DEFAULT,
                java.util.List.of(place)));
        assertEquals(java.util.Optional.of(place.resolve("c-8.owtb")), EndgameTable.find(RuleSet.parse(
                "repetition=split"), java.util.List.of(place)));
        assertEquals(java.util.Optional.of(place.resolve("a-3.owtb")), EndgameTable.find(RuleSet.DEFAULT,
                java.util.List.of(place.resolve("a-3.owtb"), dir.resolve("missing"))), "a file named directly");
        assertEquals(java.util.Optional.empty(), EndgameTable.find(RuleSet.parse("houses=4,seeds=3"),
                java.util.List.of(place)));
        assertEquals(new EndgameTable.Header(RuleSet.DEFAULT, 6), EndgameTable.header(place.resolve("b-6.owtb")));
        assertEquals(null, EndgameTable.header(place.resolve("d-junk.owtb")));
    }

    @Test
    void aFoundTableWithACorruptBodyIsAnErrorNotAWrongValue() throws IOException {
        Path place = dir.resolve("corrupt");
        java.nio.file.Files.createDirectories(place);
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        bytes[bytes.length - 3] ^= 0x5a;
        java.nio.file.Files.write(place.resolve("tables-6.owtb"), bytes);
        AlphaBetaAgent auto = agent("alphabeta").autoTablePlaces(java.util.List.of(place));
        TableException e = assertThrows(TableException.class,
                () -> auto.decide(covered(), SearchLimit.movetime(20), org.owarelab.agents.SearchMonitor.NONE));
        assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    }

    @Test
    void resolvingATimedSpecNamesTheTableFoundOrOffAndLeavesOtherSpecsAlone() throws IOException {
        Path place = dir.resolve("resolve");
        java.nio.file.Files.createDirectories(place);
        java.nio.file.Files.copy(file, place.resolve("tables-6.owtb"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        java.util.List<Path> here = java.util.List.of(place);
        String found = place.resolve("tables-6.owtb").toAbsolutePath().normalize().toString();
        String timed = AlphaBetaAgent.resolveTables(AgentSpec.parse("alphabeta:movetime=20"), RuleSet.DEFAULT, here);
        assertEquals("alphabeta:movetime=20,tables=" + AgentSpec.quote(found), timed);
        AlphaBetaConfig pinned = AlphaBetaConfig.fromSpec(AgentSpec.parse(timed));
        assertEquals(found, pinned.tables(), "the resolved spec parses back to the file");
        Board b = covered();
        AlphaBetaAgent pinnedAgent = agent(timed);
        pinnedAgent.decide(b, SearchLimit.movetime(200), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(pinnedAgent.tableHits() > 0, "and plays from it, wherever it runs");
        assertEquals("alphabeta:movetime=20,tables=off", AlphaBetaAgent.resolveTables(
                AgentSpec.parse("alphabeta:movetime=20"), RuleSet.DEFAULT, java.util.List.of(dir.resolve("empty"))));
        assertEquals("alphabeta:movetime=20,tables=off", AlphaBetaAgent.resolveTables(
                AgentSpec.parse("alphabeta:movetime=20"), RuleSet.parse("houses=4,seeds=3"), here),
                "no table for these rules");
        for (String given : new String[] {"alphabeta", "alphabeta:depth=3", "alphabeta:nodes=1000",
            "alphabeta:movetime=20,tables=off", "alphabeta:movetime=20,tables=x.owtb"}) {
            assertEquals(given, AlphaBetaAgent.resolveTables(AgentSpec.parse(given), RuleSet.DEFAULT, here), given);
        }
    }

    @Test
    void specValuesAreQuotedOnlyWhenTheyNeedIt() {
        assertEquals("/t/tables-12.owtb", AgentSpec.quote("/t/tables-12.owtb"));
        assertEquals("\"/my tables/a,b.owtb\"", AgentSpec.quote("/my tables/a,b.owtb"));
        String spec = AgentSpec.parse("alphabeta:movetime=20").withOption("tables", "C:\\t \"x\".owtb");
        assertEquals("C:\\t \"x\".owtb", AgentSpec.parse(spec).string("tables", null), spec);
        assertEquals("alphabeta:tables=off", AgentSpec.parse("alphabeta").withOption("tables", "off"));
    }

    @Test
    void theTablesKeyReadsAutoOffOrAFile() {
        assertEquals(null, AlphaBetaConfig.fromSpec(AgentSpec.parse("alphabeta:tables=auto")).tables());
        assertEquals("alphabeta:depth=8", AlphaBetaConfig.fromSpec(AgentSpec.parse("alphabeta:tables=auto")).spec());
        AlphaBetaConfig off = AlphaBetaConfig.fromSpec(AgentSpec.parse("alphabeta:tables=none"));
        assertEquals(AlphaBetaConfig.TABLES_OFF, off.tables());
        assertEquals("alphabeta:depth=8,tables=off", off.spec());
        assertTrue(!off.tablesFile() && AlphaBetaConfig.fromSpec(AgentSpec.parse("alphabeta:tables=x.owtb")).tablesFile());
    }
}
