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
 * Builds {@code puct} agents. Keys: the network, {@code model} (none: uniform evaluator) or
 * {@code onnx} [none: an ONNX network file of the lab's contract, docs/onnx-contract.md, instead of
 * {@code model}] with {@code encoder} [planes/1: the observation encoder it reads]; and the search
 * settings, each {@link SearchOption}'s spec key or alias with its range and default (the help
 * lists them): {@code simulations} (alias {@code sims}), {@code movetime}, {@code batch},
 * {@code nodes}, {@code c}, {@code c-base}, {@code fpu}, {@code fpu-root}, {@code noise},
 * {@code alpha}, {@code forced}, {@code gumbel}, {@code gumbel-m}, {@code gumbel-scale},
 * {@code temp}, {@code temp-plies}, {@code reuse}, {@code solver} ({@link Tree#solver}),
 * {@code tables}, {@code margin}, {@code threads} ({@link ThreadedSearch}) and {@code timeman}
 * ({@link TimeManager}; it won its SPRTs against the plain schedule, docs/agents.md). An explicit
 * simulation count also caps a search timed by a movetime; the default count does not (the clock
 * governs). Noise, forced playouts and a Gumbel scale above 0 make the searches exploring (as in
 * self-play).
 *
 * <p>Models come from the {@link EvaluatorSource} the factory is given ({@link PuctAgent#factory});
 * without one, {@code model=} is refused. A factory bound to one model (no {@code model} key) has
 * a name of its caller's choosing and its own default {@code sims}. The factory closes its source
 * when closed.
 */
final class PuctAgentFactory implements AgentFactory {
    /** Every {@link SearchOption}'s spec key and aliases: the keys of a factory bound to one model. */
    private static final Set<String> SEARCH_KEYS = SearchOption.allSpecKeys();
    /** The keys that choose the network rather than set the search: not in {@link SearchOption}. */
    static final Set<String> NETWORK_KEYS = Set.of("model", "onnx", "encoder");
    private static final Set<String> KEYS = union(SEARCH_KEYS, NETWORK_KEYS);
    /** The encoder of an {@code onnx=} spec without {@code encoder=}: the one the lab's networks read. */
    public static final String DEFAULT_ENCODER = "planes/1";

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

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> s = new HashSet<>(a);
        s.addAll(b);
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
        StringBuilder h = new StringBuilder("PUCT tree search guided by a policy/value network: ").append(model);
        for (SearchOption o : SearchOption.values()) {
            if (o.specKey() == null) {
                continue;
            }
            String shown = o == SearchOption.SIMULATIONS ? Integer.toString(defaultSims)
                    : o.type() == SearchOption.Type.TEXT ? "FILE" : o.shownDefault();
            h.append(", ").append(o.specKey());
            for (String alias : o.aliases()) {
                h.append('|').append(alias);
            }
            h.append('=').append(shown).append(" (").append(o.description()).append(')');
        }
        return h.toString();
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
        boolean gumbel = SearchOption.GUMBEL.bool(spec);
        double noise = SearchOption.NOISE.real(spec);
        double forced = SearchOption.FORCED.real(spec);
        double gumbelScale = SearchOption.GUMBEL_SCALE.real(spec);
        if (gumbel && (noise > 0 || forced > 0)) {
            throw spec.valueError("gumbel", "Gumbel selection explores by itself (expected no noise or forced "
                    + "beside it; use gumbel-scale for Gumbel noise)");
        }
        PuctConfig cfg = new PuctConfig(SearchOption.C_PUCT.real(spec), cBase(spec), SearchOption.FPU.real(spec),
                SearchOption.FPU_ROOT.real(spec), new PuctConfig.RootNoise(SearchOption.ALPHA.real(spec), noise),
                new PuctConfig.GumbelConfig(gumbel, SearchOption.GUMBEL_M.integer(spec), gumbelScale,
                        SearchOption.GUMBEL_C_VISIT.realDefault(), SearchOption.GUMBEL_C_SCALE.realDefault()),
                forced, SearchOption.REUSE.bool(spec));
        Temperature temperature = new Temperature(SearchOption.TEMPERATURE.real(spec),
                SearchOption.TEMPERATURE_PLIES.integer(spec), SearchOption.TEMPERATURE_AFTER.realDefault());
        PuctOptions options = PuctOptions.DEFAULT
                .withSimulations(SearchOption.SIMULATIONS.integer(spec, defaultSims))
                .withCapsTimed(SearchOption.SIMULATIONS.isSet(spec))
                .withBatch(SearchOption.BATCH.auto(spec))
                .withMaxNodes(SearchOption.NODES.integer(spec))
                .withTemperature(temperature)
                .withExplore(noise > 0 || forced > 0 || gumbel && gumbelScale > 0)
                .withMovetimeMillis(SearchOption.MOVETIME.integer(spec))
                .withThreads(SearchOption.THREADS.auto(spec))
                .withTimeManaged(SearchOption.TIME_MANAGER.bool(spec));
        boolean solver = SearchOption.SOLVER.bool(spec);
        float margin = (float) SearchOption.MARGIN.real(spec);
        String tables = SearchOption.TABLES.text(spec);
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
                    .tableRoot(SearchOption.TABLE_ROOT.bool(spec))
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

    private static double cBase(AgentSpec spec) {
        double b = SearchOption.C_BASE.real(spec);
        if (b > 0 && b < 1) {
            throw spec.valueError("c-base", "expected 0 or >= 1");
        }
        return b;
    }
}
