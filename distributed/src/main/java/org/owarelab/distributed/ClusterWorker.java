package org.owarelab.distributed;

import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.owarelab.agents.inference.CachingEvaluator;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TorchThreads;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayStats;
import org.owarelab.training.selfplay.SelfPlayWorker;

/**
 * A self-play worker: a Hazelcast client of the trainer's cluster. Each of its threads takes a
 * block of games ({@link Ticket}), loads the published network when the block's version is not
 * the one it holds, plays the block with the run's self-play config (lock-step, one evaluator and
 * position cache per thread, as the local loop does) and pushes the finished games
 * ({@link GameMessage}); the record queue's bound makes it wait when the trainer is behind.
 *
 * <p>Faults: a game is pushed only when finished, so a worker that dies loses its games in
 * flight and nothing else. Games not yet pushed when the trainer goes away are kept and pushed
 * again once the client has reconnected (the client retries without end); the trainer's gate
 * drops any it had already taken. A published network of another run is refused with a message.
 *
 * <p>Threads: {@link #start} starts them, {@link #close} stops them (dropping games in flight)
 * and disconnects; {@link #kill} disconnects abruptly, as a killed process would.
 */
public final class ClusterWorker implements AutoCloseable {
    private final String runId;
    private final String name;
    private final DeviceChoice device;
    private final PrintStream log;
    private final WorkerThreads crew;
    private final IMap<String, byte[]> network;
    private final IQueue<String> tickets;
    private final IQueue<byte[]> records;
    private final AtomicLong pushed = new AtomicLong();
    private final AtomicLong played = new AtomicLong();
    /** The last network fetched, shared by the threads (each builds its own copy). Guarded by {@code this}. */
    private PublishedNetwork latest;
    /** A refusal already reported (run id of the refused network). Guarded by {@code this}. */
    private String refused;

    /**
     * Connects to the trainer (blocks until it answers, without end).
     *
     * @param runId the run to join (the trainer prints it)
     * @param join the trainer's address
     * @param threads self-play threads
     * @param name this worker's name in the trainer's metrics
     */
    public ClusterWorker(String runId, ClusterSettings.HostPort join, int threads, String name, DeviceChoice device,
            PrintStream log) {
        if (threads < 1 || threads > 1024) {
            throw new IllegalArgumentException("--threads " + threads + ": expected 1..1024");
        }
        if (!runId.matches("[A-Za-z0-9-]{1,80}")) {
            throw new IllegalArgumentException("--run '" + runId + "': expected the run id the trainer prints "
                    + "([A-Za-z0-9-], e.g. q1-3fa9c2d1)");
        }
        this.runId = runId;
        this.name = name;
        this.device = device;
        this.log = log;
        this.crew = new WorkerThreads(runId, join, name, threads, "trainer", "games not yet pushed are kept", log);
        HazelcastInstance client = crew.client;
        this.network = client.getMap(Hazelcasts.NETWORK_MAP);
        this.tickets = client.getQueue(Hazelcasts.TICKETS);
        this.records = client.getQueue(Hazelcasts.RECORDS);
    }

    /** Starts the self-play threads. */
    public void start() {
        crew.start(this::loop);
    }

    /** Blocks until the worker is stopped (by {@link #close} from another thread, or an interrupt). */
    public void await() throws InterruptedException {
        crew.await();
    }

    /** Games pushed to the trainer so far. */
    public long pushed() {
        return pushed.get();
    }

    /** Games finished so far (pushed or waiting to be). */
    public long played() {
        return played.get();
    }

    public String name() {
        return name;
    }

    /** What one thread holds between blocks. */
    private final class Player implements AutoCloseable {
        final PublishedNetwork published;
        final TrainConfig cfg;
        final PolicyValueNet net;
        /** The network on ONNX Runtime ({@code loop.inference}), or null on DJL. */
        final OnnxModel onnx;
        final Evaluator evaluator;
        final SelfPlayWorker worker;

        Player(PublishedNetwork p) throws IOException {
            this.published = p;
            this.cfg = p.config();
            if (!cfg.rules().equals(p.rules()) || !cfg.observationEncoder().tag().equals(p.encoder())) {
                throw new IllegalArgumentException("published network version " + p.version() + ": its header (rules '"
                        + p.rules() + "', encoder " + p.encoder() + ") disagrees with its config");
            }
            this.net = p.load(cfg, device);
            ObservationEncoder encoder = cfg.observationEncoder();
            // loop.inference as in the local loop: ONNX Runtime on a CPU (a session per thread), else DJL
            this.onnx = cfg.loop().selfPlayOnOnnx(net.onGpu())
                    ? OnnxModel.of(OnnxWriter.toBytes(net, "self-play v" + p.version()), encoder, new OnnxSettings(1, 1))
                    : null;
            Evaluator inner = onnx != null ? onnx.open(null, cfg.ruleSet())
                    : new DjlEvaluator(net, encoder, cfg.selfplay().parallelGames() * cfg.selfplay().leavesPerGame());
            this.evaluator = cfg.loop().cacheEntries() > 0 ? new CachingEvaluator(inner, cfg.loop().cacheEntries()) : inner;
            this.worker = new SelfPlayWorker(cfg.selfplay(), cfg.ruleSet(), evaluator, encoder, cfg.seed());
        }

