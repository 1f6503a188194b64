package org.owarelab.agents.puct;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.NetworkFiles;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;

/**
 * Builds {@code puct} agents. Keys (defaults in brackets):
 * {@code model} (none: uniform evaluator), {@code onnx} [none: an ONNX network file of the lab's
 * contract, docs/onnx-contract.md, instead of {@code model}] with {@code encoder} [planes/1: the
 * observation encoder it reads], {@code sims} [800], {@code movetime} [none: ms per
 * move when the caller sets no limit], {@code batch} [auto: 32 leaves per network call for a
 * search ended by the clock or a stop, 1 for a fixed simulation count],
 * {@code nodes} [2097152], {@code c} [1.25], {@code c-base} [19652, 0 = constant],
 * {@code fpu} [0.25], {@code fpu-root} [0], {@code noise} [0] and {@code alpha} [1.0]
 * (Dirichlet), {@code forced} [0] (forced playouts' k), {@code gumbel} [false],
 * {@code gumbel-m} [16], {@code gumbel-scale} [0], {@code temp} [0] and {@code temp-plies}
 * [all], {@code reuse} [true], {@code solver} [false] (MCTS-solver, {@link Tree#solver}),
 * {@code tables} [none: an endgame table file whose decided positions are terminal],
 * {@code margin} [0: the weight, at most 0.5, of the seed margin in the value of game ends and
 * table-decided leaves, so that among won lines the search prefers the one keeping most seeds],
 * {@code threads} [auto: every core for a search ended by the clock or a stop, 1 for a fixed
 * simulation count; threads of one search over one tree, {@link ThreadedSearch}],
 * {@code timeman} [true: under a game clock, stop settled moves early and spend the time saved on
 * the others, stretching unsure ones, {@link TimeManager}; it won its SPRTs against the plain
 * schedule, docs/agents.md; false: the plain schedule]. An explicit {@code sims} also caps a search timed by a movetime;
 * the default count does not (the clock governs). Noise, forced playouts and a Gumbel scale above 0 make the
 * searches exploring (as in self-play).
 *
 * <p>Models come from the {@link EvaluatorSource} the factory is given ({@link PuctAgent#factory});
 * without one, {@code model=} is refused. A factory bound to one model (no {@code model} key) has
 * a name of its caller's choosing and its own default {@code sims}. The factory closes its source
 * when closed.
 */
final class PuctAgentFactory implements AgentFactory {
    private static final Set<String> SEARCH_KEYS = Set.of("sims", "movetime", "batch", "nodes", "c", "c-base", "fpu", "fpu-root",
            "noise", "alpha", "forced", "gumbel", "gumbel-m", "gumbel-scale", "temp", "temp-plies", "reuse", "solver", "tables", "margin", "threads", "timeman");
    private static final Set<String> KEYS = union(union(union(SEARCH_KEYS, "model"), "onnx"), "encoder");
    /** The encoder of an {@code onnx=} spec without {@code encoder=}: the one the lab's networks read. */
    public static final String DEFAULT_ENCODER = "planes/1";

    /** Whether {@code solver} is on when the spec does not say. */
    static final boolean DEFAULT_SOLVER = false;

    private final String name;
    /** Opens the evaluators; null: no networks (model= is refused). */
    private final EvaluatorSource models;
    /** Whether specs name their model ({@code model=...}); else every agent uses {@code models.open(null, ...)}. */
    private final boolean modelKey;
    /** Opens the {@code onnx=} networks; null: onnx= is refused. */
    private final NetworkFiles files;
    /** Simulations per move when the spec gives no {@code sims}. */
    private final int defaultSims;

    PuctAgentFactory(String name, EvaluatorSource models, boolean modelKey, int defaultSims) {
        this(name, models, null, modelKey, defaultSims);
    }

    PuctAgentFactory(String name, EvaluatorSource models, NetworkFiles files, boolean modelKey, int defaultSims) {
        if (!modelKey && models == null) {
            throw new IllegalArgumentException("a puct factory bound to one model needs that model");
        }
        this.name = name;
        this.models = models;
        this.files = files;
        this.modelKey = modelKey;
        this.defaultSims = defaultSims;
    }

