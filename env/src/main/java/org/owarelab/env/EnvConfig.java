package org.owarelab.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.KeyValueSpec;

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

    private static final List<String> KEYS = List.of("reward", "ply-cap", "truncation", "opening", "encoder");

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
        KeyValueSpec spec = KeyValueSpec.parse("env", text, false, EnvConfigException::new);
        spec.requireKeys(KEYS, null);
        int plyCap = spec.integer("ply-cap", d.plyCap, 1, MAX_PLY_CAP);
        return new EnvConfig(rules,
                spec.read("reward", d.reward, RewardMode::parse),
                plyCap,
                spec.read("truncation", d.truncation, TruncationRule::parse),
                spec.integer("opening", d.openingPlies, 0, plyCap - 1),
                spec.read("encoder", d.encoder, v -> {
                    String id = v.trim().toLowerCase(Locale.ROOT);
                    if (!Encoders.ids().contains(id)) {
                        throw new EnvConfigException("encoder=" + v + ": expected one of " + String.join(", ", Encoders.ids()));
                    }
                    return id;
                }));
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
