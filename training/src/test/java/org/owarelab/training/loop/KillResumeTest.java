package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A training process killed with SIGKILL during an evaluation generation and resumed is the
 * uninterrupted run, bit for bit: nothing of the killed generation is lost (its evaluation games
 * and metrics line included) and nothing diverges after it. The slow {@link KillCampaignTest}
 * does the same at many kill points.
 */
class KillResumeTest {
    static final int GENERATIONS = 4;
    static final String[] SETS = {"loop.evaluateEvery=2"};

    @TempDir
    Path tmp;

    @Test
    void killNineDuringAnEvaluationThenResumeIsTheUninterruptedRun() throws Exception {
        Path reference = tmp.resolve("reference");
        TrainProcess.start(reference, tmp.resolve("reference.log"), GENERATIONS, SETS).finish();

        Path dir = tmp.resolve("run");
        Path log = tmp.resolve("run.log");
        boolean killed = TrainProcess.start(dir, log, GENERATIONS, SETS)
                .killWhen((run, text) -> text.contains("gen 2/" + GENERATIONS + ": evaluating"), 0);
        assertTrue(killed, "killed during the evaluation of generation 2");
        RunDirectory run = new RunDirectory(dir);
        TrainState atKill = run.readState();
        assertEquals(1, atKill.generation(), "the resume point moves only once the evaluation is on disk");
        assertFalse(Files.exists(run.eval().resolve("g2-random.jsonl")) && TrainProcess.metricLines(run) >= 2,
                "generation 2 was not complete at the kill");

        TrainProcess.resume(dir, log).finish();
        assertTrue(Files.readString(log).contains("resuming at generation 2"), Files.readString(log));
        SameRun.assertSame(reference, dir);
        assertTrue(Files.isRegularFile(run.eval().resolve("g2-random.jsonl")), "the killed evaluation was done again");
        TinyRuns.assertNoSkippedSteps(run);
        try (var files = Files.list(dir)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("replay-")).count(),
                    "only the current replay file is kept");
        }
    }
}
