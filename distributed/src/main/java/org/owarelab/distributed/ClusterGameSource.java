package org.owarelab.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.training.loop.GameBatch;
import org.owarelab.training.loop.GameSource;
import org.owarelab.training.loop.RunDirectory;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayStats;
import org.owarelab.util.AtomicFiles;

/**
 * The trainer's side of cluster self-play: a {@link GameSource} that is the cluster's member.
 * Each generation it publishes the network when its version changed (and then clears the game
 * blocks of the older one), keeps a few game blocks ({@link Ticket}s) queued for the workers,
 * and takes finished games from the record queue until the generation has its
 * {@code loop.gamesPerGeneration}, each through the {@link RecordGate}. Games a worker finishes
 * beyond that wait in the queue for the next generation (one version stale, accepted by default):
 * workers keep playing while the learner trains.
 *
 * <p>The trainer plays no games itself in cluster mode: its cores go to the learner and to taking
 * records; run a worker beside it (joining 127.0.0.1) to use them for self-play. With no worker
 * connected it waits, saying so every {@value #WAIT_NOTICE_SECONDS} seconds.
 *
 * <p>The run id (and so the cluster name) is kept in the run directory's {@code cluster.json},
 * so a trainer resumed after a {@code kill -9} reopens the same cluster and its workers,
 * reconnecting by themselves, go on where they were.
 */
public final class ClusterGameSource implements GameSource {
    static final int WAIT_NOTICE_SECONDS = 10;
    /** Drop messages printed per generation (the rest are counted). */
    private static final int DROP_MESSAGES = 5;
    static final String RUN_FILE = "cluster.json";

    private final HazelcastInstance hz;
    private final String runId;
    private final ClusterSettings settings;
    private final PrintStream log;
    private final RecordGate gate;
    private final IMap<String, byte[]> network;
    private final IQueue<String> tickets;
    private final IQueue<byte[]> records;
    private final int ticketGames;
    private long nextIndex;
    /** The published network's hash, as tickets name it. */
    private String ticketHash;
    /** Games issued per version: a generation's worth to play now, one for the learner's turn. */
    private long issueLimit;
    /** Blocks that left with disconnected workers (one per thread): issued again past the limit. */
    private final java.util.concurrent.atomic.AtomicLong lostBlocks = new java.util.concurrent.atomic.AtomicLong();
    /** Blocks issued again this version after a stall ({@link #reissueAfterStall}). */
    private long stalledBlocks;
    /** When missing blocks are issued again ({@link #reissueAfterStall}). */
    private final StallClock stall = new StallClock();

    private ClusterGameSource(HazelcastInstance hz, String runId, ClusterSettings settings, PrintStream log,
            RecordGate gate, int ticketGames) {
        this.hz = hz;
        this.runId = runId;
        this.settings = settings;
        this.log = log;
        this.gate = gate;
        this.ticketGames = ticketGames;
        this.network = hz.getMap(Hazelcasts.NETWORK_MAP);
        this.tickets = hz.getQueue(Hazelcasts.TICKETS);
        this.records = hz.getQueue(Hazelcasts.RECORDS);
        hz.getClientService().addClientListener(new com.hazelcast.client.ClientListener() {
            @Override
            public void clientConnected(com.hazelcast.client.Client client) {
            }

            @Override
            public void clientDisconnected(com.hazelcast.client.Client client) {
                // Only a worker can hold blocks: a join probe (every worker's first handshake,
                // JoinProbe) connects and leaves too, and must not raise the limit for good.
                if (isWorker(client)) {
                    lostBlocks.addAndGet(threads(client));
                }
            }
        });
    }

