package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code oware bench puct --threads 1,2}: one bench per thread count and the speed-up lines. */
class BenchPuctCommandTest {
    private static String run(int expectedExit, String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        assertEquals(expectedExit, cl.execute(args), err.toString());
        return out + err.toString();
    }

    @Test
    void benchesEachThreadCountAndPrintsTheRatios() {
        String out = run(0, "bench", "puct", "--agent", "puct:threads=4,c=1.5", "--movetime", "5", "--threads", "1,2");
        assertTrue(out.contains("puct bench: puct:c=1.5,threads=1, 12 positions"), out);
        assertTrue(out.contains("puct bench: puct:c=1.5,threads=2, 12 positions"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("threads 1: simulations/s \\d+ \\(x1\\.00\\)")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("threads 2: simulations/s \\d+ \\(x\\d+\\.\\d\\d\\)")), out);
        assertEquals(2, out.lines().filter(l -> l.matches("cpu: \\d+\\.\\d\\d cores")).count(), out);
    }

    @Test
    void aBadThreadCountIsOneLineAndExitTwo() {
        String out = run(2, "bench", "puct", "--agent", "puct", "--movetime", "5", "--threads", "1,0");
        assertTrue(out.contains("--threads 0: expected counts 1..256"), out);
    }

    @Test
    void theSpecsThreadsKeyIsReplaced() {
        assertEquals("puct:sims=5,threads=2", BenchPuctCommand.withThreads("puct:threads=8,sims=5", 2));
        assertEquals("puct:threads=1", BenchPuctCommand.withThreads("puct", 1));
    }
}
