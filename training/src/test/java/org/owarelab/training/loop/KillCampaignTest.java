package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill -9 campaign: tiny runs killed with SIGKILL at seeded random moments (some of them
 * killed again while they resume), before the first checkpoint, during an evaluation and during
 * a gate, and with continuous self-play (games in flight saved at each checkpoint), each resumed
 * to the end and compared bit for bit with the uninterrupted run
 * ({@link SameRun}). Slow (a few minutes on 2 cores): run it with
 * {@code mvn -B test -pl training -am -Dgroups=slow -Dtest.excludedGroups=none -Dtest=KillCampaignTest
 * -Dsurefire.failIfNoSpecifiedTests=false}; {@code -Dcampaign.kills=K} and {@code -Dcampaign.seed=S}
 * choose how many random kill points and which.
 */
@Tag("slow")
class KillCampaignTest {
    /** A tiny run's shape. */
    record Setup(String name, int generations, String... sets) {
    }

    /** Checkpoints every other generation: a kill may cost two generations, and both are redone. */
    static final Setup SPARSE = new Setup("sparse", 6, "loop.evaluateEvery=3", "loop.checkpointEvery=2");
    /** Gating: a gate per generation and the self-play network swapped on acceptance. */
    static final Setup GATED = new Setup("gated", 4, "loop.evaluateEvery=2", "gating.enabled=true",
            "gating.maxPairs=4", "arena.simulations=8");

    /**
     * Continuous self-play: every checkpoint (generations 2, 4 and 5) saves 64 games in flight,
     * which a resumed run puts back in their slots.
     */
    static final Setup CONTINUOUS = new Setup("continuous", 5, "selfplay.continuous=true", "loop.checkpointEvery=2");

    private static final Map<String, Path> REFERENCES = new HashMap<>();

    @TempDir
    static Path shared;

    @TempDir
    Path tmp;

    @Test
    void seededRandomKillPointsResumeToTheUninterruptedRun() throws Exception {
        int kills = Integer.getInteger("campaign.kills", 6);
        Random rnd = new Random(Long.getLong("campaign.seed", 14));
        int killed = 0;
        for (int k = 0; k < kills; k++) {
            int lines = rnd.nextInt(SPARSE.generations() - 1);
            long delay = rnd.nextInt(1500);
            boolean again = k % 2 == 1;
            killed += killAndResume(SPARSE, "random-" + k, (run, log) -> log.contains("training ")
                    && TrainProcess.metricLines(run) >= lines, delay, again ? rnd.nextInt(1500) : -1) ? 1 : 0;
        }
        assertTrue(killed > 0, "at least one of " + kills + " processes was killed before it ended");
    }

    @Test
    void killsBeforeTheFirstCheckpoint() throws Exception {
        assertTrue(killAndResume(SPARSE, "config-only", (run, log) -> Files.exists(run.config()), 0, -1));
        assertTrue(killAndResume(SPARSE, "start", (run, log) -> log.contains("training "), 0, -1));
        assertTrue(killAndResume(SPARSE, "gen1", (run, log) -> TrainProcess.metricLines(run) >= 1, 0, -1),
                "killed after generation 1, before the first checkpoint (generation 2)");
    }

    @Test
    void killsDuringAnEvaluationAndAGate() throws Exception {
        assertTrue(killAndResume(SPARSE, "eval", (run, log) -> log.contains("gen 3/6: evaluating"), 0, -1));
        assertTrue(killAndResume(GATED, "gate", (run, log) -> log.contains("gen 2/4: gating"), 0, -1));
        assertTrue(killAndResume(GATED, "gated-eval", (run, log) -> log.contains("gen 2/4: evaluating"), 0, -1));
    }

