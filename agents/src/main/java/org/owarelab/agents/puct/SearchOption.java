package org.owarelab.agents.puct;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.owarelab.agents.AgentSpec;

/**
 * The settings of the PUCT search, each declared once with all its faces (after lc0's
 * {@code OptionId}): its {@code puct} spec key and the aliases the spec also takes, its key in the
 * training config's YAML (where self-play reads it), its UCI option (where the UCI engine offers
 * one), its type, range and default, and one line saying what it does. {@link PuctConfig#DEFAULT},
 * the {@code puct} spec parsing and help ({@link PuctAgentFactory}), the UCI engine's options, the
 * exported player's cards and the web player's settings all read this table; a test fails when a
 * spec key, a YAML key of the search or a UCI option has no entry here.
 *
 * <p>Names: the simulation count is {@code simulations} everywhere (records, YAML, specs, cards);
 * {@code sims}, the spec's old key, is an alias that specs and the training config's YAML both
 * take (a spec that gives both is refused). Defaults are the {@code puct} agent's (what an
 * exported player plays); a training recipe may choose other values (self-play's 200 simulations,
 * its Dirichlet noise), which the recipe's config then says.
 */
public enum SearchOption {
    /** Simulations per move. */
    SIMULATIONS("simulations", List.of("sims"), "selfplay.simulations", null, Type.INT, 1, 100_000_000,
            SearchOption.DEFAULT_SIMULATIONS,
            "simulations per move (an explicit count also caps a move timed by movetime; the default does not)"),
    /** Milliseconds per move when the caller sets no limit; 0 = none. */
    MOVETIME("movetime", List.of(), null, null, Type.INT, 1, 86_400_000, 0,
            "milliseconds per move when the caller sets no limit (the clock governs, capped only by an explicit sims)"),
    /** Leaves per network call; 0 = auto. */
    BATCH("batch", List.of(), null, null, Type.AUTO_INT, 1, 1024, 0,
            "leaves per network call: auto is " + PuctAgent.AUTO_BATCH + " when the clock ends the search, "
                    + "1 for a fixed sims count"),
    /** Node budget of the tree. */
    NODES("nodes", List.of(), null, null, Type.INT, 16, 1 << 28, 1 << 21, "node budget of the tree"),
    /** The exploration constant. */
    C_PUCT("c", List.of(), "selfplay.search.cPuct", null, Type.REAL, 0, 100, 1.25,
            "exploration constant c (AlphaZero's c_init)"),
    /** Growth base of the exploration constant; 0 keeps it constant. */
    C_BASE("c-base", List.of(), "selfplay.search.cBase", null, Type.REAL, 0, 1e12, 19652,
            "growth base of c (0 or >= 1; 0 keeps c constant)"),
    /** First-play-urgency reduction below the root. */
    FPU("fpu", List.of(), "selfplay.search.fpuReduction", null, Type.REAL, -2, 2, 0.25,
            "first-play-urgency reduction below the root"),
    /** First-play-urgency reduction at the root. */
    FPU_ROOT("fpu-root", List.of(), "selfplay.search.fpuRootReduction", null, Type.REAL, -2, 2, 0.0,
            "first-play-urgency reduction at the root"),
    /** Share of Dirichlet noise in the root priors; 0 = off. */
    NOISE("noise", List.of(), "selfplay.search.noise.fraction", null, Type.REAL, 0, 1, 0.0,
            "share of Dirichlet noise in the root priors (exploring searches)"),
    /** Concentration of the Dirichlet noise. */
    ALPHA("alpha", List.of(), "selfplay.search.noise.alpha", null, Type.REAL, 1e-6, 1000, 1.0,
            "concentration of the Dirichlet noise"),
    /** KataGo's forced playouts' k; 0 = off. */
    FORCED("forced", List.of(), "selfplay.search.forcedPlayouts", null, Type.REAL, 0, 100, 0.0,
            "forced playouts' k (KataGo; exploring searches)"),
    /** Gumbel root selection with sequential halving. */
    GUMBEL("gumbel", List.of(), "selfplay.search.gumbel.enabled", null, Type.BOOL, 0, 1, false,
            "Gumbel root selection with sequential halving (no noise or forced beside it)"),
    /** Actions Gumbel samples at the root. */
    GUMBEL_M("gumbel-m", List.of(), "selfplay.search.gumbel.maxActions", null, Type.INT, 1, 64, 16,
            "actions Gumbel samples at the root (m)"),
    /**
     * Scale of the Gumbel noise: 0 for the agent (the deterministic top-m);
     * {@link PuctConfig.GumbelConfig#SELF_PLAY_SCALE} in self-play's recipe.
     */
    GUMBEL_SCALE("gumbel-scale", List.of(), "selfplay.search.gumbel.scale", null, Type.REAL, 0, 100, 0.0,
            "scale of the Gumbel noise (above 0: exploring)"),
    /** Gumbel's {@code c_visit}. */
    GUMBEL_C_VISIT(null, List.of(), "selfplay.search.gumbel.cVisit", null, Type.REAL, 0, 1e6, 50.0,
            "Gumbel's c_visit (mctx)"),
    /** Gumbel's {@code c_scale}. */
    GUMBEL_C_SCALE(null, List.of(), "selfplay.search.gumbel.cScale", null, Type.REAL, 0, 1e3, 0.1,
            "Gumbel's c_scale (mctx)"),
    /** Move-choice temperature of the opening plies. */
    TEMPERATURE("temp", List.of(), "selfplay.temperature.initial", null, Type.REAL, 0, 100, 0.0,
            "move-choice temperature of the opening plies (0: the most visited move)"),
    /** Plies the opening temperature lasts. */
    TEMPERATURE_PLIES("temp-plies", List.of(), "selfplay.temperature.plies", null, Type.INT, 0, Integer.MAX_VALUE,
            Integer.MAX_VALUE, "plies the opening temperature lasts"),
    /** Temperature after the opening plies. */
    TEMPERATURE_AFTER(null, List.of(), "selfplay.temperature.after", null, Type.REAL, 0, 100, 0.0,
            "move-choice temperature after the opening plies"),
    /** Keep the subtree of the played move. */
    REUSE("reuse", List.of(), "selfplay.search.reuseTree", null, Type.BOOL, 0, 1, true,
            "keep the subtree under the played move for the next search"),
    /** The MCTS-solver. */
    SOLVER("solver", List.of(), "selfplay.solver", null, Type.BOOL, 0, 1, false,
            "MCTS-solver: proven wins, losses and draws propagate"),
    /** An endgame table whose decided positions are terminal. */
    TABLES("tables", List.of(), "selfplay.tables", null, Type.TEXT, 0, 0, null,
            "an endgame table file: positions it decides are terminal with their exact value"),
    /** A covered root with an exact share and a distance plays the table's move. */
    TABLE_ROOT("table-root", List.of(), null, null, Type.BOOL, 0, 1, true,
            "with tables: a root the table knows exactly, with a distance to the next capture, plays the table's move"
                    + " unsearched (false: every root is searched)"),
    /** Weight of the seed margin in the value of game ends. */
    MARGIN("margin", List.of(), null, null, Type.REAL, 0, 0.5, 0.0,
            "weight of the seed margin in the value of game ends and table-decided leaves"),
    /** Threads of one search over one tree; 0 = auto. */
    THREADS("threads", List.of(), null, "Threads", Type.AUTO_INT, 1, SearchOption.MAX_THREADS, 0,
            "threads of one search over one tree: auto is every core when the clock ends the search, "
                    + "1 for a fixed sims count, so seeded games stay identical"),
    /** The time manager under a game clock. */
    TIME_MANAGER("timeman", List.of(), null, "TimeManagement", Type.BOOL, 0, 1, true,
            "under a game clock: stop settled moves early, spend the time saved on unsure ones (false: the plain schedule)");

