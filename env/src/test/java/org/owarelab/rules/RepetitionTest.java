package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.owarelab.rules.Fixtures.after;
import static org.owarelab.rules.Fixtures.assertEnded;
import static org.owarelab.rules.Fixtures.assertOngoing;

import org.junit.jupiter.api.Test;

/**
 * Repetition: the game ends when a position (houses, stores, side to move) occurs a second
 * time. The cycles below move single seeds one house at a time (no capture, no merging), so
 * each is checked by hand: every seed shifts to the next seed's house, 12 plies in all.
 */
class RepetitionTest {
    /** D E F on South, f on North; "FfAaBbEcDdCe" shifts D->E, E->F, F->..->f, f->A->..->D. */
    static final String FOUR = "0-0-0-1-1-1-0-0-0-0-0-1-21-23-S";
    static final String FOUR_CYCLE = "FfAaBbEcDdCe";
    /** C D E F on South, f on North; "FfAaEbDcCdBe" returns to it. */
    static final String FIVE = "0-0-1-1-1-1-0-0-0-0-0-1-21-22-S";
    static final String FIVE_CYCLE = "FfAaEbDcCdBe";
    /** North's mirror of FIVE (c d e f on North, F on South, North to move). */
    static final String FIVE_NORTH = "0-0-0-0-0-1-0-0-1-1-1-1-22-21-N";
    static final String FIVE_NORTH_CYCLE = "fFaAeBdCcDbE";

    @Test
    void secondOccurrenceEndsTheGameOwnSide() {
        Board b = after(FOUR, FOUR_CYCLE.substring(0, 11));
        assertFalse(b.isOver(), "no position has recurred after 11 plies");
        Moves.playAll(b, FOUR_CYCLE.substring(11));
        // Own side: South takes D E F (3), North takes f (1): 24:24.
        assertEnded(b, FOUR, EndReason.REPETITION, 24, 24, -1);
    }

    @Test
    void splitSharesEvenly() {
        // 4 seeds left, 2 each: 23:25 where own-side gave 24:24.
        assertEnded(after(FOUR, "repetition=split", FOUR_CYCLE), FOUR, EndReason.REPETITION, 23, 25, Side.NORTH);
    }

    @Test
    void ownSideWithFiveSeeds() {
        assertEnded(after(FIVE, FIVE_CYCLE), FIVE, EndReason.REPETITION, 25, 23, Side.SOUTH);
    }

    @Test
    void splitOddSeedGoesToSouthWithMoreSeedsOnItsSide() {
        // 5 left, South has 4 on its side, North 1: 2 each and the odd one to South: 24:24.
        assertEnded(after(FIVE, "repetition=split", FIVE_CYCLE), FIVE, EndReason.REPETITION, 24, 24, -1);
    }

    @Test
    void splitOddSeedGoesToNorthWithMoreSeedsOnItsSide() {
        assertEnded(after(FIVE_NORTH, "repetition=split", FIVE_NORTH_CYCLE), FIVE_NORTH, EndReason.REPETITION,
                24, 24, -1);
        assertEnded(after(FIVE_NORTH, FIVE_NORTH_CYCLE), FIVE_NORTH, EndReason.REPETITION, 23, 25, Side.NORTH);
    }

    @Test
    void sameHousesWithTheOtherSideToMoveIsNoRepetition() {
        // After 15 plies the houses and stores are those of the start, but North is to move.
        // (A: 2 -> B C; a: 2 -> b c; B; b; C: 2 -> D E; e: 2 -> f A; E: 2 -> F a; c: 3 -> d e f;
        // D: 2 -> E F; d; F: 2 -> a b; f: 2 -> A B; B; b; C.)
        Board b = after("2-0-0-1-1-0-2-0-1-0-2-0-19-20-S", "AaBbCeEcDdFfBbC");
        assertOngoing(b, "2-0-0-1-1-0-2-0-1-0-2-0-19-20-N", "ace");
    }

    @Test
    void thePositionRightAfterACaptureCounts() {
        // North's e (2) captures A (2) and gives FOUR; FOUR_CYCLE then repeats it: the first
        // position after a capture is part of the history (earlier ones have other stores).
        Board b = after("1-0-0-1-1-1-0-0-0-0-2-0-21-21-N", "e");
        assertOngoing(b, FOUR, "DEF");
        Moves.playAll(b, FOUR_CYCLE);
        assertEnded(b, FOUR, EndReason.REPETITION, 24, 24, -1);
    }

    @Test
    void smallBoardCycle() {
        // houses=2: B -> a; North must feed: b -> A; A -> B; a -> b: back to the start position.
        String pos = "0-1-0-1-1-1-S";
        Board b = after(pos, "houses=2,seeds=1", "BbA");
        assertOngoing(b, "0-1-1-0-1-1-N", "a");
        Moves.playAll(b, "a");
        assertEnded(b, pos, EndReason.REPETITION, 2, 2, -1);
    }
}
