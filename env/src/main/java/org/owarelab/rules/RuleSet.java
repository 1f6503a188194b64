package org.owarelab.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.owarelab.util.KeyValueSpec;

/**
 * One immutable choice of rule variants. Written the same way everywhere (CLI, configs,
 * checkpoints, records) as comma-separated {@code key=value} pairs with the defaults omitted:
 * {@code grand-slam=capture-all,repetition=split,houses=4,seeds=3}. The default rule set is
 * written as the empty string (and {@code default} is accepted when parsing).
 *
 * @param houses houses per player, {@value #MIN_HOUSES}..{@value #MAX_HOUSES} (default 6)
 * @param seeds seeds per house at the start, {@value #MIN_SEEDS}..{@value #MAX_SEEDS} (default 4)
 * @param grandSlam what a grand slam does (default {@link GrandSlam#NO_CAPTURE})
 * @param repetition how a repetition shares the seeds left (default {@link Repetition#OWN_SIDE})
 */
public record RuleSet(int houses, int seeds, GrandSlam grandSlam, Repetition repetition) {
    public static final int MIN_HOUSES = 2;
    public static final int MAX_HOUSES = 8;
    public static final int MIN_SEEDS = 1;
    public static final int MAX_SEEDS = 8;
    /** The most seeds any rule set has in play. */
    public static final int MAX_TOTAL = 2 * MAX_HOUSES * MAX_SEEDS;

    /** Oware Abapa as in RULES.md: 6 houses x 4 seeds, grand slam captures nothing, own-side repetition. */
    public static final RuleSet DEFAULT = new RuleSet(6, 4, GrandSlam.NO_CAPTURE, Repetition.OWN_SIDE);

    private static final List<String> KEYS = List.of("grand-slam", "repetition", "houses", "seeds");

    public RuleSet {
        if (houses < MIN_HOUSES || houses > MAX_HOUSES) {
            throw new RulesException("houses=" + houses + ": expected " + MIN_HOUSES + ".." + MAX_HOUSES);
        }
        if (seeds < MIN_SEEDS || seeds > MAX_SEEDS) {
            throw new RulesException("seeds=" + seeds + ": expected " + MIN_SEEDS + ".." + MAX_SEEDS);
        }
        if (grandSlam == null || repetition == null) {
            throw new RulesException("grand-slam and repetition must be set");
        }
    }

    /** All seeds in play: {@code 2 * houses * seeds} (48 by default). */
    public int totalSeeds() {
        return 2 * houses * seeds;
    }

    /** The store a player needs to win at once: more than half of the seeds (25 of 48). */
    public int winningStore() {
        return totalSeeds() / 2 + 1;
    }

    public RuleSet withGrandSlam(GrandSlam g) {
        return new RuleSet(houses, seeds, g, repetition);
    }

    public RuleSet withRepetition(Repetition r) {
        return new RuleSet(houses, seeds, grandSlam, r);
    }

    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /**
     * Parses the text form. Empty, blank or {@code default} is the default rule set; unknown
     * keys, repeated keys and bad values are errors that say what is allowed.
     */
    public static RuleSet parse(String text) {
        if (text == null) {
            return DEFAULT;
        }
        String t = text.trim();
        if (t.isEmpty() || t.equalsIgnoreCase("default")) {
            return DEFAULT;
        }
        KeyValueSpec spec = KeyValueSpec.parse("rules", text, false, RulesException::new);
        spec.requireKeys(KEYS, null);
        return new RuleSet(
                spec.integer("houses", DEFAULT.houses, MIN_HOUSES, MAX_HOUSES),
                spec.integer("seeds", DEFAULT.seeds, MIN_SEEDS, MAX_SEEDS),
                spec.read("grand-slam", DEFAULT.grandSlam, v -> GrandSlam.parse(v.toLowerCase(Locale.ROOT))),
                spec.read("repetition", DEFAULT.repetition, v -> Repetition.parse(v.toLowerCase(Locale.ROOT))));
    }

    /** The text form with defaults omitted; the empty string for the default rule set. */
    public String spec() {
        List<String> parts = new ArrayList<>(4);
        if (grandSlam != DEFAULT.grandSlam) {
            parts.add("grand-slam=" + grandSlam.text());
        }
        if (repetition != DEFAULT.repetition) {
            parts.add("repetition=" + repetition.text());
        }
        if (houses != DEFAULT.houses) {
            parts.add("houses=" + houses);
        }
        if (seeds != DEFAULT.seeds) {
            parts.add("seeds=" + seeds);
        }
        return String.join(",", parts);
    }

    /** {@link #spec()}, or {@code default} for the default rule set (for messages). */
    @Override
    public String toString() {
        String s = spec();
        return s.isEmpty() ? "default" : s;
    }
}
