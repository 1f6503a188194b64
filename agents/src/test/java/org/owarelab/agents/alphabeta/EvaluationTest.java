package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** The documented evaluation: its terms, its symmetry, and what it prefers. */
class EvaluationTest {
    private static final Evaluation FULL = new Evaluation(Evaluation.Weights.DEFAULT, GrandSlam.NO_CAPTURE);
    private static final Evaluation.Weights W = Evaluation.Weights.DEFAULT;

    private static int eval(String text) {
        return FULL.evaluate(new Board(Position.parse(text, RuleSet.DEFAULT)));
    }

    @Test
    void symmetricPositionsEvaluateToZero() {
        assertEquals(0, eval("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"));
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            int[] h = new int[12];
            int left = 24 - 2 * r.nextInt(6); // seeds per side
            int onSide = left;
            for (int k = 0; k < 6 && left > 0; k++) {
                int c = k == 5 ? left : r.nextInt(left + 1);
                h[k] = c;
                h[k + 6] = c;
                left -= c;
            }
            int store = 24 - onSide;
            for (int side = 0; side < 2; side++) {
                Board b = new Board(new Position(RuleSet.DEFAULT, h, store, store, side));
                if (!b.isOver()) {
                    assertEquals(0, FULL.evaluate(b), b.text());
                }
            }
        }
    }

    @Test
    void mirroredPositionsEvaluateTheSameForTheMover() {
        SplittableRandom r = new SplittableRandom(5);
        for (int game = 0; game < 50; game++) {
            Board b = new Board();
            for (int ply = 0; ply < 80 && !b.isOver(); ply++) {
                Position p = b.position();
                int[] h = p.houses();
                int[] m = new int[12];
                for (int k = 0; k < 6; k++) {
                    m[k] = h[k + 6];
                    m[k + 6] = h[k];
                }
                Board mirror = new Board(new Position(RuleSet.DEFAULT, m, p.store(1), p.store(0), 1 - p.toMove()));
                assertEquals(FULL.evaluate(b), FULL.evaluate(mirror), b.text() + " vs " + mirror.text());
                int mask = b.legalMask();
                int k = r.nextInt(Integer.bitCount(mask));
                while (k-- > 0) {
                    mask &= mask - 1;
                }
                b.play(Integer.numberOfTrailingZeros(mask));
            }
        }
    }

    @Test
    void theTermsDottedWithTheWeightsAreTheEvaluation() {
        Evaluation.Weights[] weights = {Evaluation.Weights.DEFAULT, Evaluation.Weights.HAND,
            Evaluation.Weights.parse("-3/7/11/-13/17")};
        for (String rules : new String[] {"", "grand-slam=capture-all,houses=5,seeds=3"}) {
            RuleSet rs = RuleSet.parse(rules);
            EvalTerms terms = new EvalTerms(rs);
            SplittableRandom r = new SplittableRandom(11);
            int[] t = new int[EvalTerms.NAMES.size()];
            int checked = 0;
            for (int game = 0; game < 40; game++) {
                Board b = new Board(rs);
                while (!b.isOver()) {
                    terms.of(b, t);
                    for (Evaluation.Weights w : weights) {
                        int[] a = w.array();
                        int want = Score.SEED * t[0];
                        for (int j = 0; j < a.length; j++) {
                            want += a[j] * t[j + 1];
                        }
                        assertEquals(want, new Evaluation(w, rs.grandSlam()).evaluate(b), b.text() + " " + w);
                        checked++;
                    }
                    int mask = b.legalMask();
                    int k = r.nextInt(Integer.bitCount(mask));
                    while (k-- > 0) {
                        mask &= mask - 1;
                    }
                    b.play(Integer.numberOfTrailingZeros(mask));
                }
            }
            assertTrue(checked > 1000, "positions checked: " + checked);
        }
    }

    @Test
    void weightsReadAndWriteTheirSpecForm() {
        assertEquals(Evaluation.Weights.DEFAULT, Evaluation.Weights.parse(Evaluation.Weights.DEFAULT.spec()));
        assertEquals("159/51/-12/134/-1", Evaluation.Weights.DEFAULT.spec());
        assertEquals("70/20/30/50/5", Evaluation.Weights.HAND.spec());
        assertEquals(new Evaluation.Weights(1, -2, 3, -4, 5), Evaluation.Weights.parse(" 1/-2/3 /-4/5"));
        for (String bad : new String[] {"", "1/2/3/4", "1/2/3/4/5/6", "1/2/x/4/5", "1/2/3/4/10001", "1.5/2/3/4/5"}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> Evaluation.Weights.parse(bad), bad);
            assertTrue(e.getMessage().contains("mobility/threat/small/kroo/side") || e.getMessage().contains("within"),
                    e.getMessage());
        }
    }

    @Test
    void aCapturedSeedIsWorthOneHundred() {
        // Same houses, 5 seeds moved from North's store to South's: only material changes, by 10 seeds.
        assertEquals(1000, eval("4-4-4-4-4-4-3-3-3-3-3-3-6-0-S") - eval("4-4-4-4-4-4-3-3-3-3-3-3-1-5-S"));
        assertEquals(-1000, eval("4-4-4-4-4-4-3-3-3-3-3-3-6-0-N") - eval("4-4-4-4-4-4-3-3-3-3-3-3-1-5-N"));
        Evaluation material = new Evaluation(Evaluation.Weights.MATERIAL, GrandSlam.NO_CAPTURE);
        assertEquals(-600, material.evaluate(new Board(Position.parse("4-4-4-4-4-4-3-3-3-3-3-3-6-0-N", RuleSet.DEFAULT))));
    }

    @Test
    void matchesTheDocumentedFormulaByHand() {
        // South to move. S: A..F = 1 0 5 3 13 2, N: a..f = 2 1 0 4 0 3; stores 8, 6.
        // South: 5 houses, small A F (2), kroo E (13 >= 11), 24 seeds on side. North: 4 houses,
        // small a b (2), no kroo, 10 seeds. Threats: South's F (2 seeds) ends on b making 2, and a
        // becomes 3 before it: 5 seeds. The best threats of both sides are checked against the
        // board in ThreatsTest and taken from Threats here.
        Board b = new Board(Position.parse("1-0-5-3-13-2-2-1-0-4-0-3-8-6-S", RuleSet.DEFAULT));
        int threatS = Threats.best(b, 0, GrandSlam.NO_CAPTURE);
        int threatN = Threats.best(b, 1, GrandSlam.NO_CAPTURE);
        assertEquals(5, Threats.capture(b, 0, 5, GrandSlam.NO_CAPTURE));
        int expected = 100 * (8 - 6) + W.mobility() * (5 - 4) + W.threat() * (threatS - threatN) + W.small() * (2 - 2)
                + W.kroo() * (1 - 0) + W.side() * (24 - 10);
        assertEquals(expected, FULL.evaluate(b));
    }

    @Test
    void attackedHousesLowerTheScore() {
        // South to move in each; North's row and both stores fixed. South's 18 seeds spread
        // without small houses, then with one small house North cannot reach, then with one it can.
        // North: e = 1, f = 5; f sows A..E with its last seed on E. No South move captures.
        String north = "-0-0-0-0-1-5-12-12-S";
        int safe = eval("3-3-3-3-3-3" + north);
        int weakFar = eval("3-3-3-3-4-2" + north); // F: 2 seeds, beyond f's reach
        int weakNear = eval("2-3-3-3-4-3" + north); // A: 2 seeds, passed over by f: 3, not captured
        int attacked = eval("3-3-3-3-2-4" + north); // E: 2 seeds, f's last seed makes 3: captured
        assertEquals(safe + W.small(), weakFar, "a small house out of reach counts as a tempo move");
        assertEquals(safe + W.small(), weakNear, "a small house out of reach counts as a tempo move");
        assertEquals(safe + W.small() - 3 * W.threat(), attacked, "an attacked house costs its seeds' threat");
        assertTrue(attacked < weakFar, "the same small house is worse when the opponent can take it");
        // The same board with North to move: every term changes sign.
        assertEquals(-attacked, eval("3-3-3-3-2-4-0-0-0-0-1-5-12-12-N"));
    }
}
