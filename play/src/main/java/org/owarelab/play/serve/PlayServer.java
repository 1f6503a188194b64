package org.owarelab.play.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.protocol.jsonl.StrictJson;
import org.owarelab.play.Pages;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.RulesException;
import org.owarelab.rules.Side;
import org.owarelab.util.Texts;

/**
 * The server of {@code oware serve}: the play page and a small JSON API over the lab's rules and
 * agents, on the JDK's own HTTP server ({@code com.sun.net.httpserver}, maintained with the JDK:
 * no web framework travels in an exported bundle). Endpoints (bodies are JSON objects):
 * <pre>
 * GET    /api/info                  {"agent", "rules", "houses", "seeds", "maxMovetimeMs", "maxSims"[, "levels"]}
 *        ("levels": [{"elo", "lo", "hi", "simulations", "temperature"}, ...], an agent's calibrated levels)
 * POST   /api/games {"side": "south"|"north"}   201, a new game's state (the agent has moved if first)
 *        (this body and a move's may add "movetimeMs": N or "sims": N, the agent's limit from then on;
 *        a new game's may add "elo": N instead, the agent playing the level nearest N all game)
 * GET    /api/games/ID              the game's state
 * POST   /api/games/ID/move {"move": "C"}       the state after the move and the agent's reply
 * POST   /api/games/ID/undo         the state before the human's last move
 * DELETE /api/games/ID              ends the game (its agent is closed)
 * </pre>
 * A refused request gets a 4xx status and {@code {"error": "..."}} naming what was wrong (400
 * malformed body or field, a duplicated key or text after the JSON object, 404 unknown game or
 * path, 405 wrong method, 409 a move that is not legal now, 413 a body over {@value #MAX_BODY}
 * bytes, refused from its declared length before it is read, 403 a request from another web site
 * or with a {@code Host} that is not this server, see {@link #checkOrigin}); never a stack trace.
 * A failure of the agent gets 500 with its reason.
 *
 * <p>Threads and slow clients: requests run on a bounded pool of {@value #THREADS} threads with a
 * bounded queue (a request beyond it is dropped and its connection closed by the time limit below). A request's body is read before the server's
 * lock is taken, so a client that declares a body and sends it slowly holds one pool thread, not
 * the games; and the JDK server closes a connection whose request has not fully arrived within
 * {@value #MAX_REQUEST_SECONDS} s ({@code sun.net.httpserver.maxReqTime}, set when this class
 * loads unless already set), which frees that thread. Every API call holds this server's lock, so
 * agents (not thread-safe) see one call at a time while static files are still served. At most
 * {@value #MAX_GAMES} games are kept; a new one beyond that ends the oldest.
 */
public final class PlayServer implements AutoCloseable {
    static final int MAX_GAMES = 8;
    static final int MAX_BODY = 4096;
    /** Request threads: enough that a few slow clients leave the others served. */
    static final int THREADS = 8;
    /** Requests accepted but waiting for a thread; beyond them a connection is closed. */
    static final int QUEUE = 64;
    /** How long a request (line, headers and body) may take to arrive. */
    static final int MAX_REQUEST_SECONDS = 20;
    private static final ObjectMapper JSON = StrictJson.MAPPER;
    private static final Pattern LOOPBACK_NAME = Pattern.compile("127\\.0\\.0\\.1|localhost|\\[::1\\]");

    static {
        // Read once, when the JDK server's configuration class loads: set before any server starts.
        if (System.getProperty("sun.net.httpserver.maxReqTime") == null) {
            System.setProperty("sun.net.httpserver.maxReqTime", Integer.toString(MAX_REQUEST_SECONDS));
        }
    }
    /** The page, shared with the web player ({@link Pages#PAGE}), and its game port over this API. */
    private static final Map<String, String> PAGES = Map.of("/", Pages.PAGE + "index.html",
            "/index.html", Pages.PAGE + "index.html", "/app.js", Pages.PAGE + "app.js",
            "/view.js", Pages.PAGE + "view.js", "/style.css", Pages.PAGE + "style.css", "/port.js", Pages.SERVE_PORT);

    private final AgentRegistry agents;
    private final String agentSpec;
    private final RuleSet rules;
    private final long seed;
    private final HttpServer http;
    private final ThreadPoolExecutor pool;
    /** Guarded by {@code this}; in creation order, so the first is the oldest. */
    private final Map<String, GameSession> games = new LinkedHashMap<>();
    /** Guarded by {@code this}. */
    private long created;

