package org.owarelab.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.training.loop.TrainConfig;

/** Shared pieces of the cluster tests: a tiny-board config, a free loopback port, run-directory readers. */
final class ClusterRuns {
    private ClusterRuns() {
    }

    static TrainConfig config(int generations, String... extra) {
        List<String> sets = new ArrayList<>(List.of(
                "rules=houses=3,seeds=3",
                "network.hidden=[32, 32]",
                "selfplay.parallelGames=8",
                "selfplay.simulations=16",
                "selfplay.plyCap=200",
                "replay.window=20000",
                "replay.minPositions=64",
                "loop.generations=" + generations,
                "loop.workers=1",
                "loop.gamesPerGeneration=24",
                "loop.batchSize=64",
                "loop.maxStepsPerGeneration=10",
                "loop.evaluateEvery=0",
                "loop.cacheEntries=1024",
                "arena.opponents=[random]",
                "arena.games=4",
                "arena.finalGames=4",
                "arena.simulations=8",
                "arena.openingPlies=2"));
        sets.addAll(List.of(extra));
        return TrainConfig.parse("", "tiny cluster", sets);
    }

    /** A port free on 127.0.0.1 a moment ago (parallel test runs each get their own). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    /**
     * Waits until the trainer of {@code runId} starting in the background answers a worker's
     * handshake on {@code port} (a worker joins only a trainer that is there); fails when
     * {@code alive} turns false first or after 5 minutes.
     */
    static void awaitTrainer(String runId, int port, java.util.function.BooleanSupplier alive) throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(5);
        while (true) { // polled condition: the trainer answers the join probe
            try {
                JoinProbe.check("run", runId, new ClusterSettings.HostPort("127.0.0.1", port));
                return;
            } catch (JoinProbe.JoinException e) {
                if (!alive.getAsBoolean() || System.nanoTime() > deadline) {
                    throw new AssertionError("the trainer ended or did not answer on port " + port + ": "
                            + e.getMessage());
                }
                Thread.sleep(20);
            }
        }
    }

    static ClusterSettings settings(int port) {
        return new ClusterSettings("127.0.0.1", port, List.of(), 1, 10_000);
    }

    static PrintStream log(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }

    static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                out.add(Frames.JSON.readTree(line));
            }
        }
        return out;
    }
}
