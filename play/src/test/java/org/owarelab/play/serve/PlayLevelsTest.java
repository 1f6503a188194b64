package org.owarelab.play.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.agents.puct.LevelledFactory;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.rules.RuleSet;

/** The served page's levels: /api/info lists them, a new game with "elo" plays the nearest all game. */
class PlayLevelsTest {
    static final StrengthLevels LEVELS = new StrengthLevels(List.of(new StrengthLevels.Level(100, 40, 160, 1, 4),
            new StrengthLevels.Level(700, 650, 750, 8, 0)));
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    /** PUCT over a uniform evaluator named net (20 simulations at full strength), with LEVELS. */
    static AgentRegistry registry() {
        EvaluatorSource uniform = (model, rules) -> new UniformEvaluator(rules.houses());
        return BuiltInAgents.registry().with(new LevelledFactory(PuctAgent.factory("net", uniform, 20), LEVELS, "test"));
    }

    private record Reply(int status, JsonNode body) {
    }

    private Reply call(PlayServer server, String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(r.statusCode(), JSON.readTree(r.body()));
    }

    @Test
    void infoListsTheLevelsAndANewGameWithAnEloPlaysTheNearestAllGame() throws Exception {
        try (AgentRegistry agents = registry();
                PlayServer server = PlayServer.start(agents, "net", RuleSet.DEFAULT, 1, InetAddress.getLoopbackAddress(), 0)) {
            JsonNode info = call(server, "GET", "/api/info", null).body();
            assertEquals(2, info.get("levels").size(), info.toString());
            assertEquals(700, info.get("levels").get(1).get("elo").asInt());
            assertEquals(8, info.get("levels").get(1).get("simulations").asInt());
            assertEquals(650, info.get("levels").get(1).get("lo").asInt());

            Reply g = call(server, "POST", "/api/games", "{\"side\": \"north\", \"elo\": 690}");
            assertEquals(201, g.status(), g.body().toString());
            assertEquals("net:elo=690", g.body().get("agent").asText());
            assertEquals(8, g.body().get("reply").get("nodes").asInt(), "the level at 700 searches 8 simulations");
            String id = g.body().get("id").asText();
            String legal = g.body().get("legal").asText();
            Reply m = call(server, "POST", "/api/games/" + id + "/move", "{\"move\": \"" + legal.charAt(0) + "\"}");
            assertEquals(200, m.status(), m.body().toString());
            assertEquals(8, m.body().get("reply").get("nodes").asInt());
            Reply limited = call(server, "POST", "/api/games/" + id + "/move",
                    "{\"move\": \"" + m.body().get("legal").asText().charAt(0) + "\", \"sims\": 50}");
            assertEquals(400, limited.status());
            assertTrue(limited.body().get("error").asText().contains("plays a level"), limited.body().toString());

            Reply plain = call(server, "POST", "/api/games", "{\"side\": \"north\"}");
            assertEquals(20, plain.body().get("reply").get("nodes").asInt(), "without elo: full strength");
        }
    }

    @Test
    void badElosAreRefusedWithOneClearError() throws Exception {
        try (AgentRegistry agents = registry();
                PlayServer server = PlayServer.start(agents, "net", RuleSet.DEFAULT, 1, InetAddress.getLoopbackAddress(), 0);
                AgentRegistry plain = BuiltInAgents.registry();
                PlayServer none = PlayServer.start(plain, "greedy", RuleSet.DEFAULT, 1, InetAddress.getLoopbackAddress(), 0)) {
            for (String body : List.of("{\"elo\": 5000}", "{\"elo\": \"abc\"}", "{\"elo\": 99}")) {
                Reply r = call(server, "POST", "/api/games", body);
                assertEquals(400, r.status(), body);
                assertTrue(r.body().get("error").asText().contains("'elo' must be a number 100..700"), r.body().toString());
            }
            Reply both = call(server, "POST", "/api/games", "{\"elo\": 400, \"sims\": 5}");
            assertEquals(400, both.status());
            assertTrue(both.body().get("error").asText().contains("not both"), both.body().toString());
            JsonNode info = call(none, "GET", "/api/info", null).body();
            assertFalse(info.has("levels"), info.toString());
            Reply noLevels = call(none, "POST", "/api/games", "{\"elo\": 400}");
            assertEquals(400, noLevels.status());
            assertTrue(noLevels.body().get("error").asText().contains("no calibrated levels"), noLevels.body().toString());
        }
    }
}