    private static Set<String> union(Set<String> keys, String key) {
        Set<String> s = new HashSet<>(keys);
        s.add(key);
        return Set.copyOf(s);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Set<String> keys() {
        return modelKey ? KEYS : SEARCH_KEYS;
    }

    @Override
    public String help() {
        String model = modelKey ? "model=PATH (checkpoint or run directory; without it uniform priors and value 0), "
                + "onnx=FILE (instead of model: an ONNX network of the lab's contract, docs/onnx-contract.md), encoder="
                + DEFAULT_ENCODER + " (what the onnx network reads)"
                : "over its bound model";
        return "PUCT tree search guided by a policy/value network: " + model + ", sims=" + defaultSims
                + ", movetime=MS (per move, when the caller sets no limit; the clock governs, capped only by an "
                + "explicit sims), batch=auto (leaves per network call: " + PuctAgent.AUTO_BATCH + " when the clock ends the search, "
                + "1 for a fixed sims count), c=1.25, "
                + "c-base=19652, fpu=0.25, fpu-root=0, noise=0, alpha=1.0, forced=0, gumbel=false, gumbel-m=16, "
                + "gumbel-scale=0, temp=0, temp-plies=all, reuse=true, nodes=2097152, solver=" + DEFAULT_SOLVER
                + " (MCTS-solver: proven wins/losses/draws propagate), tables=FILE (positions the endgame table "
                + "decides are terminal with their exact value), margin=0 (0-0.5: game ends and table-decided leaves are worth "
                + "(1-margin)*result + margin*seed margin, so that among wins the search prefers more seeds), threads=auto (threads of one search over one tree: "
                + "every core when the clock ends the search, 1 for a fixed sims count, so seeded games stay identical), "
                + "timeman=true (under a game clock: an early stop once the best move cannot change, the time saved "
                + "spent on the other moves, more for unsure ones; false: the plain schedule)";
    }

    /** {@code model=PATH} (a checkpoint or run directory), {@code onnx=FILE} and {@code tables=FILE} read files. */
    @Override
    public Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
        Map<String, AgentAccess.Reach> r = new LinkedHashMap<>();
        if (modelKey && !spec.string("model", "").isEmpty()) {
            r.put("model", AgentAccess.Reach.FILE);
        }
        if (modelKey && spec.has("onnx")) {
            r.put("onnx", AgentAccess.Reach.FILE);
        }
        if (spec.has("tables")) {
            r.put("tables", AgentAccess.Reach.FILE);
        }
        return r;
    }

    @Override
    public Agent create(AgentSpec spec, RuleSet rules, long seed) {
        boolean gumbel = spec.bool("gumbel", false);
        double noise = spec.real("noise", 0, 0, 1);
        double forced = spec.real("forced", 0, 0, 100);
        double gumbelScale = spec.real("gumbel-scale", 0, 0, 100);
        if (gumbel && (noise > 0 || forced > 0)) {
            throw spec.valueError("gumbel", "Gumbel selection explores by itself (expected no noise or forced "
                    + "beside it; use gumbel-scale for Gumbel noise)");
        }
        PuctConfig cfg = new PuctConfig(spec.real("c", 1.25, 0, 100), cBase(spec), spec.real("fpu", 0.25, -2, 2),
                spec.real("fpu-root", 0.0, -2, 2),
                new PuctConfig.RootNoise(spec.real("alpha", 1.0, 1e-6, 1000), noise),
                new PuctConfig.GumbelConfig(gumbel, spec.integer("gumbel-m", 16, 1, 64), gumbelScale, 50, 0.1),
                forced, spec.bool("reuse", true));
        double temp = spec.real("temp", 0, 0, 100);
        Temperature temperature = new Temperature(temp, spec.integer("temp-plies", Integer.MAX_VALUE, 0, Integer.MAX_VALUE), 0);
        PuctAgent.Options options = new PuctAgent.Options(spec.integer("sims", defaultSims, 1, 100_000_000),
                spec.string("sims", null) != null,
                batch(spec), spec.integer("nodes", 1 << 21, 16, 1 << 28), temperature,
                noise > 0 || forced > 0 || gumbel && gumbelScale > 0, spec.integer("movetime", 0, 1, 86_400_000),
                threads(spec), spec.bool("timeman", true));
        boolean solver = spec.bool("solver", DEFAULT_SOLVER);
        float margin = (float) spec.real("margin", 0, 0, 0.5);
        String tables = spec.string("tables", null);
        EndgameTable table = null;
        if (tables != null) {
            try {
                table = EndgameTable.cached(Path.of(tables), rules);
            } catch (RuntimeException e) {
                throw new AgentSpecException("agent spec '" + spec.text() + "': tables=" + tables + ": " + e.getMessage());
            }
        }
        Evaluator evaluator = evaluator(spec, rules);
        try {
            return new PuctAgent(spec.text(), rules, evaluator, true, cfg, options, seed).solver(solver, table, margin)
                    .helperEvaluators(() -> threadEvaluator(spec, rules));
        } catch (IllegalArgumentException e) {
            evaluator.close();
            throw new AgentSpecException("agent spec '" + spec.text() + "': " + e.getMessage());
        }
    }

