package org.owarelab.evaluation.accuracy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

class AccuracyRunTest {
    @Test
    void aRangeIsTwoCountsOrOne() {
        assertArrayEquals(new int[] {2, 12}, AccuracyRun.range("2-12"));
        assertArrayEquals(new int[] {3, 5}, AccuracyRun.range(" 3 - 5 "));
        assertArrayEquals(new int[] {7, 7}, AccuracyRun.range("7"));
        assertArrayEquals(new int[] {1, 48}, AccuracyRun.range("1-48"));
    }

    @Test
    void aBadRangeNamesTheText() {
        for (String bad : List.of("0-4", "5-3", "2-49", "x", "2-", "")) {
            assertEquals("--seeds '" + bad + "': expected a range A-B of seed counts, 1 <= A <= B, e.g. 2-12",
                    assertThrows(IllegalArgumentException.class, () -> AccuracyRun.range(bad)).getMessage(), bad);
        }
    }

    @Test
    void theAgentIsNamedByItsCanonicalSpecUnlessALimitOverridesIt() {
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 4, 2, line -> { }).build();
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            AccuracyRun.Measured own = AccuracyRun.measure(agents, "alphabeta", RuleSet.DEFAULT, 1, 2, table,
                    SearchLimit.NONE, new int[] {2, 3}, 10, line -> { });
            assertEquals(agents.create("alphabeta", RuleSet.DEFAULT, 1).spec(), own.agent());
            assertTrue(!own.agent().equals("alphabeta"), own.agent());
            assertEquals(List.of(2, 3), own.rows().stream().map(Accuracy.Row::seeds).toList());

            AccuracyRun.Measured limited = AccuracyRun.measure(agents, "alphabeta", RuleSet.DEFAULT, 1, 1, table,
                    SearchLimit.movetime(5), new int[] {2, 2}, 5, line -> { });
            assertEquals("alphabeta", limited.agent());
        }
    }

    @Test
    void aBadSpecIsRefusedBeforeAnyPositionIsPlayed() {
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 4, 2, line -> { }).build();
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            assertThrows(IllegalArgumentException.class, () -> AccuracyRun.measure(agents, "nosuchagent",
                    RuleSet.DEFAULT, 1, 1, table, SearchLimit.NONE, new int[] {2, 2}, 5, line -> { }));
        }
    }

    @Test
    void theSummaryHasTheRunTheRowsAndThePooledRow() {
        Accuracy.Row row = new Accuracy.Row(3, 0, 0, 0, 0, 0, 0, 0);
        String json = AccuracyRun.json(new AccuracyRun.Measured("random", List.of(row)), "spec's limit",
                RuleSet.DEFAULT, Path.of("t.owtb"), 9);
        assertTrue(json.startsWith("{\"agent\":\"random\",\"limit\":\"spec's limit\",\"rules\":\"" + RuleSet.DEFAULT.spec()
                + "\",\"tables\":\"t.owtb\",\"seed\":9,\"rows\":[{"), json);
        assertTrue(json.contains(",\"pooled\":{"), json);
    }
}
