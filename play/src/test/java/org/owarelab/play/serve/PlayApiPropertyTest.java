package org.owarelab.play.serve;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;

/**
 * The play API fed hostile request bodies and paths, as anything on the network might send: every
 * answer is 200/201 or a 4xx with a JSON {@code error} that is one printable line; never a 500,
 * never a stack trace.
 */
class PlayApiPropertyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PIECES = List.of("{", "}", "[", "]", ":", ",", "\"move\"", "\"side\"",
            "\"C\"", "\"a\"", "\"south\"", "\"north\"", "null", "1", "-1e999", "true", "\"\\u0000\"", "\"\\u001b\"");
    private static AgentRegistry agents;
    private static PlayServer server;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeContainer
    static void start() throws Exception {
        agents = BuiltInAgents.registry();
        server = PlayServer.start(agents, "random", RuleSet.DEFAULT, 5, InetAddress.getLoopbackAddress(), 0);
    }

    @AfterContainer
    static void stop() {
        server.close();
        agents.close();
    }

    @Provide
    Arbitrary<String> bodies() {
        Arbitrary<String> jsonish = Arbitraries.of(PIECES).list().ofMaxSize(8).map(l -> String.join("", l));
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(40), jsonish, Arbitraries.of("{\"move\": \"C\"}", "{\"side\": \"n\"}"));
    }

    @Provide
    Arbitrary<String> paths() {
        return Arbitraries.of("/api/games", "/api/games/g0", "/api/games/g0/move", "/api/games/g0/undo", "/api/info",
                "/api/games/g0/move/x", "/api/", "/api/games//move", "/nope", "/app.js");
    }

    @Property(tries = 150)
    void everyRequestGetsAnAnswerOrAOneLine4xx(@ForAll("paths") String path, @ForAll("bodies") String body,
            @ForAll("methods") String method) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        String what = method + " " + path + " " + Texts.escape(body) + " -> " + r.statusCode() + " " + r.body();
        assertTrue(r.statusCode() == 200 || r.statusCode() == 201 || r.statusCode() >= 400 && r.statusCode() < 500, what);
        if (r.statusCode() >= 400) {
            JsonNode err = JSON.readTree(r.body());
            assertTrue(err.has("error") && PlayServerTest.oneLine(err.get("error").asText()), what);
            assertTrue(!r.body().contains("Exception") && !r.body().contains("\tat "), what);
        }
    }

    @Provide
    Arbitrary<String> methods() {
        return Arbitraries.of("GET", "POST", "PUT", "DELETE");
    }
}