    private Evaluator evaluator(AgentSpec spec, RuleSet rules) {
        if (!modelKey) {
            return models.open(null, rules);
        }
        String onnx = onnx(spec);
        if (onnx != null) {
            try {
                return files.open(onnx, spec.string("encoder", DEFAULT_ENCODER), rules);
            } catch (IllegalArgumentException e) {
                throw new AgentSpecException("agent spec '" + spec.text() + "': onnx=" + onnx + ": " + e.getMessage());
            }
        }
        String model = spec.string("model", null);
        if (model == null || model.isEmpty()) {
            return new UniformEvaluator(rules.houses());
        }
        if (models == null) {
            throw new AgentSpecException("agent spec '" + spec.text() + "': model=" + model + ": this command "
                    + "loads no networks (checkpoints are read through the model module's agent registry)");
        }
        return models.open(model, rules);
    }


    /** An evaluator for one more thread of a search ({@link EvaluatorSource#openForThread}). */
    private Evaluator threadEvaluator(AgentSpec spec, RuleSet rules) {
        if (!modelKey) {
            return models.openForThread(null, rules);
        }
        String onnx = onnx(spec);
        if (onnx != null) {
            return files.openForThread(onnx, spec.string("encoder", DEFAULT_ENCODER), rules);
        }
        String model = spec.string("model", null);
        return model == null || model.isEmpty() ? new UniformEvaluator(rules.houses()) : models.openForThread(model, rules);
    }

    /**
     * The spec's {@code onnx} file, or null without one; refuses {@code onnx} beside {@code model},
     * {@code encoder} without {@code onnx}, and {@code onnx} where this factory opens no files.
     */
    private String onnx(AgentSpec spec) {
        String onnx = spec.string("onnx", null);
        if (onnx == null || onnx.isEmpty()) {
            if (spec.has("encoder")) {
                throw spec.valueError("encoder", "names what an onnx=FILE network reads (expected onnx= beside it)");
            }
            return null;
        }
        if (!spec.string("model", "").isEmpty()) {
            throw spec.valueError("onnx", "expected one network: model=PATH or onnx=FILE, not both");
        }
        if (files == null) {
            throw new AgentSpecException("agent spec '" + spec.text() + "': onnx=" + onnx + ": this command "
                    + "runs no ONNX networks (they are opened through the model or onnx module's agent registry)");
        }
        return onnx;
    }

    /** {@code threads=auto} (or absent) is 0, else 1..{@link PuctAgent.Options#MAX_THREADS}. */
    private static int threads(AgentSpec spec) {
        String t = spec.string("threads", "auto");
        return t.equals("auto") ? 0 : spec.integer("threads", 0, 1, PuctAgent.Options.MAX_THREADS);
    }

    @Override
    public void close() {
        try {
            if (models != null) {
                models.close();
            }
        } finally {
            if (files != null) {
                files.close();
            }
        }
    }

    /** {@code batch=auto} (or absent) is 0, else 1..1024. */
    private static int batch(AgentSpec spec) {
        String b = spec.string("batch", "auto");
        return b.equals("auto") ? 0 : spec.integer("batch", 0, 1, 1024);
    }

    private static double cBase(AgentSpec spec) {
        double b = spec.real("c-base", 19652, 0, 1e12);
        if (b > 0 && b < 1) {
            throw spec.valueError("c-base", "expected 0 or >= 1");
        }
        return b;
    }
}
