package org.owarelab.protocol.jsonl;

import static org.owarelab.protocol.jsonl.JsonLines.JSON;
import static org.owarelab.protocol.jsonl.JsonLines.number;
import static org.owarelab.protocol.jsonl.JsonLines.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.StepInfo;
import org.owarelab.env.TimeStep;
import org.owarelab.protocol.bridge.FlatEnv;
import org.owarelab.protocol.bridge.FlatVectorEnv;
import org.owarelab.rules.Board;
import org.owarelab.rules.BoardDiagram;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;
import org.owarelab.util.Texts;

/**
 * The environment protocol over {@link JsonLines} ({@code oware jsonl --env}): the Gym-like
 * {@link OwareEnv} driven by one JSON request per line, for scripts and notebooks in any language.
 * Every request names an {@code op}:
 * <ul>
 *   <li>{@code reset} ({@code rules}, {@code env} as {@link EnvConfig#parse}, {@code seed},
 *       {@code position}: all optional) starts an episode and answers a time step;</li>
 *   <li>{@code step} ({@code action}: the mover's house from its left, or {@code move}: its
 *       letter) plays it for the side to move and answers a time step;</li>
 *   <li>{@code legal} answers the legal actions, {@code render} the board diagram and position text;</li>
 *   <li>{@code agent} ({@code agent}: a spec, and optionally {@code seed}, {@code sims},
 *       {@code depth}, {@code nodes}, {@code movetime}) asks that agent for a move in the current
 *       position without playing it;</li>
 *   <li>{@code check} ({@code agent}: a spec) builds that agent as {@code agent} would (every value
 *       checked, a checkpoint loaded, an engine started) without asking it for a move, and answers
 *       {@code {"agent": spec}}: how a client checks an opponent whose one move may take minutes;</li>
 *   <li>{@code vreset} ({@code count}: 1..{@value #MAX_VECTOR}, {@code rules}, {@code env},
 *       {@code seed}: any 64-bit integer) starts {@code count} games in lock-step (the lab's
 *       {@code VectorEnv}, independent of the single episode) and {@code vstep} ({@code actions}:
 *       one house per game) steps them all, auto-resetting the ones that end. Both answer
 *       {@code {"count", "fields", "size", "rows"}}: {@code rows} is {@code FlatVectorEnv}'s array,
 *       {@code count} rows of {@code fields} numbers ({@code FlatEnv}'s indices) then the
 *       observation; {@code vstep} adds {@code "final"} (the last observations, all rows) when a
 *       game ended, and {@code vreset} {@code "endReasons"} (the texts of the end-reason indices).
 *       The Python package's subprocess backend drives its vector env through these.</li>
 * </ul>
 * A time step is {@code {"observation", "legal", "legalMask", "moves", "toMove", "reward":
 * {"south", "north"}, "terminated", "truncated", "done", "info", "position"}}: the observation is
 * canonical from the side to move, rewards per absolute side and zero-sum, as in {@link TimeStep}.
 * Any request may carry an {@code id}, echoed. A request that cannot be answered gets
 * {@code {"error": "..."}} and the episode is unchanged.
 *
 * <p>Ops are a table of name, fields and handler ({@link #op}), so an op is added in one place.
 * Agent specs come from the input: the registry given is the caller's
 * {@link AgentRegistry#restricted} view, so a spec that starts a program or reads a file is refused
 * unless the command line allowed it. Agents are built on first use per spec and kept until the
 * rules change; each {@code agent} request resets its agent with the request's seed, so replies
 * depend only on the request (time limits excepted). Not thread-safe (one reader).
 */
public final class EnvProtocol implements JsonLines.Protocol {
    /** An op: the fields it takes (besides {@code op} and {@code id}) and what answers it. */
    private record Op(Set<String> fields, Function<JsonNode, ObjectNode> handler) {
    }

    private final Map<String, Op> ops = new LinkedHashMap<>();
    private final AgentRegistry agents;
    private final long seed;
    private final Map<String, Agent> built = new HashMap<>();
    /** The vector env of {@code vreset}/{@code vstep}; null until the first {@code vreset}. */
    private FlatVectorEnv vector;
    private OwareEnv env;
    private boolean started;

    /**
     * @param agents builds the agents of {@code agent} requests (owned by the caller; a
     *     {@link AgentRegistry#restricted} view, since the specs come from the input)
     * @param rules the rules of a {@code reset} that names none
     * @param seed the seed of requests that give none
     */
    public EnvProtocol(AgentRegistry agents, RuleSet rules, long seed) {
        this.agents = agents;
        this.seed = seed;
        this.env = new OwareEnv(EnvConfig.defaults(rules));
        op("reset", Set.of("rules", "env", "seed", "position"), this::reset);
        op("step", Set.of("action", "move"), req -> timeStep(step(req)));
        op("legal", Set.of(), req -> legal());
        op("render", Set.of(), req -> render());
        op("agent", Set.of("agent", "seed", "sims", "depth", "nodes", "movetime"), this::agent);
        op("check", Set.of("agent"), this::check);
        op("vreset", Set.of("count", "rules", "env", "seed"), this::vreset);
        op("vstep", Set.of("actions"), this::vstep);
    }

