package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;
import org.owarelab.rules.Position;
import org.owarelab.rules.Repetition;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/** Tables against the rules engine: brute force on random positions, and Bellman consistency of every entry. */
class TableCorrectnessTest {
    static Stream<RuleSet> variants() {
        List<RuleSet> all = new ArrayList<>();
        for (GrandSlam g : GrandSlam.values()) {
            for (Repetition r : Repetition.values()) {
                all.add(RuleSet.DEFAULT.withGrandSlam(g).withRepetition(r));
            }
        }
        all.add(RuleSet.parse("houses=4,seeds=3"));
        all.add(RuleSet.parse("houses=3,seeds=2,grand-slam=capture-all,repetition=split"));
        return all.stream();
    }

    static EndgameTable build(RuleSet rules, int seeds) {
        return new TableBuilder(rules, seeds, 2, line -> { }).build();
    }

    @ParameterizedTest
    @MethodSource("variants")
    void tableAgreesWithTheEnginesBruteForce(RuleSet rules) {
        int seeds = Math.min(4, rules.totalSeeds() / 2);
        EndgameTable table = build(rules, seeds);
        CrossCheck.Result r = CrossCheck.run(table, seeds, 200, 12, 100_000);
        assertEquals(0, r.violations, r.toString());
        assertTrue(r.checked >= 150, "too few positions within the node budget: " + r);
        assertTrue(r.exact > 0, r.toString());
    }

    /** The larger run behind the figures in docs/endgame-tables.md: 1,000 positions with up to 5 seeds per variant. */
    @Tag("slow")
    @ParameterizedTest
    @MethodSource("variants")
    void tableAgreesWithTheEnginesBruteForceOnThousands(RuleSet rules) {
        int seeds = Math.min(5, rules.totalSeeds() / 2);
        EndgameTable table = build(rules, seeds);
        CrossCheck.Result r = CrossCheck.run(table, seeds, 1000, 7, 1_000_000);
        System.out.println("cross-check " + rules + ": " + r);
        assertEquals(0, r.violations, r.toString());
        assertTrue(r.checked >= 500, "too few positions within the node budget: " + r);
    }

    @ParameterizedTest
    @MethodSource("variants")
    void everyEntryIsTheBestOverItsMoves(RuleSet rules) {
        int seeds = Math.min(6, rules.totalSeeds() / 2);
        EndgameTable table = build(rules, seeds);
        assertEquals(0, Bellman.check(table, seeds, 2).bounds(), "Bellman violations");
    }

    @Test
    void theCheckFindsAWrongBound() {
        EndgameTable table = build(RuleSet.parse("houses=3,seeds=3"), 6);
        assertEquals(0, Bellman.check(table, 6).bounds());
        byte[] lo = table.loBytes(6);
        int at = 0;
        while (lo[at] == 0) {
            at++;
        }
        lo[at]--;
        assertEquals(0, Bellman.check(table, 5).bounds(), "the layers below are untouched");
        assertTrue(Bellman.check(table, 6).bounds() >= 1, "a lower bound one short");
        lo[at]++;
        table.hiBytes(6)[at]++;
        assertTrue(Bellman.check(table, 6, 2).bounds() >= 1, "an upper bound one over");
    }

    @Test
    void sharesOfHandPositions() {
        EndgameTable table = build(RuleSet.DEFAULT, 3);
        // South's A cannot reach North's empty row: no legal move, the mover takes all.
        assertBounds(table, "1-0-0-0-0-0-0-0-0-0-0-0-23-24-S", 1, 1);
        // South's F feeds North's a; North's single seed then cannot reach South: North takes it.
        assertBounds(table, "0-0-0-0-0-1-0-0-0-0-0-0-23-24-S", 0, 0);
        // The side to move has no seeds (set-up only): the other side keeps its own.
        assertBounds(table, "1-0-0-0-0-0-0-0-0-0-0-0-23-24-N", 0, 0);
        // South's F makes North's a hold 2, but that would take every North seed: a grand slam
        // captures nothing by default, and North's 2 seeds cannot reach South: North takes them.
        assertBounds(table, "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S", 0, 0);
        // With a third seed on North's e the capture is no grand slam: South takes 2, North the last.
        assertBounds(table, "0-0-0-0-0-1-1-0-0-0-1-0-23-22-S", 2, 2);
    }

    private static void assertBounds(EndgameTable table, String text, int lo, int hi) {
        Board b = board(text);
        assertEquals(lo, table.lo(b), text + " lo");
        assertEquals(hi, table.hi(b), text + " hi");
    }

    private static Board board(String text) {
        return new Board(Position.parse(text, RuleSet.DEFAULT));
    }

    @Test
    void northToMoveReadsTheMirror() {
        EndgameTable table = build(RuleSet.DEFAULT, 4);
        Board s = board("2-0-0-1-0-0-0-1-0-0-0-0-22-22-S");
        Board n = board("0-1-0-0-0-0-2-0-0-1-0-0-22-22-N");
        assertEquals(table.lo(s), table.lo(n));
        assertEquals(table.hi(s), table.hi(n));
        assertEquals(Side.NORTH, n.toMove());
    }
}
