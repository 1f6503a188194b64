package org.owarelab.env;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How an {@link OwareEnv} pays its players. Rewards are always zero-sum (South's reward is minus
 * North's at every step) and a player's rewards over an episode add up to their return.
 */
public enum RewardMode {
    /**
     * Sparse: 0 on every step but the last, which pays the final result, +1 win, 0 draw, -1 loss.
     * The return is the game's result for that player.
     */
    RESULT("result"),
    /**
     * Dense seed-margin shaping: each step pays (change of the store margin) / total seeds, so a
     * capture of {@code k} seeds pays {@code +k/total} to its maker and {@code -k/total} to the
     * other player; the last step also pays the end-of-game sharing (or the truncation rule). The
     * return is (final score margin - store margin at reset) / total seeds, in [-1, 1], up to
     * float rounding.
     */
    MARGIN("margin");

    private final String text;

    RewardMode(String text) {
        this.text = text;
    }

    /** The lower-case text form used in config specs, e.g. {@code margin}. */
    public String text() {
        return text;
    }

    /** Parses the text form. */
    public static RewardMode parse(String text) {
        for (RewardMode m : values()) {
            if (m.text.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new EnvConfigException("reward=" + text + ": expected one of "
                + Arrays.stream(values()).map(RewardMode::text).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return text;
    }
}
