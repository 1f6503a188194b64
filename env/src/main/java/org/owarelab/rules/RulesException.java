package org.owarelab.rules;

import org.owarelab.util.Texts;

/**
 * Bad input to the rules: a malformed rule set, position or move. The message names the
 * input, where in it the problem is, and what was expected; it is meant to be shown to a
 * user as one line.
 */
public class RulesException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Control characters of the input quoted in {@code message} are escaped, so the message stays one line. */
    public RulesException(String message) {
        super(Texts.escape(message));
    }
}
