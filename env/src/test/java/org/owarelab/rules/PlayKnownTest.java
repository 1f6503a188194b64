package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Board#playKnown}: a walk whose interior moves skip settling and whose last move settles
 * reaches the board {@link Board#play} reaches (position, stores, legal mask, end and reason,
 * captures, final stores, hash), the repetition rule included, and undoing the walk brings back
 * the settled root. Walks start from random positions of every rule variant, where repetitions
 * and the other endings are frequent.
 */
class PlayKnownTest {
    /** Everything a settled board shows. */
    private static String state(Board b) {
        return b.text() + " legal=" + b.legalMask() + " over=" + b.isOver() + " reason=" + b.endReason() + " captured="
                + b.lastCaptured() + " final=" + b.finalStore(Side.SOUTH) + "/" + b.finalStore(Side.NORTH) + " hash="
                + b.hash() + " ply=" + b.ply();
    }

    @Test
    void anUnsettledWalkEndingInASettledMoveReachesWhatPlayReaches() {
        SplittableRandom rnd = new SplittableRandom(20261125L);
        int walks = 0;
        int repetitions = 0;
        int otherEnds = 0;
        for (RuleSet rules : RandomPositions.allVariants()) {
            for (int k = 0; k < 60; k++) {
                Position p = Position.parse(RandomPositions.random(rules, rnd), rules);
                Board played = new Board(p);
                Board walked = new Board(p);
                // A game prefix played by both, so the walks start with a history behind them.
                for (int i = rnd.nextInt(20); i > 0 && !played.isOver(); i--) {
                    int m = RandomPositions.randomMove(played, rnd);
                    played.play(m);
                    walked.play(m);
                }
                if (played.isOver()) {
                    continue;
                }
                String root = state(played);
                int length = 1 + rnd.nextInt(40);
                int depth = 0;
                while (depth < length && !played.isOver()) {
                    int m = RandomPositions.randomMove(played, rnd);
                    played.play(m);
                    depth++;
                    boolean last = depth == length || played.isOver();
                    walked.playKnown(m, last);
                    if (last) {
                        assertEquals(state(played), state(walked), "walk of " + depth + " from " + root);
                    }
                    assertEquals(played.hash(), walked.hash(), "hash at depth " + depth);
                }
                walks++;
                if (played.endReason() == EndReason.REPETITION) {
                    repetitions++;
                } else if (played.isOver()) {
                    otherEnds++;
                }
                for (int i = 0; i < depth; i++) {
                    walked.undo();
                    played.undo();
                }
                assertEquals(root, state(walked), "the root after undoing the walk");
                // The root is settled again: play checks and settles from it as before.
                int m = RandomPositions.randomMove(walked, rnd);
                walked.play(m);
                played.play(m);
                assertEquals(state(played), state(walked), "a move played after the walk");
            }
        }
        assertTrue(walks > 1000, "walks: " + walks);
        assertTrue(repetitions > 20, "the walks reach the repetition rule: " + repetitions);
        assertTrue(otherEnds > 20, "and the other endings: " + otherEnds);
    }

    @Test
    void aMoveOutsideTheBoardIsRefused() {
        Board b = new Board();
        assertThrows(IllegalMoveException.class, () -> b.playKnown(6, true));
        assertThrows(IllegalMoveException.class, () -> b.playKnown(-1, false));
        assertEquals(0, b.ply());
    }
}
