package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.tournament.TournamentListener;
import org.owarelab.training.TrainMain;
import org.owarelab.training.loop.RunDirectory;

/** The runner: child JVMs start through training's own main class, with this JVM's classpath. */
class AblationRunnerTest {
    @TempDir
    Path tmp;

    @Test
    void aChildStartsThroughTrainingsMainClassNotTheCommandLines() throws Exception {
        AblationPlan plan = AblationPlan.load(Tiny.write(tmp, "c.yaml", Tiny.head(1) + "seeds: [1]\n"));
        AblationRun run = AblationRun.of(plan, tmp.resolve("out")).get(0);
        List<String> fresh = AblationRunner.childCommand(run, tmp.resolve("cfg.yaml"), 3, "oware ablate c.yaml");
        int main = fresh.indexOf(TrainMain.class.getName());
        assertTrue(main > 0, fresh.toString());
        assertEquals(System.getProperty("java.class.path"), fresh.get(main - 1));
        assertFalse(fresh.stream().anyMatch(a -> a.startsWith("org.owarelab.cli")), fresh.toString());
        assertEquals(List.of("--config", tmp.resolve("cfg.yaml").toString(), "--out", run.dir().toString(), "--set",
                "loop.learnerThreads=3", "--command", "oware ablate c.yaml"), fresh.subList(main + 1, fresh.size()));
        List<String> begun = AblationRunner.childCommand(run, null, 1, "x");
        assertEquals(List.of("--resume", run.dir().toString()), begun.subList(main + 1, main + 3));
    }

    @Test
    void aParallelRunTrainsInAChildJvmAndIsRated() throws Exception {
        Path f = Tiny.write(tmp, "p.yaml", Tiny.head(1) + "seeds: [1]\n"
                + "evaluation:\n  opponents: [random]\n  games: 2\n  sims: 8\n");
        AblationPlan plan = AblationPlan.load(f);
        Path dir = tmp.resolve("abl");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> failed = AblationRunner.run(plan, dir, 2, new PrintWriter(out, true), new PrintWriter(err, true),
                false, () -> TournamentListener.NONE);
        assertEquals(List.of(), failed, out + "\n" + err);
        assertTrue(out.toString().contains("(2 at a time, each in its own JVM)"), out.toString());
        for (long seed : new long[] {1}) {
            Path run = dir.resolve("runs/base/seed-" + seed);
            assertEquals(1, new RunDirectory(run).readState().generation(), "trained by its child: " + run);
            assertTrue(Files.readString(run.resolve("run.json")).contains("oware ablate " + f + " (run base seed "
                    + seed + ")"), "the command recorded in run.json");
            assertTrue(Files.isRegularFile(dir.resolve("logs/base-seed-" + seed + ".log")));
        }
        assertEquals(2, Files.readAllLines(dir.resolve("results.csv")).size());
    }
}
