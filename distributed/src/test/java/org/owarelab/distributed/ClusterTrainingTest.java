package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.loop.Trainer;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayWorker;

/**
 * A trainer and two workers as separate Hazelcast instances on 127.0.0.1 in this JVM (the trainer
 * a member, the workers clients) train a tiny-board run end to end.
 */
class ClusterTrainingTest {
    @TempDir
    Path tmp;

    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    private Future<Path> trainer(TrainConfig cfg, Path dir, int port, ByteArrayOutputStream log) {
        return pool.submit(() -> Trainer.start(cfg, dir, "test --cluster", ClusterRuns.log(log),
                ClusterGameSource.factory(ClusterRuns.settings(port))));
    }

    @Test
    void aTrainerAndTwoWorkersTrainATinyRunAndRefuseForeignAndRepeatedRecords() throws Exception {
        TrainConfig cfg = ClusterRuns.config(2);
        Path dir = Files.createDirectories(tmp.resolve("cluster-run"));
        String runId = ClusterGameSource.runId(dir);
        int port = ClusterRuns.freePort();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ByteArrayOutputStream wlog = new ByteArrayOutputStream();
        Future<Path> run = trainer(cfg, dir, port, log);
        ClusterSettings.HostPort join = new ClusterSettings.HostPort("127.0.0.1", port);

        // Before any worker plays: a rogue client pushes one good game, then copies of it that must be refused.
        HazelcastInstance rogue = Hazelcasts.client(runId, join, "rogue", 1);
        try {
            PublishedNetwork p = awaitNetwork(rogue);
            assertEquals(0, p.version());
            GameMessage good = playOne(p, Ticket.firstId(0) + 1_000_000);
            IQueue<byte[]> q = rogue.getQueue(Hazelcasts.RECORDS);
            q.offer(good.encode());
            q.offer(good.encode()); // re-sent: a duplicate
            q.offer(with(good, "other-run", good.rules(), good.version(), good.networkHash(), good.gameId()).encode());
            q.offer(with(good, runId, "houses=4,seeds=4", good.version(), good.networkHash(), good.gameId()).encode());
            q.offer(with(good, runId, good.rules(), 5, good.networkHash(), Ticket.firstId(5)).encode()); // never published
            q.offer(with(good, runId, good.rules(), 0, "0".repeat(64), good.gameId() + 1).encode()); // other weights
            q.offer(new byte[] {1, 2, 3}); // not a record
        } finally {
            rogue.shutdown();
        }

        try (ClusterWorker w1 = new ClusterWorker(runId, join, 1, "w1", DeviceChoice.parse("cpu"), ClusterRuns.log(wlog));
                ClusterWorker w2 = new ClusterWorker(runId, join, 1, "w2", DeviceChoice.parse("cpu"), ClusterRuns.log(wlog))) {
            w1.start();
            w2.start();
            assertEquals(dir, run.get());
        } finally {
            pool.shutdownNow();
        }

        List<JsonNode> metrics = ClusterRuns.jsonLines(dir.resolve("metrics.jsonl"));
        assertEquals(2, metrics.size(), log.toString());
        JsonNode g1 = metrics.get(0).get("source");
        assertEquals(24, g1.get("accepted").asInt());
        assertEquals(3, g1.get("members").asInt(), "the trainer and two workers: " + g1);
        assertEquals(1, g1.get("droppedBy").get("duplicate").asInt(), g1.toString());
        assertEquals(1, g1.get("droppedBy").get("run").asInt(), g1.toString());
        assertEquals(1, g1.get("droppedBy").get("rules").asInt(), g1.toString());
        assertEquals(2, g1.get("droppedBy").get("version").asInt(), g1.toString());
        assertEquals(1, g1.get("droppedBy").get("corrupt").asInt(), g1.toString());
        assertEquals(6, g1.get("dropped").asInt());
        Set<String> players = new TreeSet<>();
        metrics.forEach(m -> m.get("source").get("perWorker").fieldNames().forEachRemaining(players::add));
        assertEquals(Set.of("rogue", "w1", "w2"), players, "both workers played (and the rogue's one good game)");
        assertTrue(log.toString().contains("dropped game " + (Ticket.firstId(0) + 1_000_000) + " from rogue: accepted before"),
                log.toString());
        assertTrue(log.toString().contains("of run other-run"), log.toString());

        // The same kind of run directory as a local run: the same files, one game line per game, unique ids.
        List<JsonNode> games = ClusterRuns.jsonLines(dir.resolve("selfplay.jsonl"));
        assertEquals(48, games.size());
        Set<Long> ids = new HashSet<>();
        games.forEach(g -> ids.add(g.get("id").asLong()));
        assertEquals(48, ids.size(), "game ids are unique");
        JsonNode state = Frames.JSON.readTree(dir.resolve("state.json").toFile());
        assertEquals(2, state.get("generation").asInt());
        assertEquals(48, state.get("games").asInt());
        assertTrue(state.get("learnerSteps").asInt() > 0, "the learner trained on the workers' games: " + state);

        Path local = Trainer.start(cfg, tmp.resolve("local-run"), "test", ClusterRuns.log(new ByteArrayOutputStream()));
        Set<String> localFiles = names(local);
        Set<String> clusterFiles = names(dir);
        clusterFiles.remove(ClusterGameSource.RUN_FILE);
        assertEquals(localFiles, clusterFiles);
        JsonNode localMetrics = ClusterRuns.jsonLines(local.resolve("metrics.jsonl")).get(0);
        Set<String> keys = new TreeSet<>();
        metrics.get(0).fieldNames().forEachRemaining(keys::add);
        keys.remove("source");
        Set<String> localKeys = new TreeSet<>();
        localMetrics.fieldNames().forEachRemaining(localKeys::add);
        assertEquals(localKeys, keys);
    }