    /**
     * Adds (or replaces) the op {@code name}: requests may carry {@code fields} besides {@code op}
     * and {@code id}, and {@code handler} answers them (throwing for a request it refuses, which
     * must then leave the episode unchanged).
     */
    void op(String name, Set<String> fields, Function<JsonNode, ObjectNode> handler) {
        Set<String> all = new HashSet<>(fields);
        all.add("op");
        all.add("id");
        ops.put(name, new Op(Set.copyOf(all), handler));
    }

    @Override
    public ObjectNode answer(JsonNode req) {
        String op = req.has("op") ? text(req, "op") : "";
        Op o = ops.get(op);
        if (o == null) {
            throw new IllegalArgumentException("unknown op '" + Texts.escape(op) + "' (expected one of "
                    + String.join(", ", ops.keySet()) + ")");
        }
        for (Iterator<String> it = req.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!o.fields().contains(f)) {
                throw new IllegalArgumentException("unknown field '" + Texts.escape(f) + "' for op " + op
                        + " (expected " + new TreeSet<>(o.fields()) + ")");
            }
        }
        return o.handler().apply(req);
    }

    private ObjectNode reset(JsonNode req) {
        RuleSet rules = req.has("rules") ? RuleSet.parse(text(req, "rules")) : env.config().rules();
        EnvConfig config = EnvConfig.parse(req.has("env") ? text(req, "env") : "", rules);
        Position start = req.has("position") ? Position.parse(text(req, "position"), rules) : null;
        long s = req.has("seed") ? number(req, "seed", Long.MAX_VALUE) : seed;
        OwareEnv next = new OwareEnv(config);
        TimeStep t = start == null ? next.reset(s) : next.reset(start, s);
        if (!rules.equals(env.config().rules())) {
            close();
        }
        env = next;
        started = true;
        ObjectNode r = timeStep(t);
        r.put("observationSize", env.observationSize()).put("actionCount", env.actionCount())
                .put("encoder", env.encoder().tag()).put("rules", rules.spec()).put("env", config.spec());
        return r;
    }

    /** The most games one {@code vreset} may start. */
    static final int MAX_VECTOR = 65_536;

    private ObjectNode vreset(JsonNode req) {
        long count = number(req, "count", MAX_VECTOR);
        if (count < 1) {
            throw new IllegalArgumentException("'count' must be a whole number 1.." + MAX_VECTOR + ", got "
                    + (req.has("count") ? Texts.escape(req.get("count").toString()) : "none"));
        }
        JsonNode sn = req.get("seed");
        if (sn != null && (!sn.isIntegralNumber() || !sn.canConvertToLong())) {
            throw new IllegalArgumentException("'seed' must be a 64-bit whole number, got " + Texts.escape(sn.toString()));
        }
        long s = sn == null ? seed : sn.asLong();
        String rules = req.has("rules") ? text(req, "rules") : env.config().rules().spec();
        String options = req.has("env") ? text(req, "env") : "";
        FlatVectorEnv next = new FlatVectorEnv(rules, options, (int) count);
        float[] rows = next.reset(s);
        vector = next;
        ObjectNode r = rows(rows);
        ArrayNode reasons = r.putArray("endReasons");
        for (String t : FlatEnv.endReasons()) {
            reasons.add(t);
        }
        return r;
    }

    private ObjectNode vstep(JsonNode req) {
        if (vector == null) {
            throw new IllegalStateException("vector env: step before reset: send vreset first");
        }
        JsonNode a = req.get("actions");
        int count = vector.vector().count();
        if (a == null || !a.isArray()) {
            throw new IllegalArgumentException("'actions' must be an array of " + count + " whole numbers");
        }
        int[] actions = new int[a.size()];
        for (int i = 0; i < actions.length; i++) {
            JsonNode n = a.get(i);
            if (!n.isIntegralNumber() || !n.canConvertToInt()) {
                throw new IllegalArgumentException("'actions'[" + i + "] must be a whole number, got "
                        + Texts.escape(n.toString()));
            }
            actions[i] = n.asInt();
        }
        float[] rows = vector.step(actions); // checks every action before any game moves
        ObjectNode r = rows(rows);
        boolean ended = false;
        for (int i = 0; i < count; i++) {
            ended |= vector.vector().terminated()[i] || vector.vector().truncated()[i];
        }
        if (ended) {
            ArrayNode f = r.putArray("final");
            for (float x : vector.finalObservations()) {
                f.add(x);
            }
        }
        return r;
    }

    private ObjectNode rows(float[] rows) {
        ObjectNode r = JSON.createObjectNode();
        r.put("count", vector == null ? 0 : vector.vector().count()).put("fields", FlatEnv.FIELDS)
                .put("size", vector == null ? 0 : vector.vector().observationSize());
        ArrayNode a = r.putArray("rows");
        for (float x : rows) {
            a.add(x);
        }
        return r;
    }

    private TimeStep step(JsonNode req) {
        Board board = liveBoard();
        int action;
        if (req.has("move") == req.has("action")) {
            throw new IllegalArgumentException("step needs exactly one of 'action' (0.." + (env.actionCount() - 1)
                    + ") or 'move' (a letter)");
        } else if (req.has("move")) {
            String m = text(req, "move").trim();
            if (m.length() != 1) {
                throw new IllegalArgumentException("'move' must be one letter, got '" + Texts.escape(m) + "'");
            }
            action = Moves.parse(board, m.charAt(0));
        } else {
            long a = number(req, "action", env.actionCount() - 1L);
            action = Moves.parse(board, Moves.letter(board.toMove(), (int) a)); // the rules say why it is illegal
        }
        return env.step(action);
    }

    private ObjectNode legal() {
        Board board = liveBoard();
        ObjectNode r = JSON.createObjectNode();
        legal(r, board.legalMask(), board.toMove());
        return r.put("toMove", Side.name(board.toMove()));
    }

    private ObjectNode render() {
        requireEpisode();
        Board board = env.board();
        return JSON.createObjectNode().put("text", BoardDiagram.draw(board)).put("position", board.text());
    }

    private ObjectNode agent(JsonNode req) {
        Board board = liveBoard();
        Agent a = built(req);
        SearchLimit limit = new SearchLimit((int) number(req, "depth", 10_000), number(req, "nodes", Long.MAX_VALUE),
                (int) number(req, "sims", Integer.MAX_VALUE), number(req, "movetime", 86_400_000), false);
        a.reset(req.has("seed") ? number(req, "seed", Long.MAX_VALUE) : seed);
        Decision d = a.decide(board, limit, SearchMonitor.NONE);
        ObjectNode r = JSON.createObjectNode();
        r.put("action", d.move()).put("move", String.valueOf(Moves.letter(board.toMove(), d.move())))
                .put("value", d.value());
        ArrayNode policy = r.putArray("policy");
        for (float p : d.policy()) {
            policy.add(p);
        }
        return r.put("agent", a.spec());
    }

    private ObjectNode check(JsonNode req) {
        return JSON.createObjectNode().put("agent", built(req).spec());
    }

    /** The agent of the request's {@code agent} spec, built on first use under the episode's rules. */
    private Agent built(JsonNode req) {
        if (!req.has("agent")) {
            throw new IllegalArgumentException("op " + text(req, "op") + " needs 'agent' (a spec, e.g. greedy or "
                    + "alphabeta:depth=4)");
        }
        String spec = text(req, "agent");
        Agent a = built.get(spec);
        if (a == null) {
            a = agents.create(spec, env.config().rules(), seed);
            built.put(spec, a);
        }
        return a;
    }

    /** The board of a running episode. */
    private Board liveBoard() {
        requireEpisode();
        if (env.isDone()) {
            throw new IllegalStateException("the episode is over (" + (env.board().isOver() ? env.board().endReason()
                    : "truncated at the ply cap") + "): send {\"op\": \"reset\"}");
        }
        return env.board();
    }

    private void requireEpisode() {
        if (!started) {
            throw new IllegalStateException("no episode: send {\"op\": \"reset\"} first");
        }
    }

    private ObjectNode timeStep(TimeStep t) {
        ObjectNode r = JSON.createObjectNode();
        ArrayNode obs = r.putArray("observation");
        for (float x : t.observation()) {
            obs.add(x);
        }
        legal(r, t.legalMask(), t.toMove());
        r.put("toMove", Side.name(t.toMove()));
        r.putObject("reward").put("south", t.southReward()).put("north", t.northReward());
        r.put("terminated", t.terminated()).put("truncated", t.truncated()).put("done", t.done());
        StepInfo i = t.info();
        r.putObject("info").put("southStore", i.southStore()).put("northStore", i.northStore())
                .put("southScore", i.southScore()).put("northScore", i.northScore()).put("ply", i.ply())
                .put("endReason", i.endReason() == null ? null : i.endReason().text()).put("captured", i.captured());
        return r.put("position", env.board().text());
    }

    private static void legal(ObjectNode r, int mask, int side) {
        ArrayNode legal = r.putArray("legal");
        for (int a = 0; a < 32; a++) {
            if ((mask >>> a & 1) != 0) {
                legal.add(a);
            }
        }
        r.put("legalMask", mask).put("moves", Moves.letters(side, mask));
    }

    /** Closes the agents built so far. */
    @Override
    public void close() {
        for (Agent a : built.values()) {
            a.close();
        }
        built.clear();
    }
}
