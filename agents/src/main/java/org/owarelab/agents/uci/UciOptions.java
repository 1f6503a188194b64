package org.owarelab.agents.uci;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.agents.puct.StrengthLevels;

/**
 * The options a {@link UciEngine} offers and what {@code setoption} set them to: {@code Seed},
 * {@code Agent} (unless the engine serves one fixed player), {@code Threads} and
 * {@code TimeManagement}, and for an agent with calibrated levels ({@link StrengthLevels})
 * {@code UCI_LimitStrength} and {@code UCI_Elo}: with the first true, the agent plays as
 * {@code elo=N} (the level nearest {@code UCI_Elo}, its simulations and temperature replacing the
 * spec's own). Parsing and checking a {@code setoption} line is separate from applying
 * it ({@link #parse}, then {@link #apply}), so the engine can refuse a change during a search
 * before anything changes. The agent the options describe is {@link #spec()}: the served spec with
 * {@code threads=} and {@code timeman=} set from the options, for agents that take those keys.
 * Used by the engine's reader thread only.
 */
final class UciOptions {
    static final long SEED_MAX = Integer.MAX_VALUE;
    /** The options of the engine itself, beside the search's ({@link SearchOption#uciName()}). */
    static final List<String> ENGINE_OPTIONS = List.of("Seed", "Agent");
    private static final Pattern SETOPTION = Pattern.compile("(?i)^\\s*setoption\\s+name\\s+(.+?)(?:\\s+value(?:\\s+(.*?))?)?\\s*$");

    /** One checked {@code setoption}: which option and its new value (a spec, a number, a flag). */
    record Setting(String option, String text, long number) {
    }

    private final AgentRegistry agents;
    /** Whether a spec names an agent and keys the registry knows (to give keys only to agents that take them). */
    private final Predicate<String> known;
    /** What a spec set through the Agent option may reach; null: no Agent option. */
    private AgentAccess agentAccess = AgentAccess.NONE;
    private String agentSpec;
    private long seed;
    /** The search options set ({@code Threads}, {@code TimeManagement}), as spec values; absent until set (the agent's own default). */
    private final Map<SearchOption, String> search = new EnumMap<>(SearchOption.class);
    /** {@code UCI_LimitStrength}: play the level of {@link #elo}. */
    private boolean limitStrength;
    /** {@code UCI_Elo}; below any level's until set (then the strongest level's is offered as the default). */
    private long elo = Long.MIN_VALUE;

    UciOptions(AgentRegistry agents, String agentSpec, long seed) {
        if (seed < 0 || seed > SEED_MAX) {
            throw new IllegalArgumentException("seed " + seed + ": expected 0.." + SEED_MAX);
        }
        this.agents = agents;
        this.agentSpec = agentSpec;
        this.seed = seed;
        this.known = spec -> {
            try {
                agents.validate(spec);
                return true;
            } catch (RuntimeException e) {
                return false;
            }
        };
    }

    /** What an {@code Agent} spec may reach; null: no {@code Agent} option at all. */
    void agentAccess(AgentAccess access) {
        this.agentAccess = access;
    }

    /** The option lines of the answer to {@code uci}. */
    void describe(UciOutput out) {
        out.line("option name Seed type spin default " + seed + " min 0 max " + SEED_MAX);
        if (agentAccess != null) {
            out.line("option name Agent type string default " + agentSpec);
        }
        for (SearchOption o : searchOptions()) {
            out.line(describe(o));
        }
        StrengthLevels levels = levels();
        if (levels != null) {
            out.line("option name " + StrengthLevels.UCI_LIMIT + " type check default false");
            out.line("option name " + StrengthLevels.UCI_ELO + " type spin default " + elo(levels) + " min "
                    + levels.minElo() + " max " + levels.maxElo());
        }
    }

    /** The calibrated levels of the agent served now, or null. */
    private StrengthLevels levels() {
        return agents.levels(agentSpec);
    }

