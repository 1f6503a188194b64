package org.owarelab.util;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Generators of hostile text for the property tests of the parsers a user or a GUI can reach:
 * any characters (control characters, NUL, ESC, line breaks, non-ASCII included), and text over a
 * parser's own alphabet, which reaches deeper into its grammar. Also used by the other modules'
 * property tests (through the env test jar).
 */
public final class Inputs {
    private Inputs() {
    }

    /** Any text up to {@code max} characters, control characters included. */
    public static Arbitrary<String> anyText(int max) {
        return Arbitraries.strings().all().ofMaxLength(max);
    }

    /** Text over {@code alphabet} plus a few troublemakers (NUL, ESC, a line break, a tab, 'é'). */
    public static Arbitrary<String> textOver(String alphabet, int max) {
        return Arbitraries.strings().withChars(alphabet + "\u0000\u001b\n\t\u00e9").ofMaxLength(max);
    }

    /** Either kind, half and half. */
    public static Arbitrary<String> hostile(String alphabet, int max) {
        return Arbitraries.oneOf(anyText(max), textOver(alphabet, max));
    }

    /** A message fit for a user: one line, no control characters. */
    public static boolean oneLine(String message) {
        return message != null && !message.isBlank() && message.chars().noneMatch(Character::isISOControl)
                && message.indexOf('\u2028') < 0 && message.indexOf('\u2029') < 0;
    }
}
