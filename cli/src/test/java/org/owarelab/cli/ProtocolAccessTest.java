package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27 §1: an agent spec written to a protocol stream ({@code oware uci}'s {@code setoption name
 * Agent}, {@code oware jsonl --env}'s {@code agent} op) starts no program unless the command line
 * said {@code --allow-engines}. Each case runs the command in a subprocess, as a GUI or script would.
 */
class ProtocolAccessTest {
    @Test
    void uciSetoptionAgentDoesNotRunACommand(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("FILE");
        List<String> out = run(dir, "uci\nsetoption name Agent value uci:cmd=\"touch " + file + "\"\nisready\nquit\n",
                "uci", "--agent", "random");
        assertFalse(Files.exists(file), "setoption ran the command: " + out);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string error: setoption Agent: agent spec 'uci:cmd=")
                && l.contains("--allow-engines")), out.toString());
    }

    @Test
    void uciRunsItWithAllowEngines(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("FILE");
        run(dir, "setoption name Agent value uci:cmd=\"touch " + file + "\",startup=5000\nisready\nquit\n",
                "uci", "--agent", "random", "--allow-engines");
        assertTrue(Files.exists(file));
    }

    @Test
    void jsonlEnvAgentOpDoesNotRunACommand(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("FILE");
        List<String> out = run(dir, "{\"op\": \"reset\"}\n{\"op\": \"agent\", \"agent\": \"uci:cmd=\\\"touch " + file
                + "\\\"\"}\n{\"op\": \"agent\", \"agent\": \"puct:model=/etc/passwd\"}\n", "jsonl", "--env");
        assertFalse(Files.exists(file), "the agent op ran the command: " + out);
        assertEquals(3, out.size(), out.toString());
        assertTrue(out.get(1).startsWith("{\"error\":\"agent spec 'uci:cmd=") && out.get(1).contains("--allow-engines"),
                out.get(1));
        assertTrue(out.get(2).contains("reads a file") && out.get(2).contains("--allow-files"), out.get(2));
    }

    @Test
    void jsonlEnvRunsItWithAllowEngines(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("FILE");
        List<String> out = run(dir, "{\"op\": \"reset\"}\n{\"op\": \"agent\", \"agent\": \"uci:cmd=\\\"touch " + file
                + "\\\",startup=5000\"}\n", "jsonl", "--env", "--allow-engines");
        assertTrue(Files.exists(file), out.toString());
    }

    /** Runs {@code oware ARGS} with {@code input} on stdin; returns its stdout lines. */
    private static List<String> run(Path dir, String input, String... args) throws IOException, InterruptedException {
        Path in = dir.resolve("in.txt");
        Files.writeString(in, input);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", cp, Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "oware " + String.join(" ", args) + " did not exit");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        return Files.readAllLines(dir.resolve("out.txt"), StandardCharsets.UTF_8);
    }
}
