package org.owarelab.evaluation.levels;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.evaluation.stats.Rating;

/**
 * Levels of play from a tournament's ratings, and the check of those levels against another
 * tournament's ({@code oware levels fit} and {@code oware levels check}, docs/levels.md).
 *
 * <p>A level is a player of the tournament named {@code PLAYER:sims=S[,temp=T]} (only the
 * simulation count and the temperature: {@link StrengthLevels.Level#specOptions()}); its Elo and
 * interval are its rating's, rounded. Every other player is a reference (the anchor, the
 * alpha-beta ladder). The check reads a second tournament in which each level plays either under
 * the same spec or as {@code PLAYER:elo=N} (which plays the level nearest N, the way a user asks
 * for it): a level passes when the Elo measured there lies within the interval it claims.
 */
public final class LevelsCalibration {
    private LevelsCalibration() {
    }

    /** A level found in a tournament: the level and the spec it played under there. */
    public record Found(String spec, StrengthLevels.Level level) {
    }

    /** One level's check: what it claims, what the second tournament measured, and whether that lies within the claim. */
    public record Checked(String spec, StrengthLevels.Level claim, Rating measured) {
        /** Whether the measured Elo lies within the claimed interval. */
        public boolean passes() {
            return measured.elo() >= claim.lo() && measured.elo() <= claim.hi();
        }

        /** One row of the check's table, e.g. {@code 612 [571, 655] | 598 [560, 637] | 400 | yes}. */
        public String row() {
            return String.format(Locale.ROOT, "| %s | %d [%d, %d] | %.0f [%.0f, %.0f] | %d | %s |", spec, claim.elo(),
                    claim.lo(), claim.hi(), measured.elo(), measured.lo(), measured.hi(), measured.games(),
                    passes() ? "yes" : "**no**");
        }
    }

    /**
     * The levels of {@code player} among {@code ratings}, weakest first.
     *
     * @throws IllegalArgumentException when no player of that name is rated, or one of its specs
     *     sets more than the simulation count and the temperature
     */
    public static List<Found> levels(List<Rating> ratings, String player) {
        List<Found> found = new ArrayList<>();
        for (Rating r : ratings) {
            AgentSpec spec = AgentSpec.parse(r.player());
            if (!spec.name().equals(player)) {
                continue;
            }
            int sims = -1;
            double temp = 0;
            for (var e : spec.options().entrySet()) {
                SearchOption o = SearchOption.bySpecKey(e.getKey());
                if (o == SearchOption.SIMULATIONS) {
                    sims = Integer.parseInt(e.getValue());
                } else if (o == SearchOption.TEMPERATURE) {
                    temp = Double.parseDouble(e.getValue());
                } else {
                    throw new IllegalArgumentException("player '" + r.player() + "': a level sets only "
                            + SearchOption.SIMULATIONS.specKey() + " (or sims) and " + SearchOption.TEMPERATURE.specKey()
                            + ", not " + e.getKey());
                }
            }
            if (sims < 0) {
                throw new IllegalArgumentException("player '" + r.player() + "': a level needs its simulation count "
                        + "(expected e.g. " + player + ":sims=8,temp=0.5)");
            }
            found.add(new Found(r.player(), new StrengthLevels.Level((int) Math.round(r.elo()),
                    (int) Math.floor(r.lo()), (int) Math.ceil(r.hi()), sims, temp)));
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no player named '" + player + "' was rated (expected players such as "
                    + player + ":sims=8,temp=0.5 among the tournament's)");
        }
        found.sort(Comparator.comparingInt(f -> f.level().elo()));
        return found;
    }

    /** The ratings of every player that is not a level of {@code player}, weakest first. */
    public static List<Rating> references(List<Rating> ratings, String player) {
        List<Rating> refs = new ArrayList<>();
        for (Rating r : ratings) {
            if (!AgentSpec.parse(r.player()).name().equals(player)) {
                refs.add(r);
            }
        }
        refs.sort(Comparator.comparingDouble(Rating::elo));
        return refs;
    }

    /**
     * Checks {@code levels} against a second tournament's {@code ratings}: one row per level of
     * {@code player} that played there (as {@code PLAYER:elo=N} or under a spec with the level's
     * simulations and temperature), in level order.
     *
     * @throws IllegalArgumentException when a level's spec there names no level, or no level played
     */
    public static List<Checked> check(StrengthLevels levels, List<Rating> ratings, String player) {
        List<Checked> rows = new ArrayList<>();
        for (Rating r : ratings) {
            AgentSpec spec = AgentSpec.parse(r.player());
            if (!spec.name().equals(player)) {
                continue;
            }
            StrengthLevels.Level claim;
            if (spec.has(StrengthLevels.SPEC_KEY)) {
                claim = levels.level(Double.parseDouble(spec.string(StrengthLevels.SPEC_KEY, "")));
            } else {
                StrengthLevels.Level played = levels(List.of(r), player).get(0).level();
                claim = levels.levels().stream().filter(l -> l.simulations() == played.simulations()
                        && l.temperature() == played.temperature()).findFirst().orElseThrow(
                                () -> new IllegalArgumentException("player '" + r.player() + "' is none of the levels"));
            }
            rows.add(new Checked(r.player(), claim, r));
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no level of '" + player + "' played (expected players such as "
                    + player + ":elo=" + levels.minElo() + ")");
        }
        rows.sort(Comparator.comparingInt(c -> c.claim().elo()));
        return rows;
    }
}
