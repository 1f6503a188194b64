package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seeded random-playout invariants of {@link Board}: at every ply undo restores exactly (houses,
 * stores and side, i.e. the text; hash, legal mask, end, captures), the incremental hash equals a recompute, seeds are
 * conserved, the game is over exactly when the mask is empty, finished games have a winner
 * consistent with their final stores and opposite results; a copy and a copyFrom equal the
 * original and then evolve identically (history included, so repetitions match); undoing a
 * whole game returns to its start.
 */
class PlayoutInvariantsTest {
    @Test
    void tenThousandDefaultGames() {
        run(RuleSet.DEFAULT, 10_000, 0xC0FFEEL);
    }

    @Test
    void variantGames() {
        for (RuleSet rules : RandomPositions.allVariants()) {
            run(rules, 60, 0xFACADEL + rules.spec().hashCode());
        }
    }

    @Test
    @Tag("slow")
    void manyMoreGames() {
        run(RuleSet.DEFAULT, 200_000, 0xDEADL);
        for (RuleSet rules : RandomPositions.allVariants()) {
            run(rules, 3_000, 0xBEEFL + rules.spec().hashCode());
        }
    }

    /** Plays {@code games} games (a third from random positions) checking every invariant. */
    static void run(RuleSet rules, int games, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Board spare = new Board(rules); // reused as a copyFrom target: shrinks and grows its history
        for (int g = 0; g < games; g++) {
            String start = g % 3 == 2 ? RandomPositions.random(rules, rnd) : Position.start(rules).text();
            Board b = new Board(Position.parse(start, rules));
            long startHash = b.hash();
            int copyAt = rnd.nextInt(40);
            Board twin = null;
            try {
                check(b, rules);
                while (!b.isOver()) {
                    if (b.ply() == copyAt) {
                        twin = b.copy();
                        spare.copyFrom(b);
                        assertSame(b, twin, "copy");
                        assertSame(b, spare, "copyFrom");
                    }
                    int m = RandomPositions.randomMove(b, rnd);
                    int[] before = snapshot(b, rules);
                    long hash = b.hash();
                    int mask = b.legalMask();
                    int captured = b.lastCaptured();
                    int ply = b.ply();
                    b.play(m);
                    check(b, rules);
                    int[] after = snapshot(b, rules);
                    long afterHash = b.hash();
                    b.undo();
                    assertArrayEquals(before, snapshot(b, rules), "undo: houses, stores, side");
                    assertEquals(hash, b.hash(), "undo: hash");
                    assertEquals(mask, b.legalMask(), "undo: legal mask");
                    assertEquals(false, b.isOver(), "undo: end");
                    assertEquals(captured, b.lastCaptured(), "undo: captured");
                    assertEquals(ply, b.ply(), "undo: ply");
                    b.play(m);
                    assertArrayEquals(after, snapshot(b, rules), "replay after undo: position");
                    assertEquals(afterHash, b.hash(), "replay after undo: hash");
                    if (twin != null) {
                        twin.play(m);
                        spare.play(m);
                        assertSame(b, twin, "copy after move");
                        assertSame(b, spare, "copyFrom after move");
                    }
                }
                assertEquals(b.text(), b.position().text(), "position() snapshot");
                while (b.ply() > 0) {
                    b.undo();
                }
                assertEquals(start, b.text(), "undo of the whole game");
                assertEquals(startHash, b.hash(), "undo of the whole game: hash");
            } catch (AssertionError e) {
                fail("rules " + rules + ", game " + g + " from " + start + ", ply " + b.ply() + ": " + e.getMessage(), e);
            }
        }
    }

    private static void check(Board b, RuleSet rules) {
        assertEquals(b.recomputeHash(), b.hash(), "incremental hash");
        int seeds = b.store(Side.SOUTH) + b.store(Side.NORTH);
        for (int i = 0; i < 2 * rules.houses(); i++) {
            assertTrue(b.count(i) >= 0, "house count >= 0");
            seeds += b.count(i);
        }
        assertEquals(rules.totalSeeds(), seeds, "seeds conserved");
        assertEquals(b.isOver(), b.legalMask() == 0, "over exactly when no legal move");
        assertEquals(b.isOver(), b.endReason() != null, "end reason set exactly when over");
        int fs = b.finalStore(Side.SOUTH);
        int fn = b.finalStore(Side.NORTH);
        assertEquals(-b.result(Side.SOUTH), b.result(Side.NORTH), "zero-sum results");
        if (!b.isOver()) {
            assertEquals(b.store(Side.SOUTH), fs, "final store while going on");
            assertEquals(b.store(Side.NORTH), fn, "final store while going on");
            assertEquals(-1, b.winner(), "no winner while going on");
            return;
        }
        assertEquals(fs > fn ? Side.SOUTH : fn > fs ? Side.NORTH : -1, b.winner(), "winner from final stores");
        assertTrue(fs >= b.store(Side.SOUTH) && fn >= b.store(Side.NORTH), "sharing only adds");
        if (b.endReason() == EndReason.THRESHOLD) {
            assertEquals(b.store(Side.SOUTH), fs, "threshold: seeds left uncounted");
            assertEquals(b.store(Side.NORTH), fn, "threshold: seeds left uncounted");
            assertTrue(Math.max(fs, fn) > rules.totalSeeds() / 2, "threshold: more than half");
        } else {
            assertEquals(rules.totalSeeds(), fs + fn, "every seed is shared out");
        }
    }

    /** Everything the position text holds, as ints: houses, stores, side to move. */
    private static int[] snapshot(Board b, RuleSet rules) {
        int n2 = 2 * rules.houses();
        int[] s = new int[n2 + 3];
        for (int i = 0; i < n2; i++) {
            s[i] = b.count(i);
        }
        s[n2] = b.store(Side.SOUTH);
        s[n2 + 1] = b.store(Side.NORTH);
        s[n2 + 2] = b.toMove();
        return s;
    }

    private static void assertSame(Board expected, Board actual, String what) {
        assertTrue(expected.samePosition(actual), what + ": same position");
        assertEquals(expected.text(), actual.text(), what + ": text");
        assertEquals(expected.hash(), actual.hash(), what + ": hash");
        assertEquals(expected.legalMask(), actual.legalMask(), what + ": legal mask");
        assertEquals(expected.ply(), actual.ply(), what + ": ply");
        assertEquals(expected.endReason(), actual.endReason(), what + ": end reason");
        assertEquals(expected.lastCaptured(), actual.lastCaptured(), what + ": captured");
        assertEquals(expected.finalStore(Side.SOUTH), actual.finalStore(Side.SOUTH), what + ": final store S");
        assertEquals(expected.finalStore(Side.NORTH), actual.finalStore(Side.NORTH), what + ": final store N");
    }
}
