package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.report.TrainingPoint;

class LadderCommandTest {
    @TempDir
    Path run;

    private void checkpoint(String name, String meta) throws Exception {
        Path dir = run.resolve("checkpoints").resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("meta.json"), meta);
    }

    @Test
    void ratesCheckpointsAgainstTheLadderAndPlotsEloAgainstTraining() throws Exception {
        checkpoint("step-2", "{\"step\":2,\"wallSeconds\":5}");
        checkpoint("step-40", "{\"step\":40,\"wallSeconds\":60}");
        // Fake checkpoints played by ordinary agents: the spec template maps a checkpoint to MCTS by its step.
        Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "greedy", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2", "--threads", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("2 checkpoints (steps 2, 40) against 2 opponents and each other"), r.out());
        assertTrue(r.out().contains("Ratings (Elo with confidence interval; random = 0)"), r.out());
        Path out = run.resolve("ladder");
        for (String f : List.of("games.jsonl", "checkpoints.csv", "ratings.csv", "report.md", "elo-vs-steps.png",
                "elo-vs-time.png")) {
            assertTrue(Files.exists(out.resolve(f)), f);
        }
        assertEquals(List.of(2L, 40L), TrainingPoint.read(out.resolve("checkpoints.csv")).stream()
                .map(TrainingPoint::step).toList());
        // A new checkpoint: only its games are played.
        checkpoint("step-9", "{\"step\":9,\"wallSeconds\":20}");
        Cli more = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "greedy", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2");
        assertEquals(0, more.code(), more.err());
        assertTrue(more.out().contains("resuming: 12 games saved, 8 to play"), more.out());
    }

    @Test
    void aRunWithoutCheckpointsIsAnError() throws Exception {
        Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("has no checkpoints"), r.err());
        if (!TournamentCommandTest.hasAlphaBeta()) {
            checkpoint("a", "{\"step\":1}");
            Cli ab = Cli.run("ladder", "--run", run.toString());
            assertEquals(2, ab.code());
            assertTrue(ab.err().contains("this build has no alpha-beta agent"), ab.err());
        }
    }
}
