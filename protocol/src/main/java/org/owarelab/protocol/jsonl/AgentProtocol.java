package org.owarelab.protocol.jsonl;

import static org.owarelab.protocol.jsonl.JsonLines.JSON;
import static org.owarelab.protocol.jsonl.JsonLines.number;
import static org.owarelab.protocol.jsonl.JsonLines.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;

/**
 * The agent protocol over {@link JsonLines} ({@code oware jsonl --agent SPEC}, an exported
 * bundle's {@code engine --jsonl}), for scripts (the UCI engine is for GUIs). Request: a JSON
 * object with {@code position} (position text, default the start), {@code moves} (one token of
 * move letters played from it, default none), and optionally {@code movetime} (ms), {@code nodes},
 * {@code sims}, {@code depth} (each a whole number >= 0; none: the agent's own limit), {@code seed}
 * (default the server's) and {@code id} (any JSON, echoed). Reply: {@code {"move": "C", "value":
 * 0.31, "policy": [...], "pv": "CfA", "nodes": N, "depth": D, "timeMs": T}} with {@code id} when
 * given; {@code value} and {@code policy} (one number per house of the mover, from its left) are
 * from the side to move's view. A request that cannot be answered (an unknown field, a bad position
 * or move, a finished game, an agent failure) gets {@code {"error": "..."}}.
 *
 * <p>The agent is the one given on the command line: no request names another. Each request is
 * answered from scratch: the agent is reset with the request's seed, so a reply depends only on
 * the request (time limits excepted). The agent is built at the first request and reused; not
 * thread-safe (one reader).
 */
public final class AgentProtocol implements JsonLines.Protocol {
    private static final Set<String> FIELDS = Set.of("id", "position", "moves", "movetime", "nodes", "sims", "depth",
            "seed");

    private final AgentRegistry agents;
    private final String agentSpec;
    private final RuleSet rules;
    private final long seed;
    private Agent agent;

    /**
     * @param agents builds the agent (owned by the caller)
     * @param agentSpec the agent answering the requests
     * @param seed the seed of requests that give none
     */
    public AgentProtocol(AgentRegistry agents, String agentSpec, RuleSet rules, long seed) {
        this.agents = agents;
        this.agentSpec = agentSpec;
        this.rules = rules;
        this.seed = seed;
    }

    /**
     * Serves {@code agentSpec} on this process's stdin and stdout ({@link JsonLines#serve}) after
     * building it once ({@link AgentRegistry#checkAll}).
     *
     * @throws IllegalArgumentException for an agent spec that cannot be built, before anything is read
     */
    public static int serve(AgentRegistry agents, String agentSpec, RuleSet rules, long seed) throws IOException {
        agents.checkAll(List.of(agentSpec), rules);
        return JsonLines.serve(new AgentProtocol(agents, agentSpec, rules, seed));
    }

    @Override
    public ObjectNode answer(JsonNode req) {
        for (Iterator<String> it = req.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw new IllegalArgumentException("unknown field '" + Texts.escape(f) + "' (expected " + FIELDS + ")");
            }
        }
        Board board = new Board(req.has("position") ? Position.parse(text(req, "position"), rules)
                : Position.start(rules));
        Moves.playAll(board, req.has("moves") ? text(req, "moves") : "");
        if (board.isOver()) {
            throw new IllegalArgumentException("the game is over (" + board.endReason() + ")");
        }
        SearchLimit limit = new SearchLimit((int) number(req, "depth", 10_000), number(req, "nodes", Long.MAX_VALUE),
                (int) number(req, "sims", Integer.MAX_VALUE), number(req, "movetime", 86_400_000), false);
        if (agent == null) {
            agent = agents.create(agentSpec, rules, seed);
        }
        agent.reset(req.has("seed") ? number(req, "seed", Long.MAX_VALUE) : seed);
        return reply(board, agent.decide(board, limit, SearchMonitor.NONE));
    }

    private static ObjectNode reply(Board board, Decision d) {
        ObjectNode r = JSON.createObjectNode();
        int side = board.toMove();
        r.put("move", String.valueOf(Moves.letter(side, d.move())));
        r.put("value", d.value());
        ArrayNode policy = r.putArray("policy");
        for (float p : d.policy()) {
            policy.add(p);
        }
        StringBuilder pv = new StringBuilder();
        int s = side;
        for (int m : d.pv()) {
            pv.append(Moves.letter(s, m));
            s = 1 - s;
        }
        r.put("pv", pv.toString());
        r.put("nodes", d.nodes()).put("depth", d.depth()).put("timeMs", d.timeNanos() / 1_000_000);
        return r;
    }

    @Override
    public void close() {
        if (agent != null) {
            agent.close();
            agent = null;
        }
    }
}
