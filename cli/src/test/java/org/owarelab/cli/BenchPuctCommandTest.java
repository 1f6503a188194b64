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
    void roundsAlternateTheCountsAndEndWithMedians() {
        String out = run(0, "bench", "puct", "--agent", "puct:c=1.5", "--movetime", "5", "--threads", "1,2",
                "--rounds", "3");
        java.util.List<String> benches = out.lines().filter(l -> l.startsWith("puct bench: ")).toList();
        assertEquals(java.util.List.of("puct:c=1.5,threads=1", "puct:c=1.5,threads=2", "puct:c=1.5,threads=1",
                "puct:c=1.5,threads=2", "puct:c=1.5,threads=1", "puct:c=1.5,threads=2"),
                benches.stream().map(l -> l.substring("puct bench: ".length(), l.indexOf(", 12 positions"))).toList(), out);
        assertEquals(3, out.lines().filter(l -> l.matches("round \\d/3")).count(), out);
        // every round's own lines, then the medians: the per-round rates of count 2 bracket its median
        java.util.List<Long> twos = out.lines().filter(l -> l.matches("threads 2: simulations/s \\d+ \\(x\\d+\\.\\d\\d\\)"))
                .map(l -> Long.parseLong(l.split(" ")[3])).sorted().toList();
        assertEquals(3, twos.size(), out);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "threads 2: simulations/s (\\d+) \\(x\\d+\\.\\d\\d\\), median of 3 rounds; range (\\d+)-(\\d+) "
                        + "\\(x\\d+\\.\\d\\d-\\d+\\.\\d\\d\\)").matcher(out);
        assertTrue(m.find(), out);
        assertEquals(twos.get(1), Long.parseLong(m.group(1)), out);
        assertEquals(twos.get(0), Long.parseLong(m.group(2)), out);
        assertEquals(twos.get(2), Long.parseLong(m.group(3)), out);
        assertTrue(out.lines().anyMatch(l -> l.matches(
                "threads 1: simulations/s \\d+ \\(x1\\.00\\), median of 3 rounds; range \\d+-\\d+ \\(x1\\.00-1\\.00\\)")), out);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, BenchPuctCommand.median(new double[] {4, 1, 3, 2}), 1e-12);
        assertEquals(3.0, BenchPuctCommand.median(new double[] {5, 3, 1}), 1e-12);
    }

    @Test
    void badRoundsAreOneLineAndExitTwo() {
        String out = run(2, "bench", "puct", "--agent", "puct", "--movetime", "5", "--rounds", "0");
        assertTrue(out.contains("--rounds 0: expected 1..100"), out);
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
