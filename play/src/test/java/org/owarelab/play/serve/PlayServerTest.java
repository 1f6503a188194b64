package org.owarelab.play.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/** The JSON API of {@link PlayServer} on 127.0.0.1 and an ephemeral port. */
class PlayServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private AgentRegistry agents;
    private PlayServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    /** A reply: status and JSON body. */
    record Reply(int status, JsonNode body) {
    }

    @BeforeEach
    void start() throws IOException {
        agents = BuiltInAgents.registry();
        server = PlayServer.start(agents, "alphabeta:depth=4", RuleSet.DEFAULT, 7, InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() {
        server.close();
        agents.close();
    }

    private Reply call(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.body());
        return new Reply(r.statusCode(), JSON.readTree(r.body()));
    }

    private String newGame(String side) throws Exception {
        Reply r = call("POST", "/api/games", "{\"side\": \"" + side + "\"}");
        assertEquals(201, r.status(), r.body().toString());
        return r.body().get("id").asText();
    }

    @Test
    void newGameIsTheStartWithSouthsMovesLegal() throws Exception {
        Reply r = call("POST", "/api/games", "{\"side\": \"south\"}");
        assertEquals(201, r.status());
        JsonNode g = r.body();
        assertEquals("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", g.get("position").asText());
        assertEquals("ABCDEF", g.get("legal").asText());
        assertEquals("", g.get("moves").asText());
        assertTrue(g.get("last").isNull());
        assertFalse(g.get("canUndo").asBoolean());
        assertEquals(g, call("GET", "/api/games/" + g.get("id").asText(), null).body());
    }

    @Test
    void aMoveGetsTheAgentsReplyPlayedByTheRules() throws Exception {
        String id = newGame("south");
        Reply r = call("POST", "/api/games/" + id + "/move", "{\"move\": \"C\"}");
        assertEquals(200, r.status(), r.body().toString());
        JsonNode g = r.body();
        String moves = g.get("moves").asText();
        assertEquals(2, moves.length(), moves);
        assertEquals('C', moves.charAt(0));
        char reply = moves.charAt(1);
        assertTrue(reply >= 'a' && reply <= 'f', moves);
        // the state is the lab's rules' position after the two moves
        Board b = new Board(RuleSet.DEFAULT);
        Moves.playAll(b, moves);
        assertEquals(b.text(), g.get("position").asText());
        assertEquals(b.legalLetters(), g.get("legal").asText());
        for (int i = 0; i < 12; i++) {
            assertEquals(b.count(i), g.get("counts").get(i).asInt());
        }
        assertEquals("north", g.get("last").get("side").asText());
        assertEquals(String.valueOf(reply), g.get("last").get("move").asText());
        assertEquals(6 + reply - 'a', g.get("last").get("house").asInt());
        JsonNode agent = g.get("reply");
        assertEquals(String.valueOf(reply), agent.get("move").asText());
        assertEquals(reply, agent.get("pv").asText().charAt(0));
        assertTrue(Math.abs(agent.get("value").asDouble()) <= 1.0);
        assertTrue(g.get("canUndo").asBoolean());
    }

    @Test
    void theAgentMovesFirstWhenTheHumanIsNorth() throws Exception {
        Reply r = call("POST", "/api/games", "{\"side\": \"north\"}");
        JsonNode g = r.body();
        assertEquals(1, g.get("moves").asText().length());
        assertEquals("north", g.get("toMove").asText());
        assertEquals("abcdef", g.get("legal").asText());
        assertFalse(g.get("canUndo").asBoolean());
    }

    @Test
    void illegalMovesGet409AndChangeNothing() throws Exception {
        String id = newGame("south");
        JsonNode before = call("POST", "/api/games/" + id + "/move", "{\"move\": \"F\"}").body();
        for (String bad : new String[] {"F", "a", "Z"}) { // F is empty now; a is North's; Z is no house
            Reply r = call("POST", "/api/games/" + id + "/move", "{\"move\": \"" + bad + "\"}");
            assertEquals(409, r.status(), r.body().toString());
            assertTrue(r.body().get("error").asText().contains(bad), r.body().toString());
        }
        assertEquals(before, call("GET", "/api/games/" + id, null).body());
    }

    @Test
    void malformedRequestsGet4xxNamingTheProblem() throws Exception {
        String id = newGame("south");
        Reply garbage = call("POST", "/api/games/" + id + "/move", "{\"move\": ");
        assertEquals(400, garbage.status());
        assertTrue(garbage.body().get("error").asText().startsWith("request body is not JSON"), garbage.body().toString());
        Reply notObject = call("POST", "/api/games/" + id + "/move", "[1, 2]");
        assertEquals(400, notObject.status());
        assertTrue(notObject.body().get("error").asText().contains("JSON object"));
        Reply unknown = call("POST", "/api/games/" + id + "/move", "{\"mvoe\": \"C\"}");
        assertEquals(400, unknown.status());
        assertTrue(unknown.body().get("error").asText().contains("mvoe"));
        Reply number = call("POST", "/api/games/" + id + "/move", "{\"move\": 3}");
        assertEquals(400, number.status());
        assertTrue(number.body().get("error").asText().contains("'move' must be a string"));
        Reply side = call("POST", "/api/games", "{\"side\": \"east\"}");
        assertEquals(400, side.status());
        assertTrue(side.body().get("error").asText().contains("east"));
        assertEquals(404, call("GET", "/api/games/nope", null).status());
        assertEquals(404, call("GET", "/api/nothing", null).status());
        assertEquals(405, call("PUT", "/api/games/" + id, "{}").status());
        assertEquals(413, call("POST", "/api/games", "{\"side\": \"" + "s".repeat(PlayServer.MAX_BODY) + "\"}").status());
        Reply nul = call("POST", "/api/games/" + id + "/move", "{\"move\": \"\\u0000\"}");
        assertEquals(409, nul.status());
        Reply esc = call("POST", "/api/games/" + id + "/move", "{\"move\": \"\\u001b[2J\"}");
        assertEquals(400, esc.status());
        assertTrue(esc.body().get("error").asText().contains("\\x1b"), esc.body().toString());
        for (Reply r : new Reply[] {garbage, notObject, unknown, number, side, nul, esc}) {
            assertTrue(oneLine(r.body().get("error").asText()), r.body().toString());
            assertFalse(r.body().toString().contains("Exception"), r.body().toString());
        }
    }

    @Test
    void undoTakesBackTheHumansMoveAndTheReply() throws Exception {
        String id = newGame("south");
        Reply nothing = call("POST", "/api/games/" + id + "/undo", null);
        assertEquals(409, nothing.status());
        String first = call("POST", "/api/games/" + id + "/move", "{\"move\": \"C\"}").body().get("moves").asText();
        String two = call("POST", "/api/games/" + id + "/move", "{\"move\": \"A\"}").body().get("moves").asText();
        assertEquals(4, two.length());
        JsonNode back = call("POST", "/api/games/" + id + "/undo", null).body();
        assertEquals(first, back.get("moves").asText());
        assertEquals("C", back.get("moves").asText().substring(0, 1));
        JsonNode start = call("POST", "/api/games/" + id + "/undo", null).body();
        assertEquals("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", start.get("position").asText());
        assertTrue(start.get("reply").isNull());
        assertFalse(start.get("canUndo").asBoolean());
    }

    @Test
    void anEndedGameIsGone() throws Exception {
        String id = newGame("south");
        assertEquals(200, call("DELETE", "/api/games/" + id, null).status());
        assertEquals(404, call("GET", "/api/games/" + id, null).status());
    }

    @Test
    void eachGameHasItsOwnAgentClosedWhenTheGameEndsIsDeletedOrTheServerStops() throws Exception {
        AtomicInteger open = new AtomicInteger();
        AtomicInteger built = new AtomicInteger();
        try (AgentRegistry base = BuiltInAgents.registry();
                AgentRegistry counted = base.with(new Counted(base, open, built));
                PlayServer s = PlayServer.start(counted, "counted", RuleSet.DEFAULT, 1, InetAddress.getLoopbackAddress(), 0)) {
            PlayServer saved = server;
            server = s;
            try {
                String a = newGame("north"); // the agent moves first: built now
                String b = newGame("north");
                assertEquals(2, open.get());
                assertEquals(200, call("DELETE", "/api/games/" + a, null).status());
                assertEquals(1, open.get());
                // play b to its end with the first legal move each time: its agent is closed then
                JsonNode g = call("GET", "/api/games/" + b, null).body();
                while (!g.get("over").asBoolean()) {
                    String move = g.get("legal").asText().substring(0, 1);
                    g = call("POST", "/api/games/" + b + "/move", "{\"move\": \"" + move + "\"}").body();
                }
                assertEquals(0, open.get(), g.toString());
                assertEquals(409, call("POST", "/api/games/" + b + "/move", "{\"move\": \"a\"}").status());
                for (int i = 0; i < PlayServer.MAX_GAMES + 1; i++) {
                    newGame("north");
                }
                assertEquals(PlayServer.MAX_GAMES, open.get(), "the oldest game beyond the limit is ended");
                // one more: the preflight (AgentRegistry.checkAll) built and closed one before the server started
                assertEquals(1 + 2 + PlayServer.MAX_GAMES + 1, built.get());
            } finally {
                server = saved;
            }
        }
        assertEquals(0, open.get(), "stopping the server closes every agent");
    }

    /** {@code counted}: the random agent, counting the agents built and still open. */
    private record Counted(AgentRegistry base, AtomicInteger open, AtomicInteger built) implements AgentFactory {
        @Override
        public String name() {
            return "counted";
        }

        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public String help() {
            return "counted: the random agent, counted";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            Agent inner = base.create("random", rules, seed);
            open.incrementAndGet();
            built.incrementAndGet();
            return new Agent() {
                @Override
                public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                    return inner.decide(board, limit, monitor);
                }

                @Override
                public void reset(long s) {
                    inner.reset(s);
                }

                @Override
                public String spec() {
                    return "counted";
                }

                @Override
                public void close() {
                    open.decrementAndGet();
                    inner.close();
                }
            };
        }
    }

    @Test
    void requestsFromAnotherSiteAreRefused() throws Exception {
        HttpResponse<String> cross = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/api/games")).header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, cross.statusCode());
        assertTrue(cross.body().contains("another site"), cross.body());
        // a foreign host name resolved to 127.0.0.1 (DNS rebinding); the JDK's client will not send such a Host
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.getOutputStream().write("GET /api/info HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String reply = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 403"), reply);
            assertTrue(reply.contains("is not this machine"), reply);
        }
        HttpResponse<String> same = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/api/info")).header("Origin", "http://127.0.0.1:" + server.port()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, same.statusCode(), same.body());
    }

    @Test
    void thePageIsServed() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("app.js"));
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    }

    /**
     * A message fit for a user: one line, no control characters (as env's test helper
     * {@code Inputs.oneLine}; not shared, since depending on env's test jar would break
     * {@code mvn compile -pl export -am}: the export build resolves test dependencies early).
     */
    static boolean oneLine(String message) {
        return message != null && !message.isBlank() && message.chars().noneMatch(Character::isISOControl)
                && message.indexOf('\u2028') < 0 && message.indexOf('\u2029') < 0;
    }
}
