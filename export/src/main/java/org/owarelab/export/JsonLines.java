package org.owarelab.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
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
 * The JSON-lines mode for scripts (the UCI engine is for GUIs): one request per input line, one
 * reply per line, in order. Request: a JSON object with {@code position} (position text, default
 * the start), {@code moves} (one token of move letters played from it, default none), and
 * optionally {@code movetime} (ms), {@code nodes}, {@code sims}, {@code depth} (each a whole
 * number >= 0; none: the agent's own limit), {@code seed} (default the server's) and {@code id}
 * (any JSON, echoed). Reply: {@code {"move": "C", "value": 0.31, "policy": [...], "pv": "CfA",
 * "nodes": N, "depth": D, "timeMs": T}} with {@code id} when given; {@code value} and
 * {@code policy} (one number per house of the mover, from its left) are from the side to move's
 * view. A line that cannot be answered (not JSON, an unknown field, a bad position or move, a
 * finished game, an agent failure) gets {@code {"error": "..."}} (with its {@code id} when
 * readable) and the process goes on; blank lines are skipped.
 *
 * <p>Each request is answered from scratch: the agent is reset with the request's seed, so a
 * reply depends only on the request (time limits excepted). The agent is built at the first
 * request and reused; not thread-safe (one reader).
 */
public final class JsonLines {
    private static final Set<String> FIELDS = Set.of("id", "position", "moves", "movetime", "nodes", "sims", "depth",
            "seed");
    private static final ObjectMapper JSON = new ObjectMapper();

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
    public JsonLines(AgentRegistry agents, String agentSpec, RuleSet rules, long seed) {
        this.agents = agents;
        this.agentSpec = agentSpec;
        this.rules = rules;
        this.seed = seed;
    }

    /**
     * Serves on this process's stdin and stdout until the end of the input, after pointing
     * {@code System.out} at stderr so that stray prints of any library cannot corrupt the replies.
     *
     * @throws IllegalArgumentException for an agent spec that cannot be built ({@link AgentRegistry#checkAll}),
     *     before anything is read
     */
    public static int serve(AgentRegistry agents, String agentSpec, RuleSet rules, long seed) throws IOException {
        agents.checkAll(java.util.List.of(agentSpec), rules);
        System.setOut(System.err);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), false);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return new JsonLines(agents, agentSpec, rules, seed).run(in, out);
    }

    /** Answers every line of {@code in} until its end; returns the exit status (0). */
    public int run(BufferedReader in, PrintWriter out) throws IOException {
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    out.println(answer(line));
                    out.flush();
                }
            }
            return 0;
        } finally {
            if (agent != null) {
                agent.close();
            }
        }
    }

    /** The reply line to one request line. */
    String answer(String line) {
        JsonNode id = null;
        try {
            JsonNode req;
            try {
                req = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("not a JSON object: " + Texts.jsonProblem(e.getOriginalMessage()));
            }
            if (req == null || !req.isObject()) {
                throw new IllegalArgumentException("expected a JSON object per line");
            }
            id = req.get("id");
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
            Agent a = agent();
            a.reset(req.has("seed") ? number(req, "seed", Long.MAX_VALUE) : seed);
            return reply(id, board, a.decide(board, limit, SearchMonitor.NONE));
        } catch (RuntimeException e) {
            ObjectNode err = JSON.createObjectNode();
            if (id != null) {
                err.set("id", id);
            }
            return err.put("error", Texts.reason(e)).toString();
        }
    }

    private Agent agent() {
        if (agent == null) {
            agent = agents.create(agentSpec, rules, seed);
        }
        return agent;
    }

    private static String reply(JsonNode id, Board board, Decision d) {
        ObjectNode r = JSON.createObjectNode();
        if (id != null) {
            r.set("id", id);
        }
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
        return r.toString();
    }

    private static String text(JsonNode req, String field) {
        JsonNode n = req.get(field);
        if (!n.isTextual()) {
            throw new IllegalArgumentException("'" + field + "' must be a string, got " + Texts.escape(n.toString()));
        }
        return n.asText();
    }

    private static long number(JsonNode req, String field, long max) {
        JsonNode n = req.get(field);
        if (n == null) {
            return 0;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0 || n.asLong() > max) {
            throw new IllegalArgumentException("'" + field + "' must be a whole number 0.." + max + ", got "
                    + Texts.escape(n.toString()));
        }
        return n.asLong();
    }
}
