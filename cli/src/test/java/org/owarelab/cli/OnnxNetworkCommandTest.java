package org.owarelab.cli;
import org.owarelab.util.Pythons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code puct:onnx=FILE,encoder=TAG} from the command line: a network that PyTorch exports with
 * {@code torch.onnx.export} (python/examples/onnx_network.py, run by the venv's python) plays a
 * match and a tournament and exports as a bundle; a file that does not fit the contract is refused with exit code 2 and one
 * line before any game; and the JSON-lines env reads such a file only with {@code --allow-files}.
 * The PyTorch tests are skipped, with a message, where no python with torch and onnx is found
 * (python/venv.sh makes one; OWARE_PYTHON names another).
 */
class OnnxNetworkCommandTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A python that imports torch and onnx, or null. */
    static String torchPython() throws InterruptedException {
        return Pythons.find("torch, onnx");
    }

    /** Exports python/examples/onnx_network.py's untrained MLP for {@code shape} into {@code out}. */
    static Path exportTorch(Path dir, String shape, int houses) throws Exception {
        String python = torchPython();
        assumeTrue(python != null, "no python with torch and onnx (run python/venv.sh, or set OWARE_PYTHON): the "
                + "PyTorch-exported network was not played");
        Path out = dir.resolve("own.onnx");
        Path log = dir.resolve("export.log");
        Process p = new ProcessBuilder(python, REPO.resolve("python/examples/onnx_network.py").toString(), "--out",
                out.toString(), "--shape", shape, "--houses", Integer.toString(houses)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "torch export did not finish");
        assertEquals(0, p.exitValue(), Files.readString(log));
        assertTrue(Files.size(out) > 0);
        return out;
    }

    @Test
    void aTorchExportedNetworkPlaysAMatchAndATournament(@TempDir Path dir) throws Exception {
        Path net = exportTorch(dir, "19,12", 6);
        String spec = "puct:onnx=" + net + ",encoder=planes/1,sims=16";
        Object[] r = MatchCommandTest.run("match", spec, "random", "--games", "2", "--seed", "3", "--out",
                dir.resolve("m").toString());
        assertEquals(0, r[0], (String) r[2]);
        String[] lines = ((String) r[1]).strip().split("\n");
        JsonNode json = JSON.readTree(lines[lines.length - 1]);
        assertEquals(2, json.get("wins").asInt() + json.get("draws").asInt() + json.get("losses").asInt(), (String) r[1]);
        Object[] t = MatchCommandTest.run("tournament", "--players", spec, "random", "--games-per-pair", "2", "--out",
                dir.resolve("t").toString());
        assertEquals(0, t[0], (String) t[2]);
        assertTrue(Files.exists(dir.resolve("t/tournament.json")), (String) t[1]);
        assertTrue(((String) t[1]).contains("puct:onnx="), (String) t[1]);
        Object[] e = MatchCommandTest.run("export", net.toString(), "--encoder", "planes/1", "--sims", "8", "--out",
                dir.resolve("bundle").toString(), "--platform", "linux-x64");
        assertEquals(0, e[0], (String) e[2]);
        assertEquals(Files.size(net), Files.size(dir.resolve("bundle/model.onnx")));
        assertTrue(Files.isRegularFile(dir.resolve("bundle/engine")), (String) e[1]);
    }

    @Test
    void aFileThatDoesNotFitIsRefusedBeforeAnyGame(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.onnx");
        Files.writeString(bad, "not an onnx graph");
        for (String[] args : List.of(new String[] {"match", "puct:onnx=" + bad, "random", "--games", "2", "--out",
                dir.resolve("m").toString()}, new String[] {"tournament", "--players", "puct:onnx=" + bad, "random", "--games-per-pair", "2",
                "--out", dir.resolve("t").toString()}, new String[] {"export", bad.toString(), "--out",
                dir.resolve("e").toString()})) {
            Object[] r = MatchCommandTest.run(args);
            String err = ((String) r[2]).strip();
            assertEquals(2, r[0], args[0] + ": " + r[1] + err);
            assertFalse(err.contains("\n"), args[0] + ": more than one line: " + err);
            assertTrue(err.contains(bad.toString()) && err.contains("ONNX Runtime cannot load it"), err);
            assertFalse(Files.exists(dir.resolve(args[0].equals("match") ? "m/games.jsonl" : "t/games.jsonl")),
                    args[0] + " played a game");
            assertFalse(Files.exists(dir.resolve("e")), "export wrote a bundle");
        }
    }

    @Test
    void theJsonlEnvReadsANetworkFileOnlyWithAllowFiles(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.onnx");
        Files.writeString(bad, "not an onnx graph");
        String in = "{\"op\": \"reset\"}\n{\"op\": \"agent\", \"agent\": \"puct:onnx=" + bad + "\"}\n";
        List<String> refused = jsonl(dir, in);
        assertTrue(refused.get(1).contains("onnx= reads a file") && refused.get(1).contains("--allow-files"),
                refused.toString());
        List<String> opened = jsonl(dir, in, "--allow-files");
        assertTrue(opened.get(1).contains("ONNX Runtime cannot load it"), opened.toString());
    }

    private static List<String> jsonl(Path dir, String input, String... flags) throws Exception {
        Path in = dir.resolve("in.txt");
        Files.writeString(in, input);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", cp, Main.class.getName(),
                "jsonl", "--env"));
        cmd.addAll(List.of(flags));
        Process p = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "oware jsonl --env did not exit");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        return Files.readAllLines(dir.resolve("out.txt"), StandardCharsets.UTF_8);
    }
}
