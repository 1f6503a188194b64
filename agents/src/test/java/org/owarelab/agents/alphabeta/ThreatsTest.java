package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** {@link Threats} against the rules: the capture of every legal move equals {@link Board#lastCaptured()} after playing it. */
class ThreatsTest {

    @Test
    void agreesWithTheBoardOnRandomPositionsOfEveryVariant() {
        long checked = 0;
        for (GrandSlam g : GrandSlam.values()) {
            for (String size : new String[] {"", ",houses=4,seeds=3", ",houses=3,seeds=8", ",houses=8,seeds=2"}) {
                RuleSet rules = RuleSet.parse("grand-slam=" + g.text() + size);
                SplittableRandom random = new SplittableRandom(rules.hashCode());
                for (int game = 0; game < 30; game++) {
                    Board b = new Board(rules);
                    while (!b.isOver()) {
                        checked += checkBothSides(b);
                        int mask = b.legalMask();
                        int k = random.nextInt(Integer.bitCount(mask));
                        while (k-- > 0) {
                            mask &= mask - 1;
                        }
                        b.play(Integer.numberOfTrailingZeros(mask));
                    }
                }
            }
        }
        assertTrue(checked > 50_000, "moves checked: " + checked);
    }

    /** Checks the mover's legal moves, and the other side's through the same houses with it to move. */
    private static int checkBothSides(Board b) {
        int checked = check(b);
        Position p = b.position();
        Board other = new Board(new Position(b.rules(), p.houses(), p.store(0), p.store(1), 1 - b.toMove()));
        if (!other.isOver()) {
            checked += check(other);
        }
        return checked;
    }

    private static int check(Board b) {
        int side = b.toMove();
        int checked = 0;
        for (int m = 0; m < b.housesPerSide(); m++) {
            if (b.isLegal(m)) {
                int predicted = Threats.capture(b, side, m, b.rules().grandSlam());
                String text = b.text();
                b.play(m);
                assertEquals(b.lastCaptured(), predicted, b.rules() + " " + text + " move " + m);
                b.undo();
                checked++;
            }
        }
        return checked;
    }

    @Test
    void worksForTheSideNotToMove() {
        // RULES.md example 2 with North to move: South's E still threatens e, d, c (8 seeds).
        Board b = new Board(Position.parse("3-1-4-0-6-2-1-3-2-1-2-2-10-11-N", RuleSet.DEFAULT));
        assertEquals(8, Threats.capture(b, 0, 4, GrandSlam.NO_CAPTURE));
        assertEquals(8, Threats.best(b, 0, GrandSlam.NO_CAPTURE));
        assertEquals(0, Threats.capture(b, 0, 3, GrandSlam.NO_CAPTURE), "an empty house captures nothing");
    }

    @Test
    void appliesTheGrandSlamVariant() {
        // RULES.md example 5: South's F takes a and b, all of North's seeds.
        Board b = new Board(Position.parse("0-0-0-0-1-2-1-1-0-0-0-0-20-23-S", RuleSet.DEFAULT));
        assertEquals(0, Threats.capture(b, 0, 5, GrandSlam.NO_CAPTURE));
        assertEquals(0, Threats.capture(b, 0, 5, GrandSlam.ILLEGAL));
        assertEquals(4, Threats.capture(b, 0, 5, GrandSlam.CAPTURE_ALL));
        assertEquals(4, Threats.capture(b, 0, 5, GrandSlam.TO_OPPONENT));
        assertEquals(2, Threats.capture(b, 0, 5, GrandSlam.SPARE_LAST), "spares the house of the last seed");
    }
}
