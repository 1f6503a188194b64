package org.owarelab.rules;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How the seeds left on the board are shared when a game ends by repetition. */
public enum Repetition {
    /** Each player takes the seeds on their own side (the default). */
    OWN_SIDE("own-side"),
    /** The seeds are split evenly; the player with more seeds on their side keeps the odd one. */
    SPLIT("split");

    private final String text;

    Repetition(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** Parses the text form, e.g. {@code split}. */
    public static Repetition parse(String text) {
        for (Repetition r : values()) {
            if (r.text.equals(text)) {
                return r;
            }
        }
        throw new RulesException("repetition=" + text + ": expected one of "
                + Arrays.stream(values()).map(Repetition::text).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return text;
    }
}
