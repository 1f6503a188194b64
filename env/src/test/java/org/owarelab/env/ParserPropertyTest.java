package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.owarelab.rules.Board;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.RulesException;
import org.owarelab.util.Inputs;
import org.owarelab.util.KeyValueSpec;
import org.owarelab.util.Texts;

/**
 * Property tests of the env module's parsers (positions, move strings, rule sets, env options and
 * the shared key=value parser): whatever the input, either a value or the documented exception
 * comes out, and a rejection is one line naming the input.
 */
class ParserPropertyTest {
    private static final String SPEC_CHARS = "=,:\"\\ -_abcdefghijklmnopqrstuvwxyz0123456789";

    @Provide
    Arbitrary<String> specs() {
        Arbitrary<String> valid = Arbitraries.of("houses=4", "seeds=3", "grand-slam=capture-all", "repetition=split",
                "reward=margin", "ply-cap=200", "opening=4", "encoder=planes", "truncation=draw", "houses=9", "default");
        return Arbitraries.oneOf(Inputs.hostile(SPEC_CHARS, 40),
                valid.list().ofMaxSize(4).map(l -> String.join(",", l)));
    }

    @Provide
    Arbitrary<String> positions() {
        Arbitrary<String> near = Arbitraries.integers().between(-1, 60).list().ofMinSize(10).ofMaxSize(16)
                .map(l -> String.join("-", l.stream().map(String::valueOf).toList()))
                .flatMap(p -> Arbitraries.of("S", "N", "x", "").map(s -> p + "-" + s));
        return Arbitraries.oneOf(Inputs.hostile("0123456789-SN ", 40), near);
    }

    @Property
    void ruleSpecsParseOrSayWhy(@ForAll("specs") String text) {
        try {
            RuleSet r = RuleSet.parse(text);
            assertEquals(r, RuleSet.parse(r.spec()), "the text form reads back");
        } catch (RulesException e) {
            assertNamesInput(e.getMessage(), "rules '", text);
        }
    }

    @Property
    void envSpecsParseOrSayWhy(@ForAll("specs") String text) {
        try {
            EnvConfig c = EnvConfig.parse(text, RuleSet.DEFAULT);
            assertEquals(c, EnvConfig.parse(c.spec(), RuleSet.DEFAULT), "the text form reads back");
        } catch (EnvConfigException e) {
            assertNamesInput(e.getMessage(), "env '", text);
        }
    }

    @Property
    void positionsParseOrSayWhy(@ForAll("positions") String text) {
        try {
            Position p = Position.parse(text, RuleSet.DEFAULT);
            assertEquals(p, Position.parse(p.text(), RuleSet.DEFAULT));
        } catch (RulesException e) {
            assertNamesInput(e.getMessage(), "position '", text);
        }
    }

    /** Any move string is played up to its first bad letter, which the message names with its ply. */
    @Property
    void moveStringsPlayOrNameTheBadLetter(@ForAll("moves") String moves) {
        Board board = new Board(RuleSet.DEFAULT);
        try {
            Moves.playAll(board, moves);
        } catch (IllegalMoveException e) {
            assertTrue(Inputs.oneLine(e.getMessage()), e.getMessage());
            assertTrue(e.getMessage().startsWith("illegal move '" + Texts.escape(e.move()) + "' at ply " + e.ply()),
                    e.getMessage());
            assertEquals(board.ply(), e.ply(), "the board holds the moves before the bad one");
        }
    }

    @Provide
    Arbitrary<String> moves() {
        return Inputs.hostile("ABCDEFabcdef Gg", 60);
    }

    /** Any well-formed pairs written out (quoted where needed) read back as the same map. */
    @Property
    void keyValueTextRoundTrips(@ForAll("pairs") Map<String, String> pairs) {
        StringBuilder text = new StringBuilder("name:");
        pairs.forEach((k, v) -> text.append(text.length() > 5 ? "," : "").append(k).append('=')
                .append('"').append(v.replace("\\", "\\\\").replace("\"", "\\\"")).append('"'));
        KeyValueSpec spec = KeyValueSpec.parse("test spec", text.toString(), true, IllegalArgumentException::new);
        assertEquals("name", spec.head());
        assertEquals(pairs, spec.values());
    }

    @Provide
    Arbitrary<Map<String, String>> pairs() {
        Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').withChars("-_0123456789")
                .ofMinLength(1).ofMaxLength(8).filter(k -> Character.isLetter(k.charAt(0)));
        return Arbitraries.maps(keys, Inputs.anyText(12)).ofMinSize(1).ofMaxSize(4).map(LinkedHashMap::new);
    }

    /** Hostile text through the bare parser: a spec or one line naming the input and a column in it. */
    @Property
    void keyValueSyntaxErrorsNameInputAndColumn(@ForAll("specs") String text) {
        try {
            KeyValueSpec.parse("test spec", text, true, IllegalArgumentException::new);
        } catch (IllegalArgumentException e) {
            assertNamesInput(e.getMessage(), "test spec '", text);
            assertTrue(e.getMessage().matches("(?s)test spec '.*' at column [1-9][0-9]*: .*"), e.getMessage());
        }
    }

    static void assertNamesInput(String message, String prefix, String input) {
        assertTrue(Inputs.oneLine(message), () -> "not one printable line: " + Texts.escape(message));
        assertTrue(message.startsWith(prefix + Texts.escape(input)) || message.startsWith(prefix + Texts.escape(input.trim())),
                () -> "does not name the input '" + Texts.escape(input) + "': " + message);
    }
}
