package org.owarelab.play.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The page's search control: a new game's or a move's body may set the agent's limit
 * ({@code movetimeMs} or {@code sims}), which the agent is then asked with; no field leaves the
 * spec's own ({@link SearchLimit#NONE}); a bad value is a 400 naming the field and the range.
 * Also: a move's {@code last.sown}, the seeds it sowed, which the page animates.
 */
class PlayLimitTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<SearchLimit> asked = new ArrayList<>();

    private record Reply(int status, JsonNode body) {
    }

    private Reply call(PlayServer s, String method, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path))
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(r.statusCode(), JSON.readTree(r.body()));
    }

    @Test
    void theLimitOfEachRequestReachesTheAgentAndBadOnesAreRefused() throws Exception {
        try (AgentRegistry base = BuiltInAgents.registry();
                AgentRegistry reg = base.with(new Recording(base, asked));
                PlayServer s = PlayServer.start(reg, "recording", RuleSet.DEFAULT, 1, InetAddress.getLoopbackAddress(), 0)) {
            JsonNode info = call(s, "GET", "/api/info", "").body();
            assertEquals(Requests.MAX_MOVETIME_MS, info.get("maxMovetimeMs").asInt(), info.toString());
            assertEquals(RuleSet.DEFAULT.spec(), info.get("rules").asText());

            Reply g = call(s, "POST", "/api/games", "{\"side\": \"north\", \"movetimeMs\": 250}");
            assertEquals(201, g.status(), g.body().toString());
            assertEquals(List.of(SearchLimit.movetime(250)), asked);
            String id = g.body().get("id").asText();
            JsonNode last = g.body().get("last");
            assertEquals(4, last.get("sown").asInt(), "an opening move sows the house's 4 seeds: " + last);

            String move = g.body().get("legal").asText().substring(0, 1);
            Reply m = call(s, "POST", "/api/games/" + id + "/move", "{\"move\": \"" + move + "\", \"sims\": 33}");
            assertEquals(200, m.status(), m.body().toString());
            assertEquals(SearchLimit.simulations(33), asked.get(asked.size() - 1));

            move = m.body().get("legal").asText().substring(0, 1);
            call(s, "POST", "/api/games/" + id + "/move", "{\"move\": \"" + move + "\"}");
            assertEquals(SearchLimit.NONE, asked.get(asked.size() - 1), "no field: the spec's own limit");

            int before = asked.size();
            for (String bad : List.of("{\"sims\": 0}", "{\"movetimeMs\": 10001}", "{\"movetimeMs\": 1.5}",
                    "{\"sims\": \"9\"}", "{\"sims\": 9, \"movetimeMs\": 9}")) {
                Reply r = call(s, "POST", "/api/games", bad);
                assertEquals(400, r.status(), bad + " -> " + r.body());
                String error = r.body().get("error").asText();
                assertTrue(error.contains("sims") || error.contains("movetimeMs"), error);
            }
            assertEquals(before, asked.size(), "a refused request asks no agent");
        }
    }

    /** {@code recording}: the random agent, noting each limit it is asked with. */
    private record Recording(AgentRegistry base, List<SearchLimit> asked) implements AgentFactory {
        @Override
        public String name() {
            return "recording";
        }

        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public String help() {
            return "recording: the random agent, noting its limits";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            Agent inner = base.create("random", rules, seed);
            return new Agent() {
                @Override
                public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                    asked.add(limit);
                    return inner.decide(board, limit, monitor);
                }

                @Override
                public void reset(long s) {
                    inner.reset(s);
                }

                @Override
                public String spec() {
                    return "recording";
                }

                @Override
                public void close() {
                    inner.close();
                }
            };
        }
    }
}
