package org.owarelab.env;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How an episode cut off by the ply cap is scored. The cap is not part of the game's rules
 * (RULES.md, "End of the game"): this is the environment's documented choice.
 */
public enum TruncationRule {
    /** Each side adds the seeds on its own houses to its store, as for a repetition (the default). */
    OWN_SIDE("own-side"),
    /** Only the stores count; the seeds left on the board are nobody's. */
    STORES("stores"),
    /** The episode counts as a draw: result 0, and no net seed margin for the episode. */
    DRAW("draw");

    private final String text;

    TruncationRule(String text) {
        this.text = text;
    }

    /** The lower-case text form used in config specs, e.g. {@code own-side}. */
    public String text() {
        return text;
    }

    /** Parses the text form. */
    public static TruncationRule parse(String text) {
        for (TruncationRule r : values()) {
            if (r.text.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw new EnvConfigException("truncation=" + text + ": expected one of "
                + Arrays.stream(values()).map(TruncationRule::text).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return text;
    }
}
