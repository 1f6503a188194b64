package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code oware uci} in a subprocess with the CLI's whole class path: stdout holds protocol lines only. */
class UciCommandTest {
    /** Every line the engine may write: the replies of UCI-OWARE.md. */
    private static final String PROTOCOL = "(id (name|author) .+|option name .+|uciok|readyok|info .+|bestmove ([A-Fa-f]|0000))";

    @Test
    void stdoutCarriesOnlyProtocolLines(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("in.txt");
        // "stop" after each go but the last: the input arrives at once, and a go while a search runs is refused by design
        // (UciEngine), so without it the second go could come before the first search has ended.
        Files.writeString(in, String.join("\n", "uci", "isready", "position startpos moves Ff", "go depth 2", "stop", "garbage",
                "position fen 4-4-4 moves A", "setoption name OwnBook value false", "go infinite", "isready", "stop",
                "position fen 1-1-1-1-1-1-1-1-1-1-1-1-25-11-N", "go movetime 50", "quit", ""));
        Process p = run(dir, in, "uci", "--agent", "random", "--seed", "3");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "oware uci did not exit");
        List<String> out = Files.readAllLines(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "stdout " + out + ", stderr " + Files.readString(dir.resolve("err.txt")));
        for (String line : out) {
            assertTrue(line.matches(PROTOCOL), "not a protocol line: '" + line + "'");
        }
        assertEquals(List.of("bestmove [A-F]", "bestmove [A-F]", "bestmove 0000"),
                out.stream().filter(l -> l.startsWith("bestmove")).map(l -> l.equals("bestmove 0000") ? l : "bestmove [A-F]").toList());
        assertTrue(out.contains("info string unknown command garbage"), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string error: position fen:")), out.toString());
    }

    @Test
    void aBadAgentSpecIsAOneLineErrorWithExitCode2(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("in.txt");
        Files.writeString(in, "uci\n");
        Process p = run(dir, in, "uci", "--agent", "nosuch:depth=3");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue());
        assertEquals(List.of(), Files.readAllLines(dir.resolve("out.txt")));
        String err = Files.readString(dir.resolve("err.txt"));
        assertTrue(err.startsWith("oware uci: agent spec 'nosuch:depth=3' at column 1: unknown agent 'nosuch'"), err);
    }

    private static Process run(Path dir, Path in, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", cp, Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(new File(dir.toFile(), "err.txt")).start();
    }
}
