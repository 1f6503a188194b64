package org.owarelab.agents.alphabeta;

import java.util.Set;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.SearchLimit;

/**
 * The options of the alpha-beta agent, from a spec such as {@code alphabeta:depth=8,tt=64}.
 *
 * @param depth plies, 0 = unset (no depth limit); 1..{@value Search#MAX_DEPTH}
 * @param movetimeMillis time per move, 0 = unset
 * @param nodes node budget per move, 0 = unset
 * @param ttMegabytes transposition table size in MiB, 0 = no table (spec key {@code tt})
 * @param quiescence extend the horizon with a capture-only search (spec key {@code qs})
 * @param materialOnly evaluate by store difference only, an ablation baseline (spec key
 *     {@code eval=material}; the default {@code eval=full} is {@link Evaluation})
 * @param tables an endgame table file ({@code oware tables build}; spec key {@code tables}):
 *     positions it covers below the root are scored from it, and a root it covers plays the table's
 *     move where {@code tableRoot} allows ({@link org.owarelab.agents.TableRoot}). Null is
 *     {@code auto}, the default: timed and infinite searches use the table found in the usual places
 *     ({@link org.owarelab.tables.EndgameTable#defaultPlaces}: {@code OWARE_TABLES}, else the working
 *     directory) when there is one for the rule set, and depth- and node-limited searches use none,
 *     so that {@code depth=D} stays the same yardstick wherever it runs; {@value #TABLES_OFF} is
 *     none at all
 * @param lateMoveReductions search late quiet moves shallower first ({@link MoveOrder#reduction}; spec
 *     key {@code lmr=auto|true|false}): null (auto, the default) turns them on for timed and infinite
 *     searches and off for depth- and node-limited ones, so that {@code depth=D} stays a full-width
 *     D-ply search, the fixed yardstick that ladders, arenas and earlier figures use
 * @param aspiration search each iteration from depth {@value AlphaBetaAgent#ASPIRATION_FROM} in a
 *     window around the last iteration's score, widened on failure (spec key {@code asp}, default
 *     {@value #DEFAULT_ASPIRATION})
 * @param weights the evaluation's weights as {@code mobility/threat/small/kroo/side} centi-seeds
 *     (spec key {@code weights}, e.g. from {@code oware tune-eval}), null for the defaults
 * @param tableRoot a root the table covers exactly, with a distance, plays the table's move unsearched
 *     ({@link org.owarelab.agents.TableRoot}; spec key {@code table-root}, default true; false
 *     searches every root)
 */
