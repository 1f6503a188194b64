package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.Match;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.evaluation.MatchListener;
import org.owarelab.evaluation.MatchResult;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;

/** The training loop end to end on a tiny board: it learns, it checkpoints, it resumes. */
class TrainerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void tinyBoardTrainsEndToEndAndBeatsRandom() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(6), dir, "test", TinyRuns.quietLog(log));

        RunDirectory run = new RunDirectory(dir);
        TrainState state = run.readState();
        assertEquals(6, state.generation());
        assertEquals(6 * 64, state.games());
        assertTrue(state.learnerSteps() > 0);
        assertTrue(Files.isRegularFile(dir.resolve("config.yaml")) && Files.isRegularFile(dir.resolve("run.json")));
        JsonNode info = JSON.readTree(dir.resolve("run.json").toFile());
        assertEquals(1, info.get("seed").asLong());
        assertTrue(info.has("gitCommit") && info.has("djlVersion") && info.has("java"));
        List<String> metrics = Files.readAllLines(run.metrics());
        assertEquals(6, metrics.size());
        JsonNode first = JSON.readTree(metrics.get(0));
        JsonNode last = JSON.readTree(metrics.get(5));
        assertTrue(last.get("train").get("valueLoss").asDouble() < first.get("train").get("valueLoss").asDouble(),
                "the value loss falls: " + first.get("train") + " -> " + last.get("train"));
        assertTrue(last.has("arena"), "the run ends with an evaluation");
        TinyRuns.assertNoSkippedSteps(run);

        // An independent check of the trained player: 40 new games against random.
        RuleSet rules = RuleSet.parse("houses=3,seeds=3");
        MatchConfig mc = new MatchConfig("puct:model=\"" + dir + "\",sims=32", "random", rules,
                org.owarelab.rules.Position.start(rules), 40, 2, 12345, 2, 200);
        try (AgentRegistry agents = ModelAgents.registry()) {
            MatchResult r = Match.run(agents, mc, MatchListener.NONE);
            assertTrue(r.tally().score().score() >= 0.9, "score against random: " + r.tally().score());
        }
    }

    /**
     * Issue 27 section 4: a run whose metrics.jsonl and selfplay.jsonl end in a line cut short (a
     * crash after state.json moved on) resumes, rewrites the lost metrics line from the state and
     * says what was lost, instead of finishing with a generation's line missing and no word.
     */
    @Test
    void aResumeSaysWhatWasLostInLinesCutShort() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(2, "loop.gamesPerGeneration=32"), dir, "test", TinyRuns.quietLog(log));
        RunDirectory run = new RunDirectory(dir);
        TrainState after2 = run.readState();
        for (Path f : List.of(run.metrics(), run.selfplay())) {
            String text = Files.readString(f);
            int last = text.lastIndexOf('\n', text.length() - 2) + 1;
            Files.writeString(f, text.substring(0, last + (text.length() - last) / 2)); // the last line cut in half
        }
        ByteArrayOutputStream resumed = new ByteArrayOutputStream();
        Trainer.resume(dir, List.of("loop.generations=3"), "test --resume", TinyRuns.quietLog(resumed));
        List<String> metrics = Files.readAllLines(run.metrics());
        assertEquals(3, metrics.size(), "a line per generation");
        JsonNode second = JSON.readTree(metrics.get(1));
        assertEquals(2, second.get("generation").asInt());
        assertEquals(after2.learnerSteps(), second.get("step").asLong());
        assertTrue(second.has("recovered"), metrics.get(1));
        assertEquals(3, JSON.readTree(metrics.get(2)).get("generation").asInt());
        assertEquals(3 * 32 - 1, Files.readAllLines(run.selfplay()).size(), "one game record lost, the rest kept");
        String said = resumed.toString();
        assertTrue(said.contains("resume: metrics.jsonl: the line of generation 2 was lost"), said);
        assertTrue(said.contains("resume: selfplay.jsonl: 1 game record up to the resume point could not be read "
                + "(cut short or damaged) and is lost: the run's games 64..64 of 64"), said);
    }

    @Test
    void aResumedRunContinuesWhereItStopped() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(2), dir, "test", TinyRuns.quietLog(log));
        RunDirectory run = new RunDirectory(dir);
        TrainState after2 = run.readState();
        assertEquals(2, after2.generation());

        // A kill between writing the state and deleting the previous replay file leaves that file behind.
        Files.writeString(dir.resolve("replay-g1.bin"), "left behind by a kill");
        Trainer.resume(dir, List.of("loop.generations=4"), "test --resume", TinyRuns.quietLog(log));
        TrainState after4 = run.readState();
        try (var files = Files.list(dir)) {
            assertEquals(List.of(after4.replay()), files.map(f -> f.getFileName().toString())
                    .filter(f -> f.startsWith("replay-")).toList(), "only the state's replay file is kept");
        }
        assertEquals(4, after4.generation());
        assertEquals(4 * 64, after4.games(), "game ids go on from the first session's");
        assertTrue(after4.learnerSteps() > after2.learnerSteps());
        List<String> metrics = Files.readAllLines(run.metrics());
        assertEquals(4, metrics.size());
        for (int g = 0; g < 4; g++) {
            assertEquals(g + 1, JSON.readTree(metrics.get(g)).get("generation").asInt());
        }
        assertTrue(JSON.readTree(metrics.get(2)).get("step").asLong() > after2.learnerSteps(),
                "the third generation starts from the second's learner steps, not from zero");
        assertTrue(Files.exists(dir.resolve("run-2.json")), "each session records its own run info");
        assertTrue(log.toString().contains("resuming at generation 3"), log.toString());
        assertEquals(4, run.readConfig().loop().generations(), "the override is saved with the run");
        TinyRuns.assertNoSkippedSteps(run);
    }

    @Test
    void aSpentTimeBudgetEndsTheRunWithItsLastGenerationAndAResumeAgrees() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // A budget of a millisecond: the first generation's training ends past it, so it is the last.
        Trainer.start(TinyRuns.config(5, "loop.maxWallSeconds=0.001"), dir, "test", TinyRuns.quietLog(log));
        RunDirectory run = new RunDirectory(dir);
        TrainState state = run.readState();
        assertEquals(1, state.generation());
        assertTrue(state.seconds() >= 0.001);
        assertTrue(Files.isDirectory(run.checkpoints().resolve(state.checkpoint())), "the last generation's checkpoint");
        assertTrue(Files.list(run.eval()).anyMatch(p -> p.getFileName().toString().startsWith("final")),
                "the final evaluation was played");
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("time budget spent"), log.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Trainer.resume(dir, List.of(), "test --resume", TinyRuns.quietLog(again));
        assertEquals(1, run.readState().generation(), "a resume of a run whose budget is spent trains nothing");
        assertTrue(again.toString(StandardCharsets.UTF_8).contains("is complete"), again.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aNegativeTimeBudgetIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "loop.maxWallSeconds=-1"));
        assertTrue(e.getMessage().contains("loop.maxWallSeconds"), e.getMessage());
    }

    @Test
    void aSecondStartInTheSameDirectoryIsRefused() throws Exception {
        Path dir = tmp.resolve("run");
        Trainer.start(TinyRuns.config(1), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Trainer.start(TinyRuns.config(1), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("already holds a run"), e.getMessage());
    }

    @Test
    void aRefusedResumeChangesNothingOnDisk() throws Exception {
        Path dir = tmp.resolve("run");
        Trainer.start(TinyRuns.config(1), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        Map<String, String> before = snapshot(dir);
        List<List<String>> refused = List.of(List.of("rules=houses=4,seeds=4"), List.of("network.hidden=[32]"),
                List.of("encoder=planes"), List.of("loop.generations=abc"), List.of("loop.generations=2", "nosuch=1"));
        for (List<String> sets : refused) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Trainer.resume(dir, sets, "test", TinyRuns.quietLog(new ByteArrayOutputStream())));
            assertEquals(before, snapshot(dir), "--set " + sets + " was refused (" + e.getMessage() + ") and changed nothing");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Trainer.resume(dir, List.of("rules=houses=4,seeds=4"), "test", TinyRuns.quietLog(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("changes the run's rules (houses=3,seeds=3 -> houses=4)"), e.getMessage());

        Files.move(dir.resolve("replay-g1.bin"), tmp.resolve("moved.bin"));
        Map<String, String> withoutReplay = snapshot(dir);
        e = assertThrows(IllegalArgumentException.class, () -> Trainer.resume(dir, List.of("loop.generations=2"), "test",
                TinyRuns.quietLog(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("names replay-g1.bin, which is missing"), e.getMessage());
        assertEquals(withoutReplay, snapshot(dir));

        Files.move(tmp.resolve("moved.bin"), dir.resolve("replay-g1.bin"));
        Trainer.resume(dir, List.of("loop.generations=2"), "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        assertEquals(2, new RunDirectory(dir).readState().generation(), "the plain resume still works");
        assertTrue(Files.exists(dir.resolve("run-2.json")) && !Files.exists(dir.resolve("run-3.json")),
                "one session record per session that ran");
    }

    @Test
    void aRunKilledBeforeItBeganIsStartedOverInPlace() throws Exception {
        // What a kill between writing config.yaml and state.json leaves: a config, perhaps run.json.
        for (boolean viaResume : new boolean[] {true, false}) {
            Path dir = tmp.resolve("unbegun-" + viaResume);
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("config.yaml"), TinyRuns.config(1).toYaml());
            Files.writeString(dir.resolve("run.json"), "{}");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            if (viaResume) {
                Trainer.resume(dir, List.of(), "test --resume", TinyRuns.quietLog(log));
            } else {
                Trainer.start(TinyRuns.config(1), dir, "test --out", TinyRuns.quietLog(log));
            }
            assertTrue(log.toString().contains("starting") && log.toString().contains("over in place"), log.toString());
            assertEquals(1, new RunDirectory(dir).readState().generation());
            assertTrue(JSON.readTree(dir.resolve("run.json").toFile()).has("seed"), "run.json is this session's");
            assertTrue(!Files.exists(dir.resolve("run-2.json")));
        }
    }

    @Test
    void aRunInUseIsRefused() throws Exception {
        Path dir = tmp.resolve("run");
        Trainer.start(TinyRuns.config(1), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        Map<String, String> before = snapshot(dir);
        try (RunLock lock = RunLock.acquire(new RunDirectory(dir))) {
            RunInUseException e = assertThrows(RunInUseException.class, () -> Trainer.resume(dir,
                    List.of("loop.generations=2"), "test", TinyRuns.quietLog(new ByteArrayOutputStream())));
            assertTrue(e.getMessage().contains("is in use"), e.getMessage());
        }
        assertEquals(before, snapshot(dir));
    }

    /** Every file under {@code dir} (relative path) with its content, Base64. */
    private static Map<String, String> snapshot(Path dir) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString(), Base64.getEncoder().encodeToString(Files.readAllBytes(p)));
            }
        }
        return out;
    }

    @Test
    void resumingSomethingThatIsNotARunIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Trainer.resume(tmp, List.of(), "test", TinyRuns.quietLog(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("not a run directory"), e.getMessage());
    }

    @Test
    void gatingKeepsSelfPlayOnTheBestAcceptedNetwork() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(3, "gating.enabled=true", "gating.maxPairs=6", "arena.simulations=8"), dir,
                "test", TinyRuns.quietLog(log));
        RunDirectory run = new RunDirectory(dir);
        TrainState state = run.readState();
        assertTrue(state.best() != null, "the first checkpoint is accepted: " + state);
        assertTrue(Files.isDirectory(run.checkpoints().resolve(state.best())));
        List<String> metrics = Files.readAllLines(run.metrics());
        JsonNode first = JSON.readTree(metrics.get(0)).get("gating");
        assertEquals("ACCEPT", first.get("decision").asText());
        assertEquals(0, first.get("pairs").asInt(), "nothing to beat at the first checkpoint");
        for (int g = 1; g < 3; g++) {
            JsonNode gate = JSON.readTree(metrics.get(g)).get("gating");
            assertTrue(gate.get("pairs").asInt() >= 1 && gate.get("pairs").asInt() <= 6, gate.toString());
            String decision = gate.get("decision").asText();
            assertTrue(decision.equals("ACCEPT") || decision.equals("REJECT"), decision);
            assertTrue(Files.isRegularFile(run.eval().resolve("gate-" + RunDirectory.checkpointName(
                    JSON.readTree(metrics.get(g)).get("step").asLong()) + ".jsonl")));
        }
        TinyRuns.assertNoSkippedSteps(run);
    }

    @Test
    void theResumePointMovesOnlyWithACheckpoint() throws Exception {
        Path dir = tmp.resolve("run");
        Trainer.start(TinyRuns.config(3, "loop.checkpointEvery=2"), dir, "test",
                TinyRuns.quietLog(new ByteArrayOutputStream()));
        RunDirectory run = new RunDirectory(dir);
        List<String> metrics = Files.readAllLines(run.metrics());
        assertEquals(3, metrics.size());
        assertEquals(2, run.checkpointDirs().size(), "checkpoints at generation 2 and at the end");
        long stepAt2 = JSON.readTree(metrics.get(1)).get("step").asLong();
        assertTrue(Files.isDirectory(run.checkpoints().resolve(RunDirectory.checkpointName(stepAt2))));
        TrainState end = run.readState();
        assertEquals(3, end.generation());
        assertEquals("replay-g3.bin", end.replay());
    }
}