        @Override
        public void close() {
            try {
                evaluator.close();
            } catch (Exception e) {
                // closing native memory: nothing the worker could do
            }
            if (onnx != null) {
                onnx.close();
            }
            net.close();
        }
    }

    private void loop() {
        TorchThreads.set(1); // the threads are the parallelism, as in the local loop
        Deque<byte[]> pending = new ArrayDeque<>();
        Player player = null;
        long failures = 0;
        try {
            while (!crew.stopped() && !Thread.currentThread().isInterrupted()) {
                try {
                    while (!pending.isEmpty()) {
                        if (crew.stopped()) {
                            return;
                        }
                        if (records.offer(pending.peekFirst(), 1, TimeUnit.SECONDS)) {
                            pending.removeFirst();
                            pushed.incrementAndGet();
                        }
                    }
                    String text = tickets.poll(500, TimeUnit.MILLISECONDS);
                    if (text == null) {
                        continue;
                    }
                    Ticket ticket = Ticket.parse(text);
                    if (player == null || !ticket.playsWith(player.published.version(), player.published.hash())) {
                        PublishedNetwork p = fetch(ticket);
                        if (p == null) {
                            continue; // a block of an older network, or a network this worker refuses
                        }
                        if (player != null) {
                            player.close();
                            player = null;
                        }
                        player = new Player(p);
                    }
                    play(player, ticket, pending);
                    failures = 0;
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException | IOException e) {
                    if (crew.stopped()) {
                        return;
                    }
                    if (failures++ % 30 == 0) {
                        log.printf("%s: %s; retrying%n", Thread.currentThread().getName(), oneLine(e));
                    }
                    Thread.sleep(1_000);
                }
            }
        } catch (InterruptedException e) {
            // stopping
        } finally {
            if (player != null) {
                player.close();
            }
        }
    }

    private static String oneLine(Throwable e) {
        if (e.getClass().getName().startsWith("com.hazelcast")) {
            return "the trainer did not answer (" + e.getClass().getSimpleName() + ")";
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** The published network {@code t} names, or null when the cluster holds another (or one this worker refuses). */
    private synchronized PublishedNetwork fetch(Ticket t) {
        if (latest == null || !t.playsWith(latest.version(), latest.hash())) {
            byte[] b = network.get(Hazelcasts.NETWORK_KEY);
            if (b == null) {
                return null;
            }
            PublishedNetwork p = PublishedNetwork.decode(b);
            if (!p.runId().equals(runId)) {
                if (!p.runId().equals(refused)) {
                    refused = p.runId();
                    log.printf("%s: refusing the network of run %s: this worker joined run %s%n", name, p.runId(), runId);
                }
                return null;
            }
            latest = p;
        }
        return t.playsWith(latest.version(), latest.hash()) ? latest : null;
    }

    private void play(Player p, Ticket ticket, Deque<byte[]> pending) {
        SelfPlayStats before = p.worker.stats();
        List<SelfPlayRecord> games = new ArrayList<>();
        List<List<PositionRecord>> positions = new ArrayList<>();
        p.worker.play(ticket.first(), ticket.count(), (g, ps) -> {
            games.add(g);
            positions.add(List.copyOf(ps));
        });
        if (Thread.currentThread().isInterrupted() || crew.stopped()) {
            return; // games in flight are dropped; finished ones were not yet pushed either
        }
        SelfPlayStats after = p.worker.stats();
        PublishedNetwork n = p.published;
        for (int i = 0; i < games.size(); i++) {
            boolean first = i == 0; // the block's counters are charged to its first game
            GameMessage m = new GameMessage(runId, n.runSeed(), n.version(), n.hash(), n.rules(), n.encoder(), name,
                    first ? after.evaluatorCalls() - before.evaluatorCalls() : 0,
                    first ? after.evaluated() - before.evaluated() : 0, first ? after.nanos() - before.nanos() : 0,
                    games.get(i), positions.get(i));
            pending.addLast(m.encode());
            played.incrementAndGet();
        }
    }

    /** Stops the threads (games in flight are dropped) and disconnects. */
    @Override
    public void close() {
        crew.close();
    }

    /** Disconnects at once, as a killed process would, then stops the threads. */
    public void kill() {
        crew.kill();
    }
}
