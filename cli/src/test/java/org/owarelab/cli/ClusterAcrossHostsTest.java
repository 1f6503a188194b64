package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.training.selfplay.SelfPlaySeeds;

/**
 * Issue 48 section 5: the cluster across hosts. The trainer and two workers each run as their own
 * JVM ({@code oware train --cluster}, {@code oware worker}) in a network namespace of their own,
 * joined by a bridge ({@link NetworkNamespaces}). Mid-run, once worker {@code wb} has delivered
 * games, its interface goes down (a silent partition: no reset, no FIN) until it notices that the
 * trainer is gone; then it comes back, and {@code wb} reconnects and plays on. The run must end
 * with every generation's games counted once: ids and seeds unique and derived from the run seed,
 * as many records as the state counts, each of a network version the generation may take. The
 * same run without the partition must play the same version-0 games (the only games whose
 * network does not depend on the workers' timing, see docs/cluster.md), record for record.
 *
 * <p>The JVMs get Hazelcast's heartbeat timeouts cut from 60 s to 4 s (system properties the
 * lab does not set), so a partition is noticed within seconds rather than a minute. Six JVM
 * starts on two cores: tagged slow. Needs root and {@code ip netns}; else skipped with one line.
 */
@Tag("slow")
class ClusterAcrossHostsTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SEED = 7;
    private static final int GENERATIONS = 12;
    private static final int GAMES = 24;
    private static final int BLOCK = 8; // selfplay.parallelGames: the games of one ticket
    private static final int PORT = 5701; // the trainer's namespace has no other listener
    private static final long STEP_SECONDS = 120; // bound on any one wait (JVM starts on a loaded machine)
    private static final Pattern RUN_ID = Pattern.compile("oware worker --join \\S+ --run ([A-Za-z0-9-]+)");

    @TempDir
    Path tmp;

    private NetworkNamespaces net;
    private final List<Process> processes = new ArrayList<>();
    /** The logs of the processes started so far, for failure messages. */
    private final List<Path> logs = new ArrayList<>();

    /** One run's directory and its processes' logs. */
    private record Run(Path dir, Path trainerLog, Map<String, Path> workerLogs, int generationsAtCut,
            int generationsAtHeal) {
    }

    @BeforeEach
    void makeTheNetwork() throws IOException {
        String why = NetworkNamespaces.unavailable();
        Assumptions.assumeTrue(why == null, why);
        NetworkNamespaces.sweepStale();
        net = NetworkNamespaces.create("trainer", "wa", "wb");
    }

    @AfterEach
    void killAndDelete() throws InterruptedException {
        for (Process p : processes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : processes) {
            p.waitFor(30, TimeUnit.SECONDS);
        }
        if (net != null) {
            net.close();
        }
    }

    @Test
    void aWorkerCutOffMidGenerationRejoinsAndEveryGameCountsOnce() throws Exception {
        long t0 = System.nanoTime();
        Run cut = train("cut", true);
        long t1 = System.nanoTime();
        Run clean = train("clean", false);
        System.out.printf("ClusterAcrossHostsTest: run with the partition %.0f s, without %.0f s%n",
                (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);

        List<JsonNode> cutGames = checkEveryGameOnce(cut);
        List<JsonNode> cleanGames = checkEveryGameOnce(clean);

        // wb delivered before the cut, and again after it rejoined: generation g takes versions g - 1
        // and g - 2, and versions from generationsAtHeal + 1 on were published after the heal, so
        // wb's games in generation generationsAtHeal + 3 or later were played after it.
        List<JsonNode> metrics = jsonLines(cut.dir().resolve("metrics.jsonl"));
        assertTrue(metrics.subList(0, cut.generationsAtCut()).stream()
                .anyMatch(l -> l.path("source").path("perWorker").has("wb")), "wb's games before the cut");
        int first = cut.generationsAtHeal() + 3;
        assertTrue(first <= GENERATIONS, "the run was nearly over when wb rejoined (" + cut.generationsAtHeal()
                + " generations done)");
        boolean fedAfter = false;
        for (int g = first; g <= GENERATIONS; g++) {
            fedAfter |= metrics.get(g - 1).path("source").path("perWorker").has("wb");
        }
        assertTrue(fedAfter, "wb's games counted after it rejoined (generations " + first + ".." + GENERATIONS
                + "): " + Files.readString(cut.trainerLog()));

        // Version-0 games are played with the seed's initial network: the same ids, the same games.
        Map<Long, JsonNode> reference = new LinkedHashMap<>();
        for (JsonNode g : cleanGames) {
            reference.put(g.get("id").asLong(), g);
        }
        int compared = 0;
        for (JsonNode g : cutGames) {
            long id = g.get("id").asLong();
            if (id >>> 32 == 0 && reference.containsKey(id)) {
                assertEquals(reference.get(id), g, "game " + id + " with and without the partition");
                compared++;
            }
        }
        assertTrue(compared >= BLOCK, "at least a block of version-0 games in both runs, got " + compared);
        System.out.printf("ClusterAcrossHostsTest: %d version-0 games identical in both runs%n", compared);
    }

    /** A cluster run: the trainer and both workers, with {@code wb} cut off and healed when {@code partition}. */
    private Run train(String name, boolean partition) throws Exception {
        Path dir = tmp.resolve(name);
        Path trainerLog = tmp.resolve(name + "-trainer.log");
        List<String> args = new ArrayList<>(List.of("train", "--config", REPO.resolve("configs/tiny.yaml").toString(),
                "--out", dir.toString(), "--cluster", "--bind", net.address("trainer"), "--port", String.valueOf(PORT)));
        for (String s : List.of("seed=" + SEED, "network.hidden=[32,32]", "selfplay.parallelGames=" + BLOCK,
                "selfplay.simulations=16", "loop.generations=" + GENERATIONS, "loop.gamesPerGeneration=" + GAMES,
                "loop.batchSize=64", "loop.maxStepsPerGeneration=10", "replay.minPositions=64", "arena.games=4",
                "arena.finalGames=4", "arena.simulations=8")) {
            args.add("--set");
            args.add(s);
        }
        Process trainer = launch("trainer", trainerLog, List.of("-Dhazelcast.client.max.no.heartbeat.seconds=4"), args);
        awaitTrue(() -> RUN_ID.matcher(read(trainerLog)).find(), trainer, "the trainer to listen");
        Matcher m = RUN_ID.matcher(read(trainerLog));
        assertTrue(m.find());
        String runId = m.group(1);
        Map<String, Path> workerLogs = new LinkedHashMap<>();
        Map<String, Process> workers = new LinkedHashMap<>();
        for (String w : List.of("wa", "wb")) {
            Path log = tmp.resolve(name + "-" + w + ".log");
            workerLogs.put(w, log);
            workers.put(w, launch(w, log, List.of("-Dhazelcast.client.heartbeat.timeout=4000",
                    "-Dhazelcast.client.heartbeat.interval=1000"), List.of("worker", "--join",
                    net.address("trainer") + ":" + PORT, "--run", runId, "--name", w)));
        }
        int atCut = 0, atHeal = 0;
        if (partition) {
            Path metrics = dir.resolve("metrics.jsonl");
            // Mid-run, once the run directory shows games from wb: a generation's metrics name it.
            awaitTrue(() -> jsonLinesOrNone(metrics).stream()
                    .anyMatch(l -> l.path("source").path("perWorker").has("wb")), trainer, "games from wb");
            atCut = jsonLinesOrNone(metrics).size();
            assertTrue(atCut < GENERATIONS, "the run ended before the cut");
            net.cut("wb");
            awaitTrue(() -> read(workerLogs.get("wb")).contains("wb: lost the trainer"), workers.get("wb"),
                    "wb to notice the partition");
            assertFalse(read(workerLogs.get("wa")).contains("lost the trainer"), "only wb was cut off");
            net.heal("wb");
            awaitTrue(() -> read(workerLogs.get("wb")).contains("wb: connected to the trainer"), workers.get("wb"),
                    "wb to reconnect");
            atHeal = jsonLinesOrNone(metrics).size();
            assertTrue(atHeal < GENERATIONS, "the run ended while wb was cut off (" + atCut + " generations at the cut)");
        }
        if (!trainer.waitFor(2 * STEP_SECONDS, TimeUnit.SECONDS)) {
            fail("the trainer did not end within " + 2 * STEP_SECONDS + " s\n" + allLogs());
        }
        assertEquals(0, trainer.exitValue(), read(trainerLog));
        for (Process w : workers.values()) {
            w.destroyForcibly(); // workers wait for their trainer without end
            w.waitFor(30, TimeUnit.SECONDS);
        }
        return new Run(dir, trainerLog, workerLogs, atCut, atHeal);
    }

    /**
     * The run's records against its state and metrics: {@code GENERATIONS x GAMES} games, none
     * twice (ids, seeds), each seed the one the run seed gives its id, each game of a version its
     * generation may take (the current one or one older), each generation its {@code GAMES}.
     */
    private static List<JsonNode> checkEveryGameOnce(Run run) throws IOException {
        String log = read(run.trainerLog());
        JsonNode state = JSON.readTree(run.dir().resolve("state.json").toFile());
        assertEquals(GENERATIONS, state.get("generation").asInt(), log);
        assertEquals((long) GENERATIONS * GAMES, state.get("games").asLong(), log);
        List<JsonNode> games = jsonLines(run.dir().resolve("selfplay.jsonl"));
        assertEquals(GENERATIONS * GAMES, games.size(), "one record per game the state counts");
        Set<Long> ids = new HashSet<>();
        Set<Long> seeds = new HashSet<>();
        long positions = 0;
        for (int i = 0; i < games.size(); i++) {
            JsonNode g = games.get(i);
            long id = g.get("id").asLong();
            assertTrue(ids.add(id), "game " + id + " recorded twice");
            assertTrue(seeds.add(g.get("seed").asLong()), "seed of game " + id + " recorded twice");
            assertEquals(SelfPlaySeeds.game(SEED, id), g.get("seed").asLong(), "game " + id + "'s seed");
            long version = id >>> 32;
            long generation = i / GAMES + 1; // generation g takes network version g - 1, or g - 2 (stale by one)
            assertTrue(version == generation - 1 || version == generation - 2,
                    "game " + id + " (version " + version + ") in generation " + generation);
            positions += g.get("positions").asLong();
        }
        assertEquals(state.get("positions").asLong(), positions, "positions the state counts");
        List<JsonNode> metrics = jsonLines(run.dir().resolve("metrics.jsonl"));
        assertEquals(GENERATIONS, metrics.size());
        for (JsonNode line : metrics) {
            assertEquals(GAMES, line.path("source").path("accepted").asInt(), line.toString());
        }
        assertEquals((long) GENERATIONS * GAMES, metrics.get(GENERATIONS - 1).path("source").path("acceptedTotal")
                .asLong());
        return games;
    }

    private Process launch(String host, Path log, List<String> jvmFlags, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(net.exec(host));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Dai.djl.pytorch.num_threads=1");
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(args);
        logs.add(log);
        Process p = new ProcessBuilder(cmd).directory(REPO.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        processes.add(p);
        return p;
    }

    /** Polls {@code condition} (every 50 ms, at most {@link #STEP_SECONDS}); fails when {@code p} ends first. */
    private void awaitTrue(BooleanSupplier condition, Process p, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_SECONDS);
        while (!condition.getAsBoolean()) { // polled condition, not a sleep to pass
            if (!p.isAlive() || System.nanoTime() > deadline) {
                fail("waiting for " + what + ": " + (p.isAlive() ? "not within " + STEP_SECONDS + " s" : "the process "
                        + "ended (exit " + p.exitValue() + ")") + "\n" + allLogs());
            }
            Thread.sleep(50);
        }
    }

    private String allLogs() {
        StringBuilder b = new StringBuilder();
        for (Path log : logs) {
            b.append("--- ").append(log.getFileName()).append(":\n").append(read(log));
        }
        return b.toString();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                out.add(JSON.readTree(line));
            }
        }
        return out;
    }

    /** The complete lines written so far (a line being appended is skipped), none when there is no file yet. */
    private static List<JsonNode> jsonLinesOrNone(Path file) {
        List<JsonNode> out = new ArrayList<>();
        String text = read(file);
        int end = text.lastIndexOf('\n');
        for (String line : (end < 0 ? "" : text.substring(0, end)).split("\n")) {
            if (!line.isBlank()) {
                try {
                    out.add(JSON.readTree(line));
                } catch (IOException e) {
                    return out;
                }
            }
        }
        return out;
    }
}
