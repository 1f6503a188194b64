package org.owarelab.agents.puct;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.rules.RuleSet;

/**
 * A PUCT player's factory with calibrated levels: its specs take {@code elo=N} besides every key
 * of the player's own factory, and play the level nearest N ({@link StrengthLevels#level}) as that
 * level's simulations and temperature ({@code strong:elo=600} plays as
 * {@code strong:simulations=8,temp=0}). {@code elo} sets the search's strength itself, so a spec
 * that also gives a simulation count, a temperature or a move time is refused, and so is an Elo
 * outside the calibrated range. Owns the wrapped factory (closes it when closed).
 */
public final class LevelledFactory implements AgentFactory {
    /** The keys {@code elo} decides, refused beside it. */
    private static final Set<SearchOption> DECIDED = Set.of(SearchOption.SIMULATIONS, SearchOption.TEMPERATURE,
            SearchOption.TEMPERATURE_PLIES, SearchOption.MOVETIME);

    private final AgentFactory base;
    /** The levels; null when they could not be read ({@link #problem} says why). */
    private final StrengthLevels levels;
    private final String source;
    private final String problem;
    private final Set<String> keys;

    /**
     * @param base the player's factory (a {@code puct} factory bound to one model)
     * @param levels its levels
     * @param source where the levels come from, for messages ({@code players/strong/levels.json})
     */
    public LevelledFactory(AgentFactory base, StrengthLevels levels, String source) {
        this(base, levels, source, null);
    }

    private LevelledFactory(AgentFactory base, StrengthLevels levels, String source, String problem) {
        this.base = base;
        this.levels = levels;
        this.source = source;
        this.problem = problem;
        Set<String> k = new HashSet<>(base.keys());
        k.add(StrengthLevels.SPEC_KEY);
        this.keys = Set.copyOf(k);
    }

    /**
     * The player's factory whose levels could not be read: {@code elo=} is refused with
     * {@code problem}, every other spec plays as {@code base}'s.
     */
    public static LevelledFactory unavailable(AgentFactory base, String problem) {
        return new LevelledFactory(base, null, null, problem);
    }

    @Override
    public String name() {
        return base.name();
    }

    @Override
    public Set<String> keys() {
        return keys;
    }

    @Override
    public String help() {
        return base.help() + ", " + StrengthLevels.SPEC_KEY + "=N (play the calibrated level nearest Elo N, "
                + (levels == null ? "none: " + problem : levels.describe() + ", random = 0") + "; docs/levels.md)";
    }

    @Override
    public StrengthLevels levels() {
        return levels;
    }

    @Override
    public Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
        return base.reaches(spec);
    }

    @Override
    public String resolve(AgentSpec spec, RuleSet rules) {
        return spec.has(StrengthLevels.SPEC_KEY) ? spec.text() : base.resolve(spec, rules);
    }

    @Override
    public Agent create(AgentSpec spec, RuleSet rules, long seed) {
        return base.create(spec.has(StrengthLevels.SPEC_KEY) ? levelled(spec) : spec, rules, seed);
    }

    /**
     * The spec {@code spec} (which has {@code elo=N}) plays: its other options and the level's
     * simulations and temperature.
     *
     * @throws org.owarelab.agents.AgentSpecException for an Elo that is not a number or is outside the
     *     calibrated range, or a key that {@code elo} decides
     */
    public AgentSpec levelled(AgentSpec spec) {
        if (levels == null) {
            throw spec.valueError(StrengthLevels.SPEC_KEY, "no calibrated levels: " + problem);
        }
        for (SearchOption o : DECIDED) {
            for (String k : o.specKeys()) {
                if (spec.has(k)) {
                    throw spec.valueError(k, "is set by " + StrengthLevels.SPEC_KEY + "= (expected "
                            + StrengthLevels.SPEC_KEY + " or " + k + ", not both)");
                }
            }
        }
        String range = "an Elo in " + levels.minElo() + ".." + levels.maxElo() + ", the calibrated range of " + source;
        double elo;
        try {
            elo = Double.parseDouble(spec.string(StrengthLevels.SPEC_KEY, ""));
        } catch (NumberFormatException e) {
            elo = Double.NaN;
        }
        if (!(elo >= levels.minElo() && elo <= levels.maxElo())) {
            throw spec.valueError(StrengthLevels.SPEC_KEY, (Double.isNaN(elo) ? "is not a number" : "is outside the "
                    + "calibrated range") + " (expected " + range + ")");
        }
        StrengthLevels.Level level = levels.level(elo);
        StringBuilder sb = new StringBuilder(spec.name()).append(':');
        for (Map.Entry<String, String> e : spec.options().entrySet()) {
            if (!e.getKey().equals(StrengthLevels.SPEC_KEY)) {
                sb.append(e.getKey()).append('=').append(AgentSpec.quote(e.getValue())).append(',');
            }
        }
        return AgentSpec.parse(sb.append(level.specOptions()).toString());
    }

    @Override
    public void close() {
        base.close();
    }
}