    /** What values a setting takes. */
    public enum Type {
        /** A whole number in {@code min..max}. */
        INT,
        /** {@code auto} (stored as 0) or a whole number in {@code min..max}. */
        AUTO_INT,
        /** A number in {@code min..max}. */
        REAL,
        /** {@code true} or {@code false}. */
        BOOL,
        /** A text (a file name); none by default. */
        TEXT
    }

    /** Simulations per move of a {@code puct} spec without {@code sims}: {@link #SIMULATIONS}' default. */
    public static final int DEFAULT_SIMULATIONS = 800;
    /** Most threads of one search: {@link #THREADS}' maximum. */
    public static final int MAX_THREADS = 256;

    private final String specKey;
    private final List<String> aliases;
    private final String yamlKey;
    private final String uciName;
    private final Type type;
    private final double min;
    private final double max;
    private final Object defaultValue;
    private final String description;

    SearchOption(String specKey, List<String> aliases, String yamlKey, String uciName, Type type, double min, double max,
            Object defaultValue, String description) {
        this.specKey = specKey;
        this.aliases = aliases;
        this.yamlKey = yamlKey;
        this.uciName = uciName;
        this.type = type;
        this.min = min;
        this.max = max;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    /** The {@code puct} spec key; null where specs do not set it. */
    public String specKey() {
        return specKey;
    }

    /** Other spellings a spec takes for {@link #specKey()}. */
    public List<String> aliases() {
        return aliases;
    }

    /** The key path in the training config ({@code selfplay.search.cPuct}); null where it has none. */
    public String yamlKey() {
        return yamlKey;
    }

    /** The UCI option's name; null where the UCI engine offers none. */
    public String uciName() {
        return uciName;
    }

    public Type type() {
        return type;
    }

    /** The least value (for {@link Type#AUTO_INT}: the least besides auto's 0). */
    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    public String description() {
        return description;
    }

    /** The default of an {@link Type#INT} or {@link Type#AUTO_INT} setting (0: auto or none). */
    public int intDefault() {
        requireType(Type.INT, Type.AUTO_INT);
        return (Integer) defaultValue;
    }

    /** The default of a {@link Type#REAL} setting. */
    public double realDefault() {
        requireType(Type.REAL);
        return ((Number) defaultValue).doubleValue();
    }

    /** The default of a {@link Type#BOOL} setting. */
    public boolean boolDefault() {
        requireType(Type.BOOL);
        return (Boolean) defaultValue;
    }

    /** The default as the spec help writes it: {@code 800}, {@code 1.25}, {@code auto}, {@code all}, {@code none}. */
    public String shownDefault() {
        if (defaultValue == null || type == Type.INT && intDefault() == 0 && min > 0) {
            return "none";
        }
        if (type == Type.AUTO_INT && intDefault() == 0) {
            return "auto";
        }
        if (type == Type.INT && intDefault() == Integer.MAX_VALUE) {
            return "all";
        }
        return format(defaultValue);
    }

    /** A number as specs and cards write it: {@code 19652}, {@code 0.25}, {@code 0}. */
    public static String format(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(value);
    }

    /** Every spelling a spec takes for this setting, the spec key first; empty where specs do not set it. */
    public List<String> specKeys() {
        if (specKey == null) {
            return List.of();
        }
        List<String> k = new ArrayList<>();
        k.add(specKey);
        k.addAll(aliases);
        return k;
    }

    /** Every spec key and alias of the table. */
    public static Set<String> allSpecKeys() {
        Set<String> s = new LinkedHashSet<>();
        for (SearchOption o : values()) {
            s.addAll(o.specKeys());
        }
        return Collections.unmodifiableSet(s);
    }

    /** The setting a spec key or alias names (case-insensitive), or null. */
    public static SearchOption bySpecKey(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        for (SearchOption o : values()) {
            if (o.specKeys().contains(k)) {
                return o;
            }
        }
        return null;
    }

    /** The setting a UCI option names (case-insensitive), or null. */
    public static SearchOption byUciName(String name) {
        for (SearchOption o : values()) {
            if (o.uciName != null && o.uciName.equalsIgnoreCase(name)) {
                return o;
            }
        }
        return null;
    }

    /** The setting at a YAML key path, or null. */
    public static SearchOption byYamlKey(String path) {
        for (SearchOption o : values()) {
            if (path.equals(o.yamlKey)) {
                return o;
            }
        }
        return null;
    }

    /** Whether {@code spec} sets this setting (under its key or an alias). */
    public boolean isSet(AgentSpec spec) {
        return key(spec) != null;
    }

    /**
     * The spelling {@code spec} uses for this setting, or null when it does not set it.
     *
     * @throws org.owarelab.agents.AgentSpecException when the spec sets it twice, under two spellings
     */
    private String key(AgentSpec spec) {
        String found = null;
        for (String k : specKeys()) {
            if (spec.has(k)) {
                if (found != null) {
                    throw spec.valueError(k, "names the same setting as " + found + " (expected one of "
                            + String.join(", ", specKeys()) + ")");
                }
                found = k;
            }
        }
        return found;
    }

    /** An {@link Type#INT} setting from {@code spec}, or {@code fallback} when absent. */
    public int integer(AgentSpec spec, int fallback) {
        requireType(Type.INT);
        String k = key(spec);
        return k == null ? fallback : spec.integer(k, fallback, (int) min, (int) max);
    }

    /** An {@link Type#INT} setting from {@code spec}, or its default. */
    public int integer(AgentSpec spec) {
        return integer(spec, intDefault());
    }

    /** An {@link Type#AUTO_INT} setting: {@code auto} (or absent) is 0, else {@code min..max}. */
    public int auto(AgentSpec spec) {
        requireType(Type.AUTO_INT);
        String k = key(spec);
        if (k == null || spec.string(k, "auto").equals("auto")) {
            return intDefault();
        }
        return spec.integer(k, 0, (int) min, (int) max);
    }

    /** A {@link Type#REAL} setting from {@code spec}, or its default. */
    public double real(AgentSpec spec) {
        requireType(Type.REAL);
        String k = key(spec);
        return k == null ? realDefault() : spec.real(k, realDefault(), min, max);
    }

    /** A {@link Type#BOOL} setting from {@code spec}, or its default. */
    public boolean bool(AgentSpec spec) {
        requireType(Type.BOOL);
        String k = key(spec);
        return k == null ? boolDefault() : spec.bool(k, boolDefault());
    }

    /** A {@link Type#TEXT} setting from {@code spec}, or null when absent. */
    public String text(AgentSpec spec) {
        requireType(Type.TEXT);
        String k = key(spec);
        return k == null ? null : spec.string(k, null);
    }

    /**
     * Checks a value bound from YAML against this setting's range.
     *
     * @param name the name the message gives (the record component, e.g. {@code cPuct})
     * @throws IllegalArgumentException {@code name=value: expected min..max}
     */
    public double check(String name, double v) {
        PuctConfig.check(name, v, min, max);
        return v;
    }

    private void requireType(Type... types) {
        for (Type t : types) {
            if (type == t) {
                return;
            }
        }
        throw new IllegalStateException(this + " is a " + type + " setting");
    }

    /** {@code key=default} for the spec help, e.g. {@code c=1.25}. */
    public String helpEntry() {
        return specKey + "=" + shownDefault();
    }
}