    @Test
    void trainingCompletesWhenAWorkerIsKilledMidRun() throws Exception {
        TrainConfig cfg = ClusterRuns.config(3);
        Path dir = Files.createDirectories(tmp.resolve("kill-run"));
        String runId = ClusterGameSource.runId(dir);
        int port = ClusterRuns.freePort();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ByteArrayOutputStream wlog = new ByteArrayOutputStream();
        Future<Path> run = trainer(cfg, dir, port, log);
        ClusterSettings.HostPort join = new ClusterSettings.HostPort("127.0.0.1", port);
        ClusterRuns.awaitTrainer(runId, port, () -> !run.isDone());
        try (ClusterWorker survivor = new ClusterWorker(runId, join, 1, "survivor", DeviceChoice.parse("cpu"),
                ClusterRuns.log(wlog))) {
            ClusterWorker victim = new ClusterWorker(runId, join, 1, "victim", DeviceChoice.parse("cpu"),
                    ClusterRuns.log(wlog));
            victim.start();
            // Wait (a condition, not a time) until the victim has pushed a game, then kill it mid-run.
            while (victim.pushed() == 0) {
                Thread.sleep(20);
            }
            victim.kill();
            survivor.start();
            assertEquals(dir, run.get());
        } finally {
            pool.shutdownNow();
        }
        List<JsonNode> metrics = ClusterRuns.jsonLines(dir.resolve("metrics.jsonl"));
        assertEquals(3, metrics.size());
        for (JsonNode m : metrics) {
            assertEquals(24, m.get("source").get("accepted").asInt());
        }
        JsonNode last = metrics.get(2).get("source");
        assertEquals(2, last.get("members").asInt(), "the trainer and the survivor: " + last);
        assertEquals(Set.of("survivor"), fieldNames(last.get("perWorker")));
        assertEquals(72, ClusterRuns.jsonLines(dir.resolve("selfplay.jsonl")).size());
    }

    private static Set<String> fieldNames(JsonNode n) {
        Set<String> s = new TreeSet<>();
        n.fieldNames().forEachRemaining(s::add);
        return s;
    }

    private static Set<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            Set<String> out = new TreeSet<>();
            for (Iterator<Path> it = s.iterator(); it.hasNext();) {
                out.add(it.next().getFileName().toString().replaceAll("-g\\d+", "-gN"));
            }
            return out;
        }
    }

    /** The published network, once the trainer has put it (waits for that condition). */
    static PublishedNetwork awaitNetwork(HazelcastInstance client) throws InterruptedException {
        while (true) {
            byte[] b = client.<String, byte[]>getMap(Hazelcasts.NETWORK_MAP).get(Hazelcasts.NETWORK_KEY);
            if (b != null) {
                return PublishedNetwork.decode(b);
            }
            Thread.sleep(50);
        }
    }

    /** Plays game {@code id} with the published network, as a worker would, and wraps it as the worker would. */
    static GameMessage playOne(PublishedNetwork p, long id) throws Exception {
        TrainConfig cfg = p.config();
        try (PolicyValueNet net = p.load(cfg, DeviceChoice.parse("cpu"));
                Evaluator ev = new DjlEvaluator(net, cfg.observationEncoder(), 8)) {
            SelfPlayWorker w = new SelfPlayWorker(cfg.selfplay(), cfg.ruleSet(), ev, cfg.observationEncoder(), cfg.seed());
            List<SelfPlayRecord> g = new ArrayList<>();
            List<List<PositionRecord>> ps = new ArrayList<>();
            w.play(id, 1, (game, pos) -> {
                g.add(game);
                ps.add(List.copyOf(pos));
            });
            return new GameMessage(p.runId(), p.runSeed(), p.version(), p.hash(), p.rules(), p.encoder(), "rogue", 0, 0,
                    0, g.get(0), ps.get(0));
        }
    }

    /** {@code m} with another run, rules, version, weights hash or id. */
    static GameMessage with(GameMessage m, String run, String rules, long version, String hash, long id) {
        SelfPlayRecord g = m.game();
        SelfPlayRecord g2 = new SelfPlayRecord(id, g.seed(), rules, g.moves(), g.winner(), g.end(), g.southStore(),
                g.northStore(), g.wouldResign(), g.wouldResignPly(), g.positions(), g.simulations());
        return new GameMessage(run, m.runSeed(), version, hash, rules, m.encoder(), m.worker(), 0, 0, 0, g2,
                m.positions());
    }
}