    /**
     * Checks, before a run writes anything, that the member could listen where {@code s} says.
     *
     * @throws IllegalArgumentException naming the address and why not (taken, or not this machine's)
     */
    public static void checkListenable(ClusterSettings s) {
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new java.net.InetSocketAddress(java.net.InetAddress.getByName(s.bind()), s.port()));
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("--bind " + s.bind() + ": unknown host (expected an IP address of "
                    + "this machine)", e);
        } catch (java.net.BindException e) {
            throw new IllegalArgumentException("--bind " + s.bind() + " --port " + s.port() + ": cannot listen there ("
                    + e.getMessage() + "): another trainer on that port, or not an address of this machine? "
                    + "choose another --port or --bind", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("--bind " + s.bind() + " --port " + s.port() + ": " + e.getMessage(), e);
        }
    }

    /** The factory {@code oware train --cluster} hands the trainer. */
    public static GameSource.Factory factory(ClusterSettings settings) {
        return context -> open(context, settings);
    }

    private static ClusterGameSource open(Context ctx, ClusterSettings s) throws IOException {
        TrainConfig cfg = ctx.cfg();
        String runId = runId(ctx.run().root());
        Set<Long> done = acceptedIds(ctx.run());
        ObservationEncoder enc = cfg.observationEncoder();
        int obs = 1;
        for (int d : enc.shape()) {
            obs *= d;
        }
        RecordGate gate = new RecordGate(runId, cfg.seed(), cfg.rules(), enc.tag(), obs, cfg.ruleSet().houses(),
                s.maxStaleness(), done);
        HazelcastInstance hz;
        try {
            hz = Hazelcasts.member(runId, s);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--bind " + s.bind() + " --port " + s.port() + ": could not start the "
                    + "cluster member there (" + e.getMessage() + "); is the port taken? choose another with --port", e);
        }
        ClusterGameSource src = new ClusterGameSource(hz, runId, s, ctx.log(), gate,
                Math.max(1, Math.min(cfg.selfplay().parallelGames(), cfg.loop().gamesPerGeneration())));
        ctx.log().printf("cluster %s listening on %s:%d (%d games already in the run); start workers with:%n"
                + "  oware worker --join %s:%d --run %s%n", Hazelcasts.clusterName(runId), s.bind(), src.port(),
                done.size(), s.bind(), src.port(), runId);
        return src;
    }

    /** The port the member listens on. */
    int port() {
        return hz.getCluster().getLocalMember().getAddress().getPort();
    }

    String runId() {
        return runId;
    }

    /**
     * The run's id, from the run directory's {@code cluster.json}; made (the directory's name and
     * a random suffix) and saved the first time a run trains on a cluster.
     */
    public static String runId(Path runDir) throws IOException {
        Path file = runDir.resolve(RUN_FILE);
        if (Files.exists(file)) {
            JsonNode n = Frames.JSON.readTree(file.toFile());
            String id = n.path("runId").asText("");
            if (!id.matches("[A-Za-z0-9-]{1,80}")) {
                throw new IllegalArgumentException(file + ": runId '" + id + "' is not [A-Za-z0-9-]{1,80}");
            }
            return id;
        }
        String base = runDir.toAbsolutePath().normalize().getFileName().toString().replaceAll("[^A-Za-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        base = base.isEmpty() ? "run" : base.substring(0, Math.min(40, base.length()));
        byte[] r = new byte[4];
        new SecureRandom().nextBytes(r); // an identity, not a seed: nothing is played from it
        String id = base + "-" + java.util.HexFormat.of().formatHex(r);
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("format", 1);
        o.put("runId", id);
        AtomicFiles.writeString(file, Frames.JSON.writeValueAsString(o) + "\n");
        return id;
    }

    /** The ids of the games the run holds (its {@code selfplay.jsonl}, trimmed to the resume point). */
    static Set<Long> acceptedIds(RunDirectory run) throws IOException {
        Set<Long> ids = new HashSet<>();
        if (!Files.exists(run.selfplay())) {
            return ids;
        }
        for (SelfPlayRecord g : SelfPlayRecord.read(run.selfplay())) {
            ids.add(g.gameId());
        }
        return ids;
    }

    @Override
    public GameBatch collect(Request r) throws IOException, InterruptedException {
        if (r.version() != gate.current()) {
            publish(r);
        }
        long t0 = System.nanoTime();
        long lastNotice = t0;
        List<SelfPlayRecord> games = new ArrayList<>();
        List<PositionRecord> positions = new ArrayList<>();
        Map<String, Long> perWorker = new LinkedHashMap<>();
        long calls = 0, evaluated = 0, nanos = 0;
        long acceptedBefore = gate.acceptedCount();
        long droppedBefore = gate.droppedCount();
        Map<RecordGate.Reason, Long> dropsBefore = gate.dropped();
        int messages = 0;
        issueLimit = 2L * r.games();
        stall.start(t0);
        while (games.size() < r.games()) {
            topUpTickets(r.version());
            byte[] b = records.poll(200, TimeUnit.MILLISECONDS);
            long now = System.nanoTime();
            if (b == null) {
                reissueAfterStall(r, games.size(), now);
                if (System.nanoTime() - lastNotice > WAIT_NOTICE_SECONDS * 1_000_000_000L) {
                    lastNotice = System.nanoTime();
                    log.printf("gen %d: %d of %d games in, %d workers connected; waiting for games%n",
                            r.generation(), games.size(), r.games(), clients());
                }
                continue;
            }
            GameMessage m;
            RecordGate.Verdict v;
            try {
                m = GameMessage.decode(b);
                v = gate.check(m);
            } catch (IllegalArgumentException e) {
                m = null;
                v = gate.corrupt(e.getMessage());
            }
            if (!v.accepted()) {
                if (messages++ < DROP_MESSAGES) {
                    log.printf("dropped %s%n", v.message());
                }
                continue;
            }
            stall.accepted(now);
            games.add(m.game());
            positions.addAll(m.positions());
            perWorker.merge(m.worker(), 1L, Long::sum);
            calls += m.calls();
            evaluated += m.evaluated();
            nanos += m.nanos();
            r.progress().incrementAndGet();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long dropped = gate.droppedCount() - droppedBefore;
        if (messages > DROP_MESSAGES) {
            log.printf("dropped %d more records this generation (counted in metrics.jsonl)%n", messages - DROP_MESSAGES);
        }
        SelfPlayStats stats = stats(games, calls, evaluated, nanos);
        int members = hz.getCluster().getMembers().size() + clients();
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("kind", "cluster");
        o.put("run", runId);
        o.put("version", r.version());
        o.put("members", members);
        o.put("workers", clients());
        o.put("accepted", gate.acceptedCount() - acceptedBefore);
        o.put("dropped", dropped);
        ObjectNode why = o.putObject("droppedBy");
        for (Map.Entry<RecordGate.Reason, Long> e : gate.dropped().entrySet()) {
            long n = e.getValue() - dropsBefore.getOrDefault(e.getKey(), 0L);
            if (n > 0) {
                why.put(e.getKey().key(), n);
            }
        }
        o.put("acceptedTotal", gate.acceptedCount());
        o.put("droppedTotal", gate.droppedCount());
        o.put("queued", records.size());
        ObjectNode per = o.putObject("perWorker");
        for (Map.Entry<String, Long> e : perWorker.entrySet()) {
            ObjectNode w = per.putObject(e.getKey());
            w.put("games", e.getValue());
            w.put("gamesPerSec", Math.round(SelfPlayStats.rate(e.getValue(), seconds) * 1e4) / 1e4);
        }
        StringBuilder summary = new StringBuilder(String.format("members %d  accepted %d dropped %d", members,
                gate.acceptedCount() - acceptedBefore, dropped));
        for (Map.Entry<String, Long> e : perWorker.entrySet()) {
            summary.append(String.format("  %s %.1f games/s", e.getKey(), SelfPlayStats.rate(e.getValue(), seconds)));
        }
        return new GameBatch(games, positions, stats, seconds, Double.NaN, o, summary.toString());
    }

    private void publish(Request r) throws IOException {
        PublishedNetwork p = PublishedNetwork.of(runId, r.version(), r.cfg(), r.net());
        tickets.clear(); // blocks of the older network are played no more
        gate.published(p.version(), p.hash());
        network.set(Hazelcasts.NETWORK_KEY, p.encode());
        nextIndex = 0;
        stalledBlocks = 0;
        ticketHash = p.hash().substring(0, Ticket.HASH_CHARS);
    }

    /**
     * Keeps two blocks per worker thread queued (at least two), so workers never wait for the next,
     * while the games issued for this version stay within {@link #issueLimit}: games played while
     * the learner trains are taken next generation (one version stale); more would arrive two
     * versions late and be dropped. A worker that leaves takes the blocks its threads held with it:
     * each raises the limit by one block per thread ({@link #lostBlocks}), so a generation cannot
     * stall on lost games.
     */
    private void topUpTickets(long version) {
        int target = Math.max(2, 2 * workerThreads());
        while (tickets.size() < target && nextIndex < limit()) {
            int count = (int) Math.min(ticketGames, (1L << Ticket.ID_SHIFT) - nextIndex);
            tickets.offer(new Ticket(version, Ticket.firstId(version) + nextIndex, count, ticketHash).text());
            nextIndex += count;
        }
    }

    /** Games that may be issued for the current version: see {@link #topUpTickets}. */
    private long limit() {
        return issueLimit + (lostBlocks.get() + stalledBlocks) * ticketGames;
    }

    /**
     * A block can be lost without its worker leaving: a poll served by this member whose reply
     * never reached the worker (its call timed out in a network partition, or the worker failed
     * before playing), so no disconnection raises {@link #lostBlocks}. When every block the version
     * may have has been issued and taken (none queued) and no record has come for long enough
     * ({@link StallClock}), the games the
     * generation still lacks are issued again, under new ids: a lost block's games, if they ever
     * arrive, are other games, and a late one is dropped as stale, so none counts twice.
     *
     */
    private void reissueAfterStall(Request r, int received, long now) {
        if (nextIndex < limit() || !tickets.isEmpty() || !stall.due(now)) {
            return;
        }
        long idleNanos = stall.idleNanos(now);
        long blocks = (r.games() - received + ticketGames - 1) / ticketGames;
        stalledBlocks += blocks;
        log.printf("gen %d: no game for %d s with every block taken; issuing %d more (blocks taken but not played: a "
                + "reply lost on the network, or a worker that failed)%n", r.generation(), idleNanos / 1_000_000_000L,
                blocks);
        stall.reissued(now);
    }

    private int clients() {
        return hz.getClientService().getConnectedClients().size();
    }

    /** Self-play threads over the connected workers (each says its count in a client label). */
    private int workerThreads() {
        int n = 0;
        for (com.hazelcast.client.Client c : hz.getClientService().getConnectedClients()) {
            n += threads(c);
        }
        return n;
    }

    /** A worker's client says its thread count in a label; a join probe has none. */
    private static boolean isWorker(com.hazelcast.client.Client c) {
        return c.getLabels().stream().anyMatch(l -> l.startsWith(Hazelcasts.THREADS_LABEL));
    }

    private static int threads(com.hazelcast.client.Client c) {
        int t = 1;
        for (String label : c.getLabels()) {
            if (label.startsWith(Hazelcasts.THREADS_LABEL)) {
                try {
                    t = Math.max(1, Math.min(1024, Integer.parseInt(label.substring(Hazelcasts.THREADS_LABEL.length()))));
                } catch (NumberFormatException e) {
                    t = 1; // a client that is not one of our workers
                }
            }
        }
        return t;
    }

    private static SelfPlayStats stats(List<SelfPlayRecord> games, long calls, long evaluated, long nanos) {
        long positions = 0, moves = 0, sims = 0, resigned = 0, through = 0, fp = 0;
        for (SelfPlayRecord g : games) {
            positions += g.positions();
            moves += g.moves().length();
            sims += g.simulations();
            resigned += "resigned".equals(g.end()) ? 1 : 0;
            through += g.wouldResign() >= 0 ? 1 : 0;
            fp += g.falsePositive() ? 1 : 0;
        }
        return new SelfPlayStats(games.size(), positions, moves, sims, calls, evaluated, resigned, through, fp, nanos);
    }

    @Override
    public void close() {
        hz.shutdown();
    }
}
