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

/** Alpha-beta with endgame tables: a covered root plays the table's move where it knows one; covered nodes are not searched. */
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

    /** Whether the agent's last decision read the table: at its root, or at nodes below. */
    private static boolean used(AlphaBetaAgent a) {
        return a.fromTableRoot() || a.tableHits() > 0;
    }

    @Test
    void aCoveredRootPlaysTheTablesMoveWhereItHasADistanceAndIsSearchedElsewhere() {
        AlphaBetaAgent ab = agent("alphabeta:depth=1,tables=" + file);
        AlphaBetaAgent searched = agent("alphabeta:depth=1,table-root=false,tables=" + file);
        assertEquals("alphabeta:depth=1,table-root=false,tables=" + file, searched.config().spec());
        Random rnd = new Random(3);
        int answered = 0;
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
            assertEquals(table.lo(b), best, "the best move's bound is the position's (Bellman) at " + b.text());
            boolean tableKnows = table.lo(b) == table.hi(b) && table.distance(b) != EndgameTable.NO_DISTANCE;
            Decision d = ab.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE);
            assertEquals(best, bounds[d.move()][0], b.text());
            assertEquals(tableKnows, ab.fromTableRoot(), b.text());
            if (tableKnows) {
                answered++;
                assertEquals(0, d.nodes(), "unsearched");
                assertEquals(table.bestMove(b), d.move(), "the table's move (no history here)");
                assertEquals(table.distance(b), table.moveDistances(b)[d.move()], b.text());
            } else {
                assertTrue(d.nodes() > 0, "a covered root without an exact share or a distance is searched");
            }
            Decision s = searched.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE);
            assertTrue(s.nodes() > 0 && !searched.fromTableRoot(), "table-root=false searches every root");
            assertEquals(best, bounds[s.move()][0], b.text());
            checked++;
        }
        assertTrue(answered > 0 && answered < checked, "both kinds of roots met: " + answered + " answered of " + checked);
    }

    /**
     * A move that wins at the threshold is valued as the table values it (the share the rest of the
     * game would give), not by the seeds left on each side, so that a searched root with such a move
     * keeps the table's share.
     */
    @Test
    void aThresholdCaptureIsValuedAsTheTableValuesIt() {
        AlphaBetaAgent searched = agent("alphabeta:depth=2,table-root=false,tables=" + file);
        Random rnd = new Random(17);
        int thresholds = 0;
        int differs = 0;
        int roots = 0;
        while (thresholds < 200) {
            Board b = random(rnd, 2 + rnd.nextInt(5));
            if (b.isOver()) {
                continue;
            }
            boolean any = false;
            for (int m = 0; m < 6; m++) {
                if (!b.isLegal(m)) {
                    continue;
                }
                Board w = b.copy();
                w.play(m);
                if (!w.isOver() || w.endReason() != org.owarelab.rules.EndReason.THRESHOLD) {
                    continue;
                }
                any = true;
                thresholds++;
                int n = EndgameTable.seedsOnBoard(w);
                long idx = table.index(w);
                int share = table.lo(n, idx) == table.hi(n, idx) ? table.lo(n, idx) : table.value(w);
                int me = w.toMove();
                int want = w.store(me) - w.store(1 - me) + 2 * share - n;
                assertEquals(want, Score.finalMargin(w, table), w.text());
                differs += want != Score.finalMargin(w) ? 1 : 0;
            }
            if (any && everyMoveExact(b)) {
                roots++;
                Decision d = searched.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE);
                assertEquals(table.lo(b), table.moveBounds(b)[d.move()][0], "keeps the table's share at " + b.text());
            }
        }
        assertTrue(differs > 0 && roots > 0, differs + " threshold wins the seeds left would value otherwise, " + roots
                + " roots");
    }

    /**
     * The example of docs/endgame-tables.md: C wins at once with a share of 3, F keeps 5. Counting
     * the seeds left as their side's ranked C first; the table's value ranks F first.
     */
    @Test
    void theSearchPrefersTheWinKeepingTheTablesShareOverAnImmediateThresholdWin() throws IOException {
        Path nine = dir.resolve("t9.owtb");
        new TableBuilder(RuleSet.DEFAULT, 9, 2, line -> { }).build().save(nine);
        EndgameTable t = EndgameTable.load(nine, RuleSet.DEFAULT, 9);
        Board b = new Board(Position.parse("0-0-4-0-1-1-2-1-0-0-0-0-22-17-S", RuleSet.DEFAULT));
        int c = 2;
        int f = 5;
        assertEquals(3, t.moveBounds(b)[c][0]);
        assertEquals(5, t.moveBounds(b)[f][0]);
        Board w = b.copy();
        w.play(c);
        assertEquals(org.owarelab.rules.EndReason.THRESHOLD, w.endReason());
        assertTrue(-Score.finalMargin(w) > 2 * (22 + 5) - 48, "the seeds left rank C above F's share");
        assertEquals(2 * (22 + 3) - 48, -Score.finalMargin(w, t), "the table's value ranks it below");
        AlphaBetaAgent ab = agent("alphabeta:depth=4,table-root=false,tables=" + nine);
        assertEquals(f, ab.decide(b, SearchLimit.NONE, org.owarelab.agents.SearchMonitor.NONE).move());
    }

    private static boolean everyMoveExact(Board b) {
        if (table.lo(b) != table.hi(b)) {
            return false;
        }
        for (int[] x : table.moveBounds(b)) {
            if (x != null && x[0] != x[1]) {
                return false;
            }
        }
        return true;
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
        assertTrue(used(auto), "a timed search plays from the found table");
        assertEquals(table.lo(b), table.moveBounds(b)[timed.move()][0], b.text());
        Decision infinite = auto.decide(b, new SearchLimit(0, 0, 0, 0, true), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(used(auto), "an infinite search too");
        assertEquals(table.lo(b), table.moveBounds(b)[infinite.move()][0], b.text());
        auto.decide(b, SearchLimit.depth(3), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(!used(auto), "a depth-limited search stays the yardstick: no table");
        auto.decide(b, SearchLimit.nodes(500), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(!used(auto), "a node-limited one too");
        AlphaBetaAgent off = agent("alphabeta:tables=off").autoTablePlaces(java.util.List.of(place));
        off.decide(b, SearchLimit.movetime(20), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(!used(off), "tables=off searches without");
        AlphaBetaAgent none = agent("alphabeta").autoTablePlaces(java.util.List.of(dir.resolve("empty")));
        none.decide(b, SearchLimit.movetime(20), org.owarelab.agents.SearchMonitor.NONE);
        assertTrue(!used(none), "no table found: a search without");
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
        assertTrue(used(pinnedAgent), "and plays from it, wherever it runs");
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
