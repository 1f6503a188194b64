package org.owarelab.play.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/**
 * Issue 27 §5: {@link PlayServer} under slow and hostile clients. Timeouts here only bound how long
 * a failure takes to show (a request that waits behind a slow client times out and fails the
 * test); no test passes by waiting.
 */
class PlayServerHostileTest {
    /** How long a request may wait before the test calls it blocked. */
    private static final Duration BOUND = Duration.ofSeconds(15);
    private AgentRegistry agents;
    private PlayServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(BOUND).build();
    private final List<Socket> slow = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        agents = BuiltInAgents.registry();
        server = PlayServer.start(agents, "greedy", RuleSet.DEFAULT, 7, InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : slow) {
            s.close();
        }
        server.close();
        agents.close();
    }

    private HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).timeout(BOUND)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build();
        return http.send(r, HttpResponse.BodyHandlers.ofString());
    }

    /** Opens a connection and writes {@code head} (and no more), keeping it open until the test ends. */
    private Socket raw(String head) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
        s.setSoTimeout((int) BOUND.toMillis());
        slow.add(s);
        s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        return s;
    }

    private static String statusLine(Socket s) throws IOException {
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
    }

    private String host() {
        return "127.0.0.1:" + server.port();
    }

    @Test
    void aBodyThatNeverArrivesBlocksNoOtherRequest() throws Exception {
        // Declares 100 bytes, sends 1: its thread waits for the rest, the others are served.
        raw("POST /api/games HTTP/1.1\r\nHost: " + host() + "\r\nContent-Length: 100\r\n\r\n{");
        raw("POST /api/games HTTP/1.1\r\nHost: " + host() + "\r\nContent-Length: 100\r\n\r\n{");
        raw("GET /api/info HTTP/1.1\r\nHost: " + host()); // headers that never end
        assertEquals(200, send("GET", "/api/info", null).statusCode());
        HttpResponse<String> game = send("POST", "/api/games", "{\"side\": \"north\"}");
        assertEquals(201, game.statusCode(), game.body());
        assertEquals(200, send("GET", "/", null).statusCode());
    }

    @Test
    void manyConcurrentClientsAreAllServed() throws Exception {
        int clients = 24;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Integer>> replies = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                boolean create = i % 2 == 0;
                replies.add(pool.submit(() -> {
                    go.await();
                    return create ? send("POST", "/api/games", "{\"side\": \"south\"}").statusCode()
                            : send("GET", "/api/info", null).statusCode();
                }));
            }
            go.countDown();
            for (int i = 0; i < clients; i++) {
                assertEquals(i % 2 == 0 ? 201 : 200, replies.get(i).get(BOUND.toSeconds() * 2, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeItIsRead() throws Exception {
        Socket s = raw("POST /api/games HTTP/1.1\r\nHost: " + host() + "\r\nContent-Length: 1000000\r\n\r\n");
        assertEquals("HTTP/1.1 413 Request Entity Too Large", statusLine(s));
    }

    @Test
    void onlyLoopbackNamesWithThisPortAreAcceptedAsHost() throws Exception {
        for (String host : new String[] {"127.0.0.2:" + server.port(), "127.0.0.1", "127.0.0.1:1",
            "localhost.evil.example:" + server.port(), "[::2]:" + server.port()}) {
            Socket s = raw("GET /api/info HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
            assertTrue(statusLine(s).startsWith("HTTP/1.1 403"), host);
        }
        for (String host : new String[] {host(), "localhost:" + server.port(), "[::1]:" + server.port()}) {
            Socket s = raw("GET /api/info HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
            assertEquals("HTTP/1.1 200 OK", statusLine(s), host);
        }
    }

    @Test
    void trailingTextAndDuplicateKeysAreRefused() throws Exception {
        HttpResponse<String> trailing = send("POST", "/api/games", "{\"side\": \"north\"} garbage");
        assertEquals(400, trailing.statusCode(), trailing.body());
        HttpResponse<String> twice = send("POST", "/api/games", "{\"side\": \"south\", \"side\": \"north\"}");
        assertEquals(400, twice.statusCode(), twice.body());
        assertTrue(twice.body().contains("Duplicate field 'side'"), twice.body());
    }
}
