package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

        // An independent check of the trained player: 40 new games against random.
        RuleSet rules = RuleSet.parse("houses=3,seeds=3");
        MatchConfig mc = new MatchConfig("puct:model=\"" + dir + "\",sims=32", "random", rules,
                org.owarelab.rules.Position.start(rules), 40, 2, 12345, 2, 200);
        try (AgentRegistry agents = ModelAgents.registry()) {
            MatchResult r = Match.run(agents, mc, MatchListener.NONE);
            assertTrue(r.tally().score().score() >= 0.9, "score against random: " + r.tally().score());
        }
    }

    @Test
    void aResumedRunContinuesWhereItStopped() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(2), dir, "test", TinyRuns.quietLog(log));
        RunDirectory run = new RunDirectory(dir);
        TrainState after2 = run.readState();
        assertEquals(2, after2.generation());

        Trainer.resume(dir, List.of("loop.generations=4"), "test --resume", TinyRuns.quietLog(log));
        TrainState after4 = run.readState();
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