    private PlayServer(AgentRegistry agents, String agentSpec, RuleSet rules, long seed, HttpServer http) {
        this.agents = agents;
        this.agentSpec = agentSpec;
        this.rules = rules;
        this.seed = seed;
        this.http = http;
        this.pool = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE), r -> {
            Thread t = new Thread(r, "oware-serve");
            t.setDaemon(true);
            return t;
        });
        // A request beyond the queue is dropped here rather than thrown into the JDK's dispatcher
        // thread; its connection is closed by the request time limit.
        http.setExecutor(task -> {
            try {
                pool.execute(task);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // full (or stopping): see above
            }
        });
        http.createContext("/", this::handle);
    }

    /**
     * Starts serving. Game {@code k} (0, 1, ...) gets an agent seeded with {@code seed + k}.
     *
     * @param agents builds the agents (owned by the caller, open while the server runs)
     * @param bind the address to listen on (a loopback address keeps the page on this machine)
     * @param port the port, 0 for any free one (see {@link #port()})
     * @throws IllegalArgumentException for an agent spec that cannot be built ({@link AgentRegistry#checkAll})
     * @throws IOException when the address cannot be bound (e.g. the port is taken)
     */
    public static PlayServer start(AgentRegistry agents, String agentSpec, RuleSet rules, long seed,
            InetAddress bind, int port) throws IOException {
        agents.checkAll(java.util.List.of(agentSpec), rules);
        PlayServer s = new PlayServer(agents, agentSpec, rules, seed,
                HttpServer.create(new InetSocketAddress(bind, port), 0));
        s.http.start();
        return s;
    }

    /**
     * Serves until the process is stopped (Ctrl-C): starts, prints the page's address on
     * {@code out}, and closes the server and its games from a shutdown hook.
     *
     * @param bind an IP address or host name of this machine
     * @throws IllegalArgumentException for a bad agent spec, port or address, or one that cannot
     *     be bound
     */
    public static void serveUntilStopped(AgentRegistry agents, String agentSpec, RuleSet rules, long seed,
            String bind, int port, PrintStream out) throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + ": expected 0..65535 (0: any free port)");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind '" + Texts.escape(bind) + "': not an address or a known host name");
        }
        PlayServer server;
        try {
            server = start(agents, agentSpec, rules, seed, address, port);
        } catch (IOException e) {
            throw new IllegalArgumentException("--bind " + bind + " --port " + port + ": cannot listen there ("
                    + Texts.reason(e) + ")");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "oware-serve-stop"));
        String host = address.getHostAddress().contains(":") ? "[" + address.getHostAddress() + "]"
                : address.getHostAddress();
        out.println("Playing " + agentSpec + " at http://" + host + ":" + server.port() + "/ (Ctrl-C to stop)");
        if (!address.isLoopbackAddress()) {
            out.println("Listening on " + address.getHostAddress() + ", not loopback: anyone who can reach this port"
                    + " can play and use this machine's CPU.");
        }
        out.flush();
        stopped.await();
    }

    /** The port the server listens on. */
    public int port() {
        return http.getAddress().getPort();
    }

    /** Stops listening and ends every game (closing its agent). */
    @Override
    public void close() {
        http.stop(0);
        pool.shutdownNow();
        synchronized (this) {
            games.values().forEach(GameSession::close);
            games.clear();
        }
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            try {
                checkOrigin(ex);
                if (path.startsWith("/api/")) {
                    byte[] body = Requests.readBody(ex, MAX_BODY); // before the lock: a slow client holds only its own thread
                    ObjectNode reply;
                    synchronized (this) {
                        reply = api(ex, path, body);
                    }
                    send(ex, ex.getRequestMethod().equals("POST") && path.equals("/api/games") ? 201 : 200,
                            "application/json", reply.toString().getBytes(StandardCharsets.UTF_8));
                } else {
                    page(ex, path);
                }
            } catch (ApiException e) {
                send(ex, e.status(), "application/json", error(e.getMessage()));
            } catch (RuntimeException e) {
                send(ex, 500, "application/json", error("the server failed: " + Texts.reason(e)));
            }
        }
    }

    /**
     * Refuses (403) what another web site could send through the user's browser: a request whose
     * {@code Origin} is not this server (a cross-site form or script), and, on a loopback address,
     * one whose {@code Host} is not a loopback name (DNS rebinding: a foreign name pointed at
     * 127.0.0.1).
     */
    private void checkOrigin(HttpExchange ex) {
        String host = ex.getRequestHeaders().getFirst("Host");
        String origin = ex.getRequestHeaders().getFirst("Origin");
        if (host == null) {
            throw new ApiException(400, "the Host header is missing");
        }
        if (http.getAddress().getAddress().isLoopbackAddress() && !loopbackHost(host)) {
            throw new ApiException(403, "Host '" + Texts.escape(host) + "' is not this machine (use http://127.0.0.1:"
                    + port() + "/)");
        }
        if (origin != null && !origin.equals("http://" + host)) {
            throw new ApiException(403, "requests from another site (Origin " + Texts.escape(origin) + ") are refused");
        }
    }

    /**
     * Whether {@code host} names this server on loopback: 127.0.0.1, localhost or [::1], with this
     * server's port (which a browser leaves out only for port 80).
     */
    private boolean loopbackHost(String host) {
        int colon = host.lastIndexOf(':');
        boolean bracketOnly = host.endsWith("]");
        String name = colon < 0 || bracketOnly ? host : host.substring(0, colon);
        String port = colon < 0 || bracketOnly ? null : host.substring(colon + 1);
        return LOOPBACK_NAME.matcher(name).matches()
                && (port == null ? port() == 80 : port.equals(Integer.toString(port())));
    }

    /** Guarded by {@code this}. */
    private ObjectNode api(HttpExchange ex, String path, byte[] bodyBytes) {
        String[] parts = path.substring("/api/".length()).split("/", -1);
        String method = ex.getRequestMethod();
        if (parts.length == 1 && parts[0].equals("info")) {
            Requests.allow(method, "GET");
            ObjectNode info = JSON.createObjectNode().put("agent", agentSpec).put("rules", rules.spec());
            info.put("houses", rules.houses()).put("seeds", rules.seeds());
            info.put("maxMovetimeMs", Requests.MAX_MOVETIME_MS).put("maxSims", Requests.MAX_SIMULATIONS);
            StrengthLevels levels = agents.levels(agentSpec);
            if (levels != null) {
                var list = info.putArray("levels");
                for (StrengthLevels.Level l : levels.levels()) {
                    list.addObject().put("elo", l.elo()).put("lo", l.lo()).put("hi", l.hi())
                            .put("simulations", l.simulations()).put("temperature", l.temperature());
                }
            }
            return info;
        }
        if (parts[0].equals("games") && parts.length == 1) {
            Requests.allow(method, "POST");
            JsonNode body = Requests.body(bodyBytes, Set.of("side", "movetimeMs", "sims", "elo"));
            int side = Side.SOUTH;
            if (body.has("side")) {
                try {
                    side = Side.parse(Requests.text(body, "side"));
                } catch (RulesException e) {
                    throw new ApiException(400, "'side': expected \"south\" or \"north\", got "
                            + Texts.escape(body.get("side").toString()));
                }
            }
            String spec = Requests.levelSpec(body, agentSpec, agents.levels(agentSpec));
            return newGame(side, Requests.limit(body), spec).state();
        }
        if (parts[0].equals("games") && parts.length <= 3) {
            GameSession g = games.get(parts[1]);
            if (g == null) {
                throw new ApiException(404, "no game '" + Texts.escape(parts[1]) + "' (ended, or never started)");
            }
            if (parts.length == 2) {
                Requests.allow(method, "GET", "DELETE");
                if (method.equals("DELETE")) {
                    games.remove(g.id()).close();
                    return JSON.createObjectNode().put("ended", g.id());
                }
                return g.state();
            }
            if (parts[2].equals("move")) {
                Requests.allow(method, "POST");
                JsonNode body = Requests.body(bodyBytes, Set.of("move", "movetimeMs", "sims"));
                if (!body.has("move")) {
                    throw new ApiException(400, "'move' is missing (expected {\"move\": \"C\"})");
                }
                SearchLimit limit = Requests.limit(body);
                if (g.levelled() && !limit.isNone()) {
                    throw new ApiException(400, "this game plays a level (its simulations and temperature): expected "
                            + "no 'movetimeMs' or 'sims' (start a new game without 'elo' to set a limit)");
                }
                g.humanMove(Requests.text(body, "move"), limit);
                return g.state();
            }
            if (parts[2].equals("undo")) {
                Requests.allow(method, "POST");
                Requests.body(bodyBytes, Set.of());
                g.undo();
                return g.state();
            }
        }
        throw new ApiException(404, "no such endpoint: " + Texts.escape(path));
    }

    private GameSession newGame(int human, SearchLimit limit, String spec) {
        if (games.size() >= MAX_GAMES) {
            Iterator<GameSession> oldest = games.values().iterator();
            oldest.next().close();
            oldest.remove();
        }
        long k = created++;
        String id = "g" + k;
        GameSession g = new GameSession(id, rules, human, spec, () -> agents.create(spec, rules, seed + k), seed + k, limit);
        games.put(id, g);
        return g;
    }

    private static void page(HttpExchange ex, String path) throws IOException {
        String name = PAGES.get(path);
        if (name == null) {
            throw new ApiException(404, "no such page: " + Texts.escape(path));
        }
        if (!ex.getRequestMethod().equals("GET") && !ex.getRequestMethod().equals("HEAD")) {
            throw new ApiException(405, "method " + Texts.escape(ex.getRequestMethod()) + " not allowed (expected GET)");
        }
        byte[] bytes;
        try (InputStream in = PlayServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the export module's jar (a broken build)");
            }
            bytes = in.readAllBytes();
        }
        String type = name.endsWith(".html") ? "text/html" : name.endsWith(".js") ? "text/javascript" : "text/css";
        send(ex, 200, type + "; charset=utf-8", bytes);
    }

    private static byte[] error(String message) {
        return JSON.createObjectNode().put("error", message).toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type.startsWith("application/json") ? type + "; charset=utf-8" : type);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            ex.getResponseBody().write(body);
        }
    }
}
