package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.owarelab.rules.RuleSet;

class EnvConfigTest {
    @Test
    void defaultsAreTheDocumentedOnes() {
        EnvConfig d = EnvConfig.DEFAULT;
        assertEquals(RuleSet.DEFAULT, d.rules());
        assertEquals(RewardMode.RESULT, d.reward());
        assertEquals(300, d.plyCap());
        assertEquals(TruncationRule.OWN_SIDE, d.truncation());
        assertEquals(0, d.openingPlies());
        assertEquals("compact", d.encoder());
        assertEquals("", d.spec());
    }

    @Test
    void parseAndSpecRoundTrip() {
        RuleSet rules = RuleSet.parse("houses=4,seeds=3");
        EnvConfig c = EnvConfig.parse("reward=margin, ply-cap=200 ,truncation=draw,opening=4,encoder=planes", rules);
        assertEquals(new EnvConfig(rules, RewardMode.MARGIN, 200, TruncationRule.DRAW, 4, "planes"), c);
        assertEquals("reward=margin,ply-cap=200,truncation=draw,opening=4,encoder=planes", c.spec());
        assertEquals(c, EnvConfig.parse(c.spec(), rules));
        assertEquals(EnvConfig.defaults(rules), EnvConfig.parse("", rules));
        // The opening is checked against the final ply cap, whatever the order of the keys.
        assertEquals(400, EnvConfig.parse("opening=400,ply-cap=500", rules).openingPlies());
    }

    @Test
    void badValuesNameTheOptionAndWhatWasExpected() {
        assertMessage("ply-cap=0: expected 1..100000", () -> EnvConfig.DEFAULT.withPlyCap(0));
        assertMessage("opening=300: expected 0..299", () -> EnvConfig.DEFAULT.withOpeningPlies(300));
        assertMessage("opening=-1", () -> EnvConfig.DEFAULT.withOpeningPlies(-1));
        assertMessage("encoder=pixels: expected one of compact, planes", () -> EnvConfig.DEFAULT.withEncoder("pixels"));
        assertMessage("reward=win: expected one of result, margin", () -> EnvConfig.parse("reward=win", RuleSet.DEFAULT));
        assertMessage("truncation=none: expected one of own-side, stores, draw",
                () -> EnvConfig.parse("truncation=none", RuleSet.DEFAULT));
        assertMessage("unknown option 'cap'", () -> EnvConfig.parse("cap=3", RuleSet.DEFAULT));
        assertMessage("key 'opening' given twice", () -> EnvConfig.parse("opening=1,opening=2", RuleSet.DEFAULT));
        assertMessage("ply-cap=ten: expected a whole number", () -> EnvConfig.parse("ply-cap=ten", RuleSet.DEFAULT));
        assertMessage("'reward' is not key=value", () -> EnvConfig.parse("reward", RuleSet.DEFAULT));
        assertMessage("must be set", () -> new EnvConfig(null, RewardMode.RESULT, 300, TruncationRule.OWN_SIDE, 0, "compact"));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable bad) {
        EnvConfigException e = assertThrows(EnvConfigException.class, bad);
        assertTrue(e.getMessage().contains(part), () -> "message '" + e.getMessage() + "' lacks '" + part + "'");
    }
}
