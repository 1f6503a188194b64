package org.owarelab.play.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Set;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.protocol.jsonl.StrictJson;
import org.owarelab.util.Texts;

/**
 * What {@link PlayServer} reads of a request: the method it allows, the body within a byte
 * limit (a larger declared length refused before a byte is read), the body as a strict JSON
 * object (duplicate keys, unknown fields and trailing text refused) and its string fields. Every
 * refusal is an {@link ApiException} with the HTTP status to answer.
 */
final class Requests {
    private static final ObjectMapper JSON = StrictJson.MAPPER;

    private Requests() {
    }

    static void allow(String method, String... allowed) {
        for (String a : allowed) {
            if (a.equals(method)) {
                return;
            }
        }
        throw new ApiException(405, "method " + Texts.escape(method) + " not allowed here (expected "
                + String.join(" or ", allowed) + ")");
    }

    /**
     * The request body, at most {@code max} bytes: a larger declared length is refused (413)
     * before a byte of it is read, a larger chunked body once it passes the limit.
     */
    static byte[] readBody(HttpExchange ex, int max) throws IOException {
        String declared = ex.getRequestHeaders().getFirst("Content-Length");
        if (declared != null) {
            long length;
            try {
                length = Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                throw new ApiException(400, "Content-Length '" + Texts.escape(declared) + "' is not a number");
            }
            if (length > max) {
                throw new ApiException(413, "request body of " + length + " bytes is over " + max + " bytes");
            }
        }
        byte[] bytes;
        try (InputStream in = ex.getRequestBody()) {
            bytes = in.readNBytes(max + 1);
        }
        if (bytes.length > max) {
            throw new ApiException(413, "request body over " + max + " bytes");
        }
        return bytes;
    }

    /** The request body as a JSON object with only the {@code fields} named; empty means {@code {}}. */
    static JsonNode body(byte[] bytes, Set<String> fields) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return JSON.createObjectNode();
        }
        JsonNode body;
        try {
            body = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ApiException(400, "request body is not JSON: " + Texts.jsonProblem(e.getOriginalMessage()));
        }
        if (body == null || !body.isObject()) {
            throw new ApiException(400, "request body must be a JSON object, got " + Texts.escape(text.strip()));
        }
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!fields.contains(f)) {
                throw new ApiException(400, "unknown field '" + Texts.escape(f) + "' (expected "
                        + (fields.isEmpty() ? "none" : String.join(", ", fields)) + ")");
            }
        }
        return body;
    }

    static String text(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (!n.isTextual()) {
            throw new ApiException(400, "'" + field + "' must be a string, got " + Texts.escape(n.toString()));
        }
        return n.asText();
    }

    /** The most a page may ask an agent to think for one move: well inside the request time limit. */
    static final int MAX_MOVETIME_MS = 10_000;
    static final int MAX_SIMULATIONS = 1_000_000;
    /** The body fields that set the agent's search limit, in a new game's and a move's body. */
    static final Set<String> LIMIT_FIELDS = Set.of("movetimeMs", "sims");

    /**
     * The agent's limit the body asks for ({@code "movetimeMs": N} or {@code "sims": N}), or
     * {@link SearchLimit#NONE} (the agent spec's own) when it names none.
     */
    static SearchLimit limit(JsonNode body) {
        if (body.has("movetimeMs") && body.has("sims")) {
            throw new ApiException(400, "give 'movetimeMs' or 'sims', not both");
        }
        if (body.has("movetimeMs")) {
            return SearchLimit.movetime(whole(body, "movetimeMs", MAX_MOVETIME_MS));
        }
        if (body.has("sims")) {
            return SearchLimit.simulations(whole(body, "sims", MAX_SIMULATIONS));
        }
        return SearchLimit.NONE;
    }

    /**
     * The agent spec of a new game: {@code agentSpec}, or with {@code "elo": N} in the body the spec
     * that plays the level nearest N ({@code agentSpec} with {@code elo=N}).
     *
     * @throws ApiException 400 for an Elo beside a limit, not a number, outside the levels' range, or
     *     asked of an agent without levels ({@code levels} null)
     */
    static String levelSpec(JsonNode body, String agentSpec, StrengthLevels levels) {
        if (!body.has("elo")) {
            return agentSpec;
        }
        if (levels == null) {
            throw new ApiException(400, "'elo': " + Texts.escape(agentSpec) + " has no calibrated levels");
        }
        if (body.has("movetimeMs") || body.has("sims")) {
            throw new ApiException(400, "give 'elo' or a limit ('movetimeMs', 'sims'), not both: a level sets the search");
        }
        JsonNode n = body.get("elo");
        if (!n.isNumber() || !(n.asDouble() >= levels.minElo() && n.asDouble() <= levels.maxElo())) {
            throw new ApiException(400, "'elo' must be a number " + levels.minElo() + ".." + levels.maxElo()
                    + " (the calibrated range), got " + Texts.escape(n.toString()));
        }
        return AgentSpec.parse(agentSpec).withOption(StrengthLevels.SPEC_KEY, Long.toString(Math.round(n.asDouble())));
    }

    private static int whole(JsonNode body, String field, int max) {
        JsonNode n = body.get(field);
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 1 || n.asInt() > max) {
            throw new ApiException(400, "'" + field + "' must be a whole number 1.." + max + ", got "
                    + Texts.escape(n.toString()));
        }
        return n.asInt();
    }
}
