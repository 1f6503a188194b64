package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code oware bench search} prints its figures and the search signature. */
class BenchSearchCommandTest {
    /** The signature at depth 8: the golden number of the agents module's SearchBenchTest. */
    private static final long SIGNATURE_DEPTH_8 = 59_005L;

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
    void printsPerPositionLinesAndTheSignature() {
        String out = run(0, "bench", "search", "--depth", "8", "--no-warmup");
        assertTrue(out.contains("signature: " + SIGNATURE_DEPTH_8 + "\n"), out);
        assertTrue(out.contains("nodes: " + SIGNATURE_DEPTH_8 + "\n"), out);
        assertTrue(out.contains("nodes/s: "), out);
        assertEquals(12, out.lines().filter(l -> l.matches("\\s*\\d+ +\\S+-[SN] .*")).count(), out);
    }

    @Test
    void reductionsSearchFewerNodesToTheSameDepth() {
        String out = run(0, "bench", "search", "--depth", "8", "--no-warmup", "--lmr");
        assertTrue(out.contains("late-move reductions"), out);
        long nodes = Long.parseLong(out.lines().filter(l -> l.startsWith("signature: ")).findFirst().orElseThrow()
                .substring("signature: ".length()));
        assertTrue(nodes < SIGNATURE_DEPTH_8, "with reductions " + nodes + " nodes, without " + SIGNATURE_DEPTH_8);
    }

    @Test
    void rejectsABadDepth() {
        String out = run(2, "bench", "search", "--depth", "0");
        assertTrue(out.contains("--depth 0: expected 1..40"), out);
    }
}
