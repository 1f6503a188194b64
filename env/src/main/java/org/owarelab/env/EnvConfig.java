package org.owarelab.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.owarelab.rules.RuleSet;

/**
 * The options of an {@link OwareEnv} (and of {@link VectorEnv} and {@link OpponentEnv}), declared
 * once and validated on construction. Immutable; change one option with the {@code with...}
 * methods. The text form ({@link #parse}, {@link #spec()}) is {@code key=value,...} with defaults
 * omitted, e.g. {@code reward=margin,ply-cap=200,opening=4,encoder=planes}.
 *
 * @param rules the rule set played
 * @param reward how players are paid ({@link RewardMode#RESULT} by default)
 * @param plyCap the episode is truncated once this many plies have been played since the reset
 *        position, random opening plies included (default 300; 1..100000)
 * @param truncation how a truncated episode is scored (default {@link TruncationRule#OWN_SIDE})
 * @param openingPlies random legal plies played by {@link OwareEnv#reset(long)} before the first
 *        observation, drawn from the reset seed (default 0; less than {@code plyCap})
 * @param encoder the observation encoder's id, one of {@link Encoders#ids()} (default {@code compact})
 */
public record EnvConfig(RuleSet rules, RewardMode reward, int plyCap, TruncationRule truncation, int openingPlies,
        String encoder) {
    public static final int DEFAULT_PLY_CAP = 300;
    public static final int MAX_PLY_CAP = 100_000;

    /** Default rules, result rewards, a 300-ply cap scored own-side, no opening, the compact encoder. */
    public static final EnvConfig DEFAULT = defaults(RuleSet.DEFAULT);

    private static final String KEYS = "reward, ply-cap, truncation, opening, encoder";

    public EnvConfig {
        if (rules == null || reward == null || truncation == null || encoder == null) {
            throw new EnvConfigException("env config: rules, reward, truncation and encoder must be set");
        }
        if (plyCap < 1 || plyCap > MAX_PLY_CAP) {
            throw new EnvConfigException("ply-cap=" + plyCap + ": expected 1.." + MAX_PLY_CAP);
        }
        if (openingPlies < 0 || openingPlies >= plyCap) {
            throw new EnvConfigException("opening=" + openingPlies + ": expected 0.." + (plyCap - 1)
                    + " (fewer random opening plies than the ply cap " + plyCap + ")");
        }
        if (!Encoders.ids().contains(encoder)) {
            throw new EnvConfigException("encoder=" + encoder + ": expected one of " + String.join(", ", Encoders.ids()));
        }
    }

    /** The defaults under another rule set. */
    public static EnvConfig defaults(RuleSet rules) {
        return new EnvConfig(rules, RewardMode.RESULT, DEFAULT_PLY_CAP, TruncationRule.OWN_SIDE, 0, "compact");
    }

    public EnvConfig withRules(RuleSet r) {
        return new EnvConfig(r, reward, plyCap, truncation, openingPlies, encoder);
    }

    public EnvConfig withReward(RewardMode m) {
        return new EnvConfig(rules, m, plyCap, truncation, openingPlies, encoder);
    }

    public EnvConfig withPlyCap(int cap) {
        return new EnvConfig(rules, reward, cap, truncation, openingPlies, encoder);
    }

    public EnvConfig withTruncation(TruncationRule t) {
        return new EnvConfig(rules, reward, plyCap, t, openingPlies, encoder);
    }

    public EnvConfig withOpeningPlies(int plies) {
        return new EnvConfig(rules, reward, plyCap, truncation, plies, encoder);
    }

    public EnvConfig withEncoder(String id) {
        return new EnvConfig(rules, reward, plyCap, truncation, openingPlies, id);
    }

    /**
     * Parses {@code key=value,...} (keys: reward, ply-cap, truncation, opening, encoder) on top of
     * the defaults for {@code rules}. Empty, blank or {@code default} gives the defaults.
     *
     * @throws EnvConfigException naming the text, the key and what was expected
     */
    public static EnvConfig parse(String text, RuleSet rules) {
        EnvConfig d = defaults(rules);
        if (text == null || text.isBlank() || text.trim().equalsIgnoreCase("default")) {
            return d;
        }
        RewardMode reward = d.reward;
        int plyCap = d.plyCap;
        TruncationRule truncation = d.truncation;
        int opening = d.openingPlies;
        String encoder = d.encoder;
        List<String> seen = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int eq = p.indexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new EnvConfigException("env '" + text + "': '" + p + "' is not key=value (keys: " + KEYS + ")");
            }
            String key = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String value = p.substring(eq + 1).trim();
            if (seen.contains(key)) {
                throw new EnvConfigException("env '" + text + "': key '" + key + "' given twice");
            }
            seen.add(key);
            switch (key) {
                case "reward" -> reward = RewardMode.parse(value);
                case "truncation" -> truncation = TruncationRule.parse(value);
                case "encoder" -> encoder = value.toLowerCase(Locale.ROOT);
                case "ply-cap" -> plyCap = parseInt(text, key, value);
                case "opening" -> opening = parseInt(text, key, value);
                default -> throw new EnvConfigException("env '" + text + "': unknown option '" + key
                        + "' (expected one of " + KEYS + ")");
            }
        }
        return new EnvConfig(rules, reward, plyCap, truncation, opening, encoder);
    }

    private static int parseInt(String text, String key, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new EnvConfigException("env '" + text + "': " + key + "=" + value + ": expected a whole number");
        }
    }

    /** The text form with defaults omitted (rules excluded: they have their own spec); empty for the defaults. */
    public String spec() {
        EnvConfig d = defaults(rules);
        List<String> parts = new ArrayList<>(5);
        if (reward != d.reward) {
            parts.add("reward=" + reward.text());
        }
        if (plyCap != d.plyCap) {
            parts.add("ply-cap=" + plyCap);
        }
        if (truncation != d.truncation) {
            parts.add("truncation=" + truncation.text());
        }
        if (openingPlies != d.openingPlies) {
            parts.add("opening=" + openingPlies);
        }
        if (!encoder.equals(d.encoder)) {
            parts.add("encoder=" + encoder);
        }
        return String.join(",", parts);
    }
}