public record AlphaBetaConfig(int depth, long movetimeMillis, long nodes, int ttMegabytes, boolean quiescence,
        boolean materialOnly, String tables, Boolean lateMoveReductions, boolean aspiration, String weights,
        boolean tableRoot) {
    /** The spec keys. */
    public static final Set<String> KEYS = Set.of("depth", "movetime", "nodes", "tt", "qs", "eval", "tables", "lmr",
            "asp", "weights", "table-root");
    /** The {@code tables} value for no table, even in a timed search. */
    public static final String TABLES_OFF = "off";
    /** Whether aspiration windows are on by default. */
    public static final boolean DEFAULT_ASPIRATION = false;
    /** The depth used when a spec gives no limit at all. */
    public static final int DEFAULT_DEPTH = 8;
    public static final int DEFAULT_TT_MB = 16;
    public static final AlphaBetaConfig DEFAULT = new AlphaBetaConfig(DEFAULT_DEPTH, 0, 0, DEFAULT_TT_MB, true, false);

    /** A configuration without endgame tables. */
    public AlphaBetaConfig(int depth, long movetimeMillis, long nodes, int ttMegabytes, boolean quiescence,
            boolean materialOnly) {
        this(depth, movetimeMillis, nodes, ttMegabytes, quiescence, materialOnly, null);
    }

    /** A configuration with the default search options (reductions, aspiration). */
    public AlphaBetaConfig(int depth, long movetimeMillis, long nodes, int ttMegabytes, boolean quiescence,
            boolean materialOnly, String tables) {
        this(depth, movetimeMillis, nodes, ttMegabytes, quiescence, materialOnly, tables, null,
                DEFAULT_ASPIRATION, null);
    }

    /** A configuration whose covered roots play the table's move (the default). */
    public AlphaBetaConfig(int depth, long movetimeMillis, long nodes, int ttMegabytes, boolean quiescence,
            boolean materialOnly, String tables, Boolean lateMoveReductions, boolean aspiration, String weights) {
        this(depth, movetimeMillis, nodes, ttMegabytes, quiescence, materialOnly, tables, lateMoveReductions, aspiration,
                weights, true);
    }

    public AlphaBetaConfig {
        if (depth < 0 || depth > Search.MAX_DEPTH) {
            throw new IllegalArgumentException("alphabeta depth must be 1.." + Search.MAX_DEPTH + " (0 = unset): " + depth);
        }
        if (movetimeMillis < 0 || nodes < 0) {
            throw new IllegalArgumentException("alphabeta movetime and nodes must be >= 0 (0 = unset)");
        }
        if (ttMegabytes < 0 || ttMegabytes > 16384) {
            throw new IllegalArgumentException("alphabeta tt must be 0..16384 MiB: " + ttMegabytes);
        }
        if (weights != null) {
            if (materialOnly) {
                throw new IllegalArgumentException("alphabeta weights and eval=material exclude each other");
            }
            Evaluation.Weights.parse(weights);
        }
        if (depth == 0 && movetimeMillis == 0 && nodes == 0) {
            depth = DEFAULT_DEPTH;
        }
    }

    /** A default configuration searching to {@code depth} plies. */
    public static AlphaBetaConfig ofDepth(int depth) {
        return new AlphaBetaConfig(depth, 0, 0, DEFAULT_TT_MB, true, false);
    }

    /** Reads a spec's options; absent limits are unset, and no limit at all means depth {@value #DEFAULT_DEPTH}. */
    public static AlphaBetaConfig fromSpec(AgentSpec spec) {
        spec.requireKeys(KEYS);
        String eval = spec.string("eval", "full");
        if (!eval.equals("full") && !eval.equals("material")) {
            throw spec.valueError("eval", "expected full or material");
        }
        String weights = spec.string("weights", null);
        if (weights != null) {
            try {
                weights = Evaluation.Weights.parse(weights).spec();
            } catch (IllegalArgumentException e) {
                throw spec.valueError("weights", e.getMessage());
            }
            if (eval.equals("material")) {
                throw spec.valueError("weights", "weights set the full evaluation's terms; leave out eval=material");
            }
        }
        return new AlphaBetaConfig(spec.integer("depth", 0, 1, Search.MAX_DEPTH), spec.integer("movetime", 0, 1,
                Integer.MAX_VALUE), longOption(spec, "nodes"), spec.integer("tt", DEFAULT_TT_MB, 0, 16384),
                spec.bool("qs", true), eval.equals("material"), tables(spec),
                lmr(spec), spec.bool("asp", DEFAULT_ASPIRATION), weights, spec.bool("table-root", true));
    }

    /** {@code tables}: auto (null, the default), off (also none or false) or a file. */
    private static String tables(AgentSpec spec) {
        String v = spec.string("tables", "auto");
        if (v.isBlank()) {
            throw spec.valueError("tables", "expected auto, off or a table file");
        }
        return switch (v) {
            case "auto" -> null;
            case "off", "none", "false" -> TABLES_OFF;
            default -> v;
        };
    }

    /** Whether {@code tables} names a file (not auto, not off). */
    public boolean tablesFile() {
        return tables != null && !tables.equals(TABLES_OFF);
    }

    /** {@code lmr}: auto (null, the default), true or false. */
    private static Boolean lmr(AgentSpec spec) {
        String v = spec.string("lmr", "auto");
        if (v.equals("auto")) {
            return null;
        }
        return spec.bool("lmr", false);
    }

    /** Whether late-move reductions are on for a search that is timed (or infinite) or not. */
    public boolean reductions(boolean timed) {
        return lateMoveReductions == null ? timed : lateMoveReductions;
    }

    private static long longOption(AgentSpec spec, String key) {
        String v = spec.string(key, null);
        if (v == null) {
            return 0;
        }
        try {
            long x = Long.parseLong(v);
            if (x >= 1) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw spec.valueError(key, "expected a whole number >= 1");
    }

    /** The limit of the spec, used when a decision's own limit sets none of depth, nodes, movetime or infinite. */
    public SearchLimit limit() {
        return new SearchLimit(depth, nodes, 0, movetimeMillis, false);
    }

    /** The canonical spec: the limits that are set, then the options that differ from the defaults. */
    public String spec() {
        StringBuilder sb = new StringBuilder("alphabeta");
        char sep = ':';
        if (depth > 0) {
            sb.append(sep).append("depth=").append(depth);
            sep = ',';
        }
        if (movetimeMillis > 0) {
            sb.append(sep).append("movetime=").append(movetimeMillis);
            sep = ',';
        }
        if (nodes > 0) {
            sb.append(sep).append("nodes=").append(nodes);
            sep = ',';
        }
        if (ttMegabytes != DEFAULT_TT_MB) {
            sb.append(sep).append("tt=").append(ttMegabytes);
            sep = ',';
        }
        if (!quiescence) {
            sb.append(sep).append("qs=false");
            sep = ',';
        }
        if (materialOnly) {
            sb.append(sep).append("eval=material");
            sep = ',';
        }
        if (lateMoveReductions != null) {
            sb.append(sep).append("lmr=").append(lateMoveReductions);
            sep = ',';
        }
        if (aspiration != DEFAULT_ASPIRATION) {
            sb.append(sep).append("asp=").append(aspiration);
            sep = ',';
        }
        if (weights != null) {
            sb.append(sep).append("weights=").append(weights);
            sep = ',';
        }
        if (!tableRoot) {
            sb.append(sep).append("table-root=false");
            sep = ',';
        }
        if (tables != null) {
            sb.append(sep).append("tables=").append(tables);
        }
        return sb.toString();
    }
}