    /** {@code UCI_Elo} as set, else the strongest level's Elo. */
    private long elo(StrengthLevels levels) {
        return elo == Long.MIN_VALUE ? levels.maxElo() : elo;
    }

    /** The search settings the engine offers as options, in the table's order. */
    static List<SearchOption> searchOptions() {
        List<SearchOption> l = new ArrayList<>();
        for (SearchOption o : SearchOption.values()) {
            if (o.uciName() != null) {
                l.add(o);
            }
        }
        return l;
    }

    /** A search setting's {@code option} line. */
    private static String describe(SearchOption o) {
        return switch (o.type()) {
            // 0 = auto (the spec's own: for threads every core in a timed search, one for a fixed count), so
            // that a GUI that sends every option's default keeps fixed-count searches on one thread.
            case AUTO_INT -> "option name " + o.uciName() + " type spin default 0 min 0 max " + (long) o.max();
            case INT -> "option name " + o.uciName() + " type spin default " + o.intDefault() + " min " + (long) o.min()
                    + " max " + (long) o.max();
            case BOOL -> "option name " + o.uciName() + " type check default " + o.boolDefault();
            default -> throw new IllegalStateException(o + ": no UCI option type for " + o.type());
        };
    }

    /**
     * Checks a {@code setoption} line and returns what it sets, or null for an option that is
     * ignored (other engines' options GUIs send blindly, silently; unknown names with an
     * {@code info string} on {@code out}).
     *
     * @throws UciInputException a malformed line or a value the option does not take
     */
    Setting parse(String line, UciOutput out) throws UciInputException {
        Matcher m = SETOPTION.matcher(line);
        if (!m.matches()) {
            throw new UciInputException("setoption: expected 'setoption name <name> value <value>'");
        }
        String name = m.group(1).trim();
        String value = m.group(2) == null ? "" : m.group(2).trim();
        switch (name.toLowerCase(Locale.ROOT)) {
            case "seed" -> {
                return new Setting("seed", value, number(value, 0, SEED_MAX, "Seed"));
            }
            case "agent" -> {
                if (agentAccess == null) {
                    break;
                }
                if (value.isEmpty()) {
                    throw new UciInputException("setoption Agent: the agent spec is empty (e.g. alphabeta:depth=8)");
                }
                try {
                    agents.checkAccess(value, agentAccess);
                } catch (AgentSpecException e) {
                    throw new UciInputException("setoption Agent: " + e.getMessage());
                }
                return new Setting("agent", value, 0);
            }
            case "uci_limitstrength", "uci_elo" -> {
                StrengthLevels levels = levels();
                if (levels == null) {
                    break; // an agent without levels: reported as unknown below
                }
                if (name.equalsIgnoreCase(StrengthLevels.UCI_ELO)) {
                    return new Setting("uci_elo", value, number(value, levels.minElo(), levels.maxElo(),
                            StrengthLevels.UCI_ELO));
                }
                String v = value.toLowerCase(Locale.ROOT);
                if (!v.equals("true") && !v.equals("false")) {
                    throw new UciInputException("setoption " + StrengthLevels.UCI_LIMIT + ": '" + abbreviate(value)
                            + "' is not true or false");
                }
                return new Setting("uci_limitstrength", v, v.equals("true") ? 1 : 0);
            }
            case "ownbook", "engineturn", "ponder", "noiselevel" -> {
                return null; // options of other engines that GUIs send blindly: nothing to do
            }
            default -> {
                SearchOption o = SearchOption.byUciName(name);
                if (o != null) {
                    return searchSetting(o, value);
                }
            }
        }
        StringBuilder names = new StringBuilder("Seed").append(agentAccess != null ? ", Agent" : "");
        for (SearchOption o : searchOptions()) {
            names.append(", ").append(o.uciName());
        }
        if (levels() != null) {
            names.append(", ").append(StrengthLevels.UCI_LIMIT).append(", ").append(StrengthLevels.UCI_ELO);
        }
        out.info("unknown option '" + abbreviate(name) + "' ignored (options: " + names + ")");
        return null;
    }

