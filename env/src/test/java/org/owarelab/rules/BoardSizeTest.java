package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertEnded;
import static org.owarelab.rules.Fixtures.assertOngoing;
import static org.owarelab.rules.Fixtures.board;

import org.junit.jupiter.api.Test;

/** Board-size variants: every rule scales with houses per player and seeds per house. */
class BoardSizeTest {
    @Test
    void threeByThreeStartAndMove() {
        Board b = new Board(RuleSet.parse("houses=3,seeds=3"));
        assertOngoing(b, "3-3-3-3-3-3-0-0-S", "ABC");
        Moves.playAll(b, "C");
        assertOngoing(b, "3-3-0-4-4-4-0-0-N", "abc");
        assertEquals(9, Perft.count(new Board(RuleSet.parse("houses=3,seeds=3")), 2));
    }

    @Test
    void threeByThreeThresholdIsTen() {
        // 18 seeds: 10 wins. C (1) makes a 2: 8 + 2 = 10.
        Board b = after("0-0-1-1-2-0-8-6-S", "houses=3,seeds=3", "C");
        assertEnded(b, "0-0-0-0-2-0-10-6-N", EndReason.THRESHOLD, 10, 6, Side.SOUTH);
        assertOngoing(after("0-0-1-1-2-0-7-7-S", "houses=3,seeds=3", "C"), "0-0-0-0-2-0-9-7-N", "b");
    }

    @Test
    void threeHousesFeedingNeedsThreeMinusHouseSeeds() {
        // North is empty: A needs 3 (has 2), B needs 2 (has 2).
        assertOngoing(board("2-2-0-0-0-0-7-7-S", "houses=3,seeds=3"), "2-2-0-0-0-0-7-7-S", "B");
    }

    @Test
    void twoByOneCaptureThenGrandSlam() {
        // B (1) makes a 2: captured (b keeps 1). Then North's b (1) makes A 2: all of South's seeds.
        Board b = after("1-1-1-1-0-0-S", "houses=2,seeds=1", "B");
        assertOngoing(b, "1-0-0-1-2-0-N", "b");
        Moves.playAll(b, "b");
        assertOngoing(b, "2-0-0-0-2-0-S", "A"); // grand slam captures nothing; A (2) feeds
    }

    @Test
    void twoByOneGrandSlamVariants() {
        String start = "1-1-1-1-0-0-S";
        assertEnded(after(start, "houses=2,seeds=1,grand-slam=capture-all", "Bb"), "0-0-0-0-2-2-S",
                EndReason.NO_MOVES, 2, 2, -1);
        assertEnded(after(start, "houses=2,seeds=1,grand-slam=to-opponent", "Bb"), "0-0-0-0-2-2-S",
                EndReason.NO_MOVES, 2, 2, -1);
        assertOngoing(after(start, "houses=2,seeds=1,grand-slam=spare-last", "Bb"), "2-0-0-0-2-0-S", "A");
        // Illegal: North's only move b is a grand slam, so North takes the 2 seeds left.
        assertEnded(after(start, "houses=2,seeds=1,grand-slam=illegal", "B"), "1-0-0-1-2-0-N",
                EndReason.NO_MOVES, 2, 2, -1);
    }

    @Test
    void fourByThreeFromTheSpecExample() {
        Board b = new Board(RuleSet.parse("grand-slam=capture-all,repetition=split,houses=4,seeds=3"));
        assertOngoing(b, "3-3-3-3-3-3-3-3-0-0-S", "ABCD");
        Moves.playAll(b, "D");
        assertOngoing(b, "3-3-3-0-4-4-4-3-0-0-N", "abcd");
    }

    @Test
    void eightByTwoCaptureOnTheFirstMove() {
        // H (2): a and b become 3: b a captured (6); the chain ends at North's row start.
        Board b = after("2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S", "houses=8,seeds=2", "H");
        assertOngoing(b, "2-2-2-2-2-2-2-0-0-0-2-2-2-2-2-2-6-0-N", "cdefgh");
        assertEquals(17, b.rules().winningStore());
    }

    @Test
    void largestBoardEightByEight() {
        RuleSet r = RuleSet.parse("houses=8,seeds=8");
        assertEquals(128, r.totalSeeds());
        Board b = new Board(r);
        Moves.playAll(b, "H");
        assertOngoing(b, "8-8-8-8-8-8-8-0-9-9-9-9-9-9-9-9-0-0-N", "abcdefgh");
    }
}
