package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rule-set spec: {@code key=value} pairs, defaults omitted, the same text everywhere. */
class RuleSetTest {
    @Test
    void defaultIsTheEmptySpec() {
        assertEquals("", RuleSet.DEFAULT.spec());
        assertEquals("default", RuleSet.DEFAULT.toString());
        assertEquals(RuleSet.DEFAULT, RuleSet.parse(""));
        assertEquals(RuleSet.DEFAULT, RuleSet.parse("  "));
        assertEquals(RuleSet.DEFAULT, RuleSet.parse("default"));
        assertEquals(RuleSet.DEFAULT, RuleSet.parse(null));
        assertEquals(48, RuleSet.DEFAULT.totalSeeds());
        assertEquals(25, RuleSet.DEFAULT.winningStore());
    }

    @Test
    void issueExample() {
        String spec = "grand-slam=capture-all,repetition=split,houses=4,seeds=3";
        RuleSet r = RuleSet.parse(spec);
        assertEquals(new RuleSet(4, 3, GrandSlam.CAPTURE_ALL, Repetition.SPLIT), r);
        assertEquals(spec, r.spec());
        assertEquals(24, r.totalSeeds());
        assertEquals(13, r.winningStore());
    }

    @Test
    void everyRuleSetRoundTrips() {
        int count = 0;
        for (GrandSlam g : GrandSlam.values()) {
            for (Repetition rep : Repetition.values()) {
                for (int h = RuleSet.MIN_HOUSES; h <= RuleSet.MAX_HOUSES; h++) {
                    for (int s = RuleSet.MIN_SEEDS; s <= RuleSet.MAX_SEEDS; s++) {
                        RuleSet r = new RuleSet(h, s, g, rep);
                        assertEquals(r, RuleSet.parse(r.spec()), r.spec());
                        assertEquals(r, RuleSet.parse(r.toString()), r.toString());
                        count++;
                    }
                }
            }
        }
        assertEquals(5 * 2 * 7 * 8, count);
    }

    @Test
    void defaultsAreOmittedAndKeysComeInOneOrder() {
        assertEquals("", RuleSet.parse("grand-slam=no-capture,repetition=own-side,houses=6,seeds=4").spec());
        assertEquals("houses=4,seeds=3", RuleSet.parse("seeds=3,houses=4").spec());
        assertEquals("repetition=split", RuleSet.parse("houses=6,repetition=split").spec());
        assertEquals("grand-slam=illegal,seeds=5", RuleSet.parse(" Seeds = 5 , GRAND-SLAM=Illegal ").spec());
    }

    @Test
    void variantNamesMatchTheDocument() {
        assertEquals("no-capture illegal capture-all to-opponent spare-last",
                String.join(" ", java.util.Arrays.stream(GrandSlam.values()).map(GrandSlam::text).toList()));
        assertEquals("own-side split",
                String.join(" ", java.util.Arrays.stream(Repetition.values()).map(Repetition::text).toList()));
        assertSame(GrandSlam.NO_CAPTURE, RuleSet.DEFAULT.grandSlam());
        assertSame(Repetition.OWN_SIDE, RuleSet.DEFAULT.repetition());
    }

    @Test
    void unknownKey() {
        assertError("colour=red", "unknown option 'colour'", "grand-slam, repetition, houses, seeds");
    }

    @Test
    void badValues() {
        assertError("grand-slam=sometimes", "grand-slam=sometimes", "no-capture, illegal, capture-all, to-opponent, spare-last");
        assertError("repetition=never", "repetition=never", "own-side, split");
        assertError("houses=9", "at column 8: houses=9", "2..8");
        assertError("seeds=3, houses=9", "at column 17: houses=9", "2..8");
        assertError("houses=1", "houses=1", "2..8");
        assertError("seeds=0", "seeds=0", "1..8");
        assertError("houses=four", "houses=four", "whole number 2..8");
    }

    @Test
    void repeatedKey() {
        assertError("houses=4,seeds=3,houses=5", "'houses' given twice");
    }

    @Test
    void notKeyValue() {
        assertError("houses", "at column 1: 'houses' is not key=value");
        assertError("houses=", "at column 8: houses=: expected a whole number 2..8");
        assertError("houses=4,", "at column 10: expected key=value");
        assertError("houses=4, 7x=2", "at column 11: expected a key");
    }

    @Test
    void constructorChecksRanges() {
        assertThrows(RulesException.class, () -> new RuleSet(9, 4, GrandSlam.NO_CAPTURE, Repetition.OWN_SIDE));
        assertThrows(RulesException.class, () -> new RuleSet(6, 9, GrandSlam.NO_CAPTURE, Repetition.OWN_SIDE));
        assertThrows(RulesException.class, () -> new RuleSet(6, 4, null, Repetition.OWN_SIDE));
    }

    static void assertError(String spec, String... fragments) {
        RulesException e = assertThrows(RulesException.class, () -> RuleSet.parse(spec));
        String m = e.getMessage();
        assertTrue(m.contains("rules '" + spec + "'"), () -> "message should name the input: " + m);
        for (String f : fragments) {
            assertTrue(m.contains(f), () -> "message should contain '" + f + "': " + m);
        }
    }
}
