package org.owarelab.rules;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What happens to a grand slam, a capture that would take every seed on the opponent's side.
 * See {@code env/RULES.md}, "Grand slam".
 */
public enum GrandSlam {
    /** The move is legal and captures nothing (the international rule; the default). */
    NO_CAPTURE("no-capture"),
    /** The move is not legal; if every legal move is a grand slam the mover takes all seeds. */
    ILLEGAL("illegal"),
    /** The capture happens, the game ends and the mover also takes the seeds left. */
    CAPTURE_ALL("capture-all"),
    /** The capture happens, the game ends and the seeds left go to the opponent. */
    TO_OPPONENT("to-opponent"),
    /** The capture happens except for the house of the last seed. */
    SPARE_LAST("spare-last");

    private final String text;

    GrandSlam(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** Parses the text form, e.g. {@code capture-all}. */
    public static GrandSlam parse(String text) {
        for (GrandSlam g : values()) {
            if (g.text.equals(text)) {
                return g;
            }
        }
        throw new RulesException("grand-slam=" + text + ": expected one of " + allowed());
    }

    static String allowed() {
        return Arrays.stream(values()).map(GrandSlam::text).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return text;
    }
}