    @Test
    void continuousSelfPlayResumesWithItsGamesInFlight() throws Exception {
        assertTrue(killAndResume(CONTINUOUS, "continuous-gen1", (run, log) -> TrainProcess.metricLines(run) >= 1, 0, -1),
                "killed before the first checkpoint");
        assertTrue(killAndResume(CONTINUOUS, "continuous-ckpt", (run, log) -> run.readState().generation() >= 2, 0, -1),
                "killed right after the first checkpoint, 64 games in flight");
        assertTrue(killAndResume(CONTINUOUS, "continuous-saving",
                (run, log) -> Files.exists(InFlightFile.path(run, 4)), 0, -1),
                "killed with generation 4's games in flight saved and its state not yet");
        Random rnd = new Random(Long.getLong("campaign.seed", 14));
        for (int k = 0; k < 3; k++) {
            int lines = 2 + rnd.nextInt(CONTINUOUS.generations() - 2);
            killAndResume(CONTINUOUS, "continuous-random-" + k, (run, log) -> TrainProcess.metricLines(run) >= lines,
                    rnd.nextInt(1500), k == 1 ? rnd.nextInt(1500) : -1);
        }
        assertTrue(Files.isRegularFile(reference(CONTINUOUS).resolve(InFlightFile.name(5))),
                "the last checkpoint holds games in flight");
    }

    /** Issue 14's case: a short run extended by a resume trains exactly as the longer run. */
    @Test
    void anExtendedRunTrainsAsTheLongerRun() throws Exception {
        Path dir = tmp.resolve("extended");
        Path log = tmp.resolve("extended.log");
        TrainProcess.start(dir, log, 3, SPARSE.sets()).finish();
        TrainProcess.resume(dir, log, "loop.generations=" + SPARSE.generations()).finish();
        Path ref = reference(SPARSE);
        assertEquals(Files.readString(new RunDirectory(ref).selfplay()), Files.readString(new RunDirectory(dir).selfplay()));
        ObjectMapper json = new ObjectMapper();
        List<String> a = Files.readAllLines(new RunDirectory(ref).metrics());
        List<String> b = Files.readAllLines(new RunDirectory(dir).metrics());
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            JsonNode x = json.readTree(a.get(i));
            JsonNode y = json.readTree(b.get(i));
            for (String field : List.of("step", "games", "positions")) {
                assertEquals(x.get(field), y.get(field), "generation " + (i + 1) + " " + field);
            }
            for (String field : List.of("loss", "policyLoss", "valueLoss", "gradNorm", "steps")) {
                assertEquals(x.get("train").get(field), y.get("train").get(field), "generation " + (i + 1) + " train." + field);
            }
        }
        String last = new RunDirectory(ref).readState().checkpoint();
        for (String file : List.of("params.djl", "optimizer.npz")) {
            assertArrayEquals(Files.readAllBytes(new RunDirectory(ref).checkpoints().resolve(last).resolve(file)),
                    Files.readAllBytes(new RunDirectory(dir).checkpoints().resolve(last).resolve(file)), file);
        }
    }

    /**
     * Starts a run of {@code setup}, kills it when {@code when} holds (after {@code delay} ms);
     * with {@code againDelay >= 0} kills its resume too, once it has done one more generation;
     * resumes it to the end and compares it with the uninterrupted run.
     *
     * @return whether the first process was killed (false: it ended first)
     */
    private boolean killAndResume(Setup setup, String name, TrainProcess.When when, long delay, long againDelay)
            throws Exception {
        Path ref = reference(setup);
        Path dir = tmp.resolve(name);
        Path log = tmp.resolve(name + ".log");
        boolean killed = TrainProcess.start(dir, log, setup.generations(), setup.sets()).killWhen(when, delay);
        if (killed && againDelay >= 0) {
            int done = TrainProcess.metricLines(new RunDirectory(dir));
            TrainProcess.resume(dir, log).killWhen((run, text) -> TrainProcess.metricLines(run) > done, againDelay);
        }
        TrainProcess.resume(dir, log).finish();
        try {
            SameRun.assertSame(ref, dir);
        } catch (AssertionError e) {
            throw new AssertionError(name + ": " + e.getMessage() + "\nlog:\n" + Files.readString(log), e);
        }
        return killed;
    }

    /** The uninterrupted run of {@code setup}, made once (in another directory: a run does not depend on its path). */
    private static synchronized Path reference(Setup setup) throws IOException, InterruptedException {
        Path ref = REFERENCES.get(setup.name());
        if (ref == null || !Files.exists(ref.resolve("state.json"))) {
            ref = shared.resolve("reference-" + setup.name());
            RunDirectory.deleteTree(ref);
            TrainProcess.start(ref, shared.resolve(setup.name() + ".log"), setup.generations(), setup.sets()).finish();
            REFERENCES.put(setup.name(), ref);
        }
        return ref;
    }
}
