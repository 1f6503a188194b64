package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.model.DeviceChoice;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.loop.Trainer;

/**
 * Blocks of games taken by a client that stays connected and never plays them, as when a worker's
 * poll is served but its reply is lost on the network (the client's call times out, the block is
 * gone from the queue, and no disconnection tells the trainer): the generation must not wait for
 * them without end. Before the fix it did: every block the version may have was issued, the queue
 * was empty and the trainer printed "waiting for games" for ever.
 */
class LostBlocksTest {
    @TempDir
    Path tmp;

    @Test
    void blocksTakenAndNeverPlayedAreIssuedAgainAfterAStall() throws Exception {
        TrainConfig cfg = ClusterRuns.config(1); // 24 games, blocks of 8: 6 blocks may be issued
        Path dir = Files.createDirectories(tmp.resolve("run"));
        String runId = ClusterGameSource.runId(dir);
        int port = ClusterRuns.freePort();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Path> run = pool.submit(() -> Trainer.start(cfg, dir, "test --cluster", ClusterRuns.log(log),
                ClusterGameSource.factory(ClusterRuns.settings(port))));
        ClusterSettings.HostPort join = new ClusterSettings.HostPort("127.0.0.1", port);
        HazelcastInstance lost = null;
        try {
            ClusterRuns.awaitTrainer(runId, port, () -> !run.isDone());
            lost = Hazelcasts.client(runId, join, "lost", 1);
            IQueue<String> tickets = lost.getQueue(Hazelcasts.TICKETS);
            int taken = 0;
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (taken < 6) { // polled condition: every block of version 0 taken
                if (tickets.poll(200, TimeUnit.MILLISECONDS) != null) {
                    taken++;
                }
                if (System.nanoTime() > deadline) {
                    fail("the trainer issued " + taken + " blocks in 2 min: " + log);
                }
            }
            ByteArrayOutputStream wlog = new ByteArrayOutputStream();
            try (ClusterWorker w = new ClusterWorker(runId, join, 1, "w", DeviceChoice.parse("cpu"),
                    ClusterRuns.log(wlog))) {
                w.start();
                assertEquals(dir, run.get(3, TimeUnit.MINUTES));
            } catch (TimeoutException e) {
                fail("the generation waited for the lost blocks: " + log);
            }
        } finally {
            run.cancel(true);
            pool.shutdownNow();
            if (lost != null) {
                lost.shutdown();
            }
        }
        String trainer = log.toString();
        // All 24 games issued again at once, none before: the join probes (the test's and the
        // worker's own) raised the limit by a block each until 2026-12-01, so the worker played
        // 16 games and the stall issued 1 block.
        assertTrue(trainer.matches("(?s).*gen 1: no game for \\d+ s with every block taken; issuing 3 more.*"), trainer);
        List<JsonNode> games = ClusterRuns.jsonLines(dir.resolve("selfplay.jsonl"));
        assertEquals(24, games.size());
        Set<Long> ids = new HashSet<>();
        games.forEach(g -> ids.add(g.get("id").asLong()));
        assertEquals(24, ids.size(), "each game once");
        assertTrue(ids.stream().allMatch(id -> id >= 48), "only blocks issued after the stall were played: " + ids);
    }
}