    /** A checked search option: a whole number in range (0 = auto) or true/false. */
    private static Setting searchSetting(SearchOption o, String value) throws UciInputException {
        String key = o.uciName().toLowerCase(Locale.ROOT);
        if (o.type() == SearchOption.Type.BOOL) {
            String v = value.toLowerCase(Locale.ROOT);
            if (!v.equals("true") && !v.equals("false")) {
                throw new UciInputException("setoption " + o.uciName() + ": '" + abbreviate(value) + "' is not true or false");
            }
            return new Setting(key, v, v.equals("true") ? 1 : 0);
        }
        long min = o.type() == SearchOption.Type.AUTO_INT ? 0 : (long) o.min();
        return new Setting(key, value, number(value, min, (long) o.max(), o.uciName()));
    }

    /**
     * Applies a checked setting.
     *
     * @return whether the agent must be rebuilt (its spec changed)
     */
    boolean apply(Setting s) {
        String before = spec();
        switch (s.option()) {
            case "seed" -> seed = s.number();
            case "agent" -> agentSpec = s.text();
            case "uci_limitstrength" -> limitStrength = s.number() == 1;
            case "uci_elo" -> elo = s.number();
            default -> {
                SearchOption o = SearchOption.byUciName(s.option());
                if (o == null) {
                    throw new IllegalArgumentException("unknown setting " + s);
                }
                if (o.type() == SearchOption.Type.AUTO_INT && s.number() == 0) {
                    search.remove(o); // auto: the spec's own
                } else {
                    search.put(o, o.type() == SearchOption.Type.BOOL ? Boolean.toString(s.number() == 1)
                            : Long.toString(s.number()));
                }
            }
        }
        return !spec().equals(before) || s.option().equals("agent");
    }

    long seed() {
        return seed;
    }

    /** The spec as set by the command line or the {@code Agent} option, without the other options. */
    String agentSpec() {
        return agentSpec;
    }

    /**
     * The agent to build: the spec with each search option set ({@code Threads},
     * {@code TimeManagement}) as its {@link SearchOption#specKey()} (replacing the spec's own), where
     * the agent takes the key; else the spec unchanged.
     */
    String spec() {
        String s = agentSpec;
        for (Map.Entry<SearchOption, String> e : search.entrySet()) {
            s = withKey(s, e.getKey().specKey(), e.getValue());
        }
        StrengthLevels levels = levels();
        if (limitStrength && levels != null) {
            for (SearchOption o : List.of(SearchOption.SIMULATIONS, SearchOption.TEMPERATURE,
                    SearchOption.TEMPERATURE_PLIES, SearchOption.MOVETIME)) {
                for (String k : o.specKeys()) {
                    s = withKey(s, k, null);
                }
            }
            s = withKey(s, StrengthLevels.SPEC_KEY, Long.toString(elo(levels)));
        }
        return s;
    }

    /** {@code spec} with {@code key=value} in place of its own (none with a null value), where the agent takes the result. */
    private String withKey(String spec, String key, String value) {
        AgentSpec s;
        try {
            s = AgentSpec.parse(spec);
        } catch (RuntimeException e) {
            return spec; // the maker names the problem
        }
        StringBuilder sb = new StringBuilder(s.name());
        char sep = ':';
        for (Map.Entry<String, String> e : s.options().entrySet()) {
            if (!e.getKey().equals(key)) {
                sb.append(sep).append(e.getKey()).append('=').append(AgentSpec.quote(e.getValue()));
                sep = ',';
            }
        }
        String with = value == null ? sb.toString() : sb.append(sep).append(key).append('=').append(value).toString();
        return known.test(with) ? with : spec;
    }

    private static long number(String value, long min, long max, String option) throws UciInputException {
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            n = min - 1;
        }
        if (n < min || n > max) {
            throw new UciInputException("setoption " + option + ": '" + abbreviate(value) + "' is not a whole number "
                    + min + ".." + max);
        }
        return n;
    }

    static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
