package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.evaluation.MatchResult;
import org.owarelab.evaluation.Tally;
import org.owarelab.evaluation.TestGames;
import org.owarelab.evaluation.gating.Gate;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class MatchReportTest {
    /** Four games, A as South in each: won, drawn, won, lost; two complete pairs. */
    private static MatchResult result() {
        List<MatchRecord> games = List.of(TestGames.game(0, 0, "a", "b", "1-0", 1),
                TestGames.game(1, 0, "a", "b", "1/2-1/2", 1), TestGames.game(2, 1, "a", "b", "1-0", 1),
                TestGames.game(3, 1, "a", "b", "0-1", 1));
        Tally tally = new Tally();
        games.forEach(tally::add);
        MatchConfig config = new MatchConfig("a", "b", RuleSet.DEFAULT, Position.start(RuleSet.DEFAULT), 4, 4, 7, 1,
                300);
        return new MatchResult(config, List.of(), games, tally);
    }

    @Test
    void resultLineIsTheDocumentedJson() {
        String json = MatchReport.json(result(), null);
        assertEquals("{\"wins\":2,\"draws\":1,\"losses\":1,\"score\":0.625,\"interval\":[", json.substring(0, 57));
        assertTrue(json.contains("\"games\":4,\"errors\":0,\"elo\":88.7,\"pentanomial\":[0,0,1,1,0],"
                + "\"msPerMoveA\":[0.0,0.0],\"msPerMoveB\":[0.0,0.0],\"a\":\"a\",\"b\":\"b\",\"seed\":7}"), json);
    }

    @Test
    void withATestTheLineCarriesItsDecision() {
        MatchResult r = result();
        Gate gate = new Gate(new Sprt(0, 20, 0.05, 0.05), 2);
        r.games().forEach(gate::add);
        String json = MatchReport.json(r, gate);
        // Two pairs without a decision reach the cap: the gate's own rejection is reported as undecided.
        assertTrue(gate.outcome().truncated());
        assertTrue(json.contains(",\"sprt\":{\"elo0\":0.0,\"elo1\":20.0,\"alpha\":0.05,\"beta\":0.05,"
                + "\"decision\":\"undecided\",\"pairs\":2,\"llr\":"), json);
        assertEquals("undecided", MatchReport.decision(gate.outcome()));
        assertTrue(MatchReport.sprtVerdict(gate.outcome())
                .startsWith("sprt: undecided at the --games cap (neither hypothesis accepted) after 2 pairs, LLR "));
    }

    @Test
    void planLineWritesWholeNumbersWithoutDecimals() {
        Sprt test = new Sprt(0, 20, 0.05, 0.1);
        assertEquals(String.format(java.util.Locale.ROOT, "sprt: H0 A is at most 0 Elo stronger, H1 at least 20; "
                + "alpha 0.05, beta 0.1; LLR bounds [%.3f, %.3f]; at most 100 pairs", test.lowerBound(),
                test.upperBound()), MatchReport.sprtPlan(test, 100));
    }

    @Test
    void aDecidedTestSaysWhichHypothesis() {
        Gate gate = new Gate(new Sprt(0, 400, 0.2, 0.2), 1000);
        for (int p = 0; gate.outcome().decision() == Sprt.Decision.CONTINUE; p++) {
            gate.add(TestGames.game(2 * p, p, "a", "b", "1-0", 1));
            gate.add(TestGames.game(2 * p + 1, p, "a", "b", "1-0", 1)); // A (South) wins both
        }
        assertEquals("accept", MatchReport.decision(gate.outcome()));
        assertTrue(MatchReport.sprtVerdict(gate.outcome()).startsWith("sprt: accept H1 (A is stronger by at least ELO1)"));
    }
}
