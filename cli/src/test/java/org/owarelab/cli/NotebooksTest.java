package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI executes every notebook in {@code notebooks/} headless ({@code nbconvert --execute}) on
 * fixtures made here: a tiny training run, a tiny ablation by {@code oware ablate}
 * ({@code tiny-ablation.yaml} in the test resources), and the lab itself (this test's class path)
 * for the environment tour and the policy-gradient notebook (through the {@code python/} package,
 * in-process where JPype is installed, else over {@code oware jsonl --env}). A cell that raises fails the test with nbconvert's
 * output. Skipped only where no Python with nbconvert is installed ({@code .ci/run} installs
 * Debian's); a Python that has nbconvert but lacks pandas or matplotlib fails.
 *
 * <p>The kernel is pinned to the Python that runs nbconvert through a kernelspec written in the
 * temporary directory ({@code JUPYTER_PATH}), so a {@code python3} shim earlier on the PATH (pyenv)
 * cannot start a kernel without the notebooks' libraries.
 */
class NotebooksTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final String KERNEL = "oware-nbtest-python3";

    @TempDir
    static Path tmp;
    private static String python;

    @BeforeAll
    static void findJupyter() throws Exception {
        String only = System.getProperty("notebooks.python"); // e.g. to see the skip: -Dnotebooks.python=none
        for (String candidate : only != null ? List.of(only) : List.of("/usr/bin/python3", "python3")) {
            if (exec(List.of(candidate, "-c", "import nbconvert, nbclient, ipykernel"), tmp, Map.of()).code == 0) {
                python = candidate;
                break;
            }
        }
        if (python == null) {
            return;
        }
        Path spec = tmp.resolve("jupyter/kernels/" + KERNEL);
        Files.createDirectories(spec);
        Files.writeString(spec.resolve("kernel.json"), JSON.writeValueAsString(Map.of(
                "argv", List.of(python, "-m", "ipykernel_launcher", "-f", "{connection_file}"),
                "display_name", "Python 3 (nbconvert's)", "language", "python")));
    }

    private static void requireJupyter() {
        assumeTrue(python != null, "jupyter is absent (no python3 can import nbconvert, nbclient, ipykernel): "
                + "notebooks not executed; install jupyter-nbconvert python3-nbclient python3-ipykernel "
                + "python3-pandas python3-matplotlib (.ci/run does)");
    }

    @Test
    void everyNotebookHasATest() throws IOException {
        try (Stream<Path> files = Files.list(REPO.resolve("notebooks"))) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".ipynb")).sorted()
                    .toList();
            assertEquals(List.of("ablation-analysis.ipynb", "environment-tour.ipynb", "policy-gradient.ipynb",
                    "training-run.ipynb"), names,
                    "a new notebook needs its execution test here");
        }
    }

    @Test
    void trainingRunWithARelativeRunPathFromTheLaunchDirectory() throws Exception {
        requireJupyter();
        Path run = tmp.resolve("runs/tiny");
        Cli train = Cli.run("train", "--config", REPO.resolve("configs/tiny.yaml").toString(), "--out", run.toString(),
                "--set", "loop.generations=2", "--set", "loop.evaluateEvery=1", "--set", "loop.gamesPerGeneration=16",
                "--set", "selfplay.parallelGames=8", "--set", "selfplay.simulations=8", "--set", "replay.minPositions=32",
                "--set", "loop.maxStepsPerGeneration=10", "--set", "arena.opponents=[random, greedy]",
                "--set", "arena.games=4", "--set", "arena.finalGames=4", "--set", "arena.simulations=8");
        assertEquals(0, train.code(), train.err());
        // As docs/notebooks.md says: OWARE_RUN relative to the directory jupyter is started from, not notebooks/.
        JsonNode nb = execute("training-run.ipynb", tmp, Map.of("OWARE_RUN", "runs/tiny"));
        assertTrue(images(nb) >= 3, "learning curves, throughput and arena plots");
        for (String png : List.of("learning-curves.png", "arena-scores.png")) {
            byte[] b = Files.readAllBytes(run.resolve(png));
            assertTrue(b.length > 1000 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G', png);
        }
    }

    @Test
    void aRunPathThatDoesNotExistIsNamedInTheError() throws Exception {
        requireJupyter();
        Result r = nbconvert("training-run.ipynb", tmp, Map.of("OWARE_RUN", "runs/nosuch"));
        assertTrue(r.code != 0, "executing on a missing run must fail");
        assertTrue(r.output.contains("OWARE_RUN 'runs/nosuch': no directory with a metrics.jsonl at "
                + tmp.toRealPath().resolve("runs/nosuch")), r.output);
    }

    @Test
    void ablationAnalysis() throws Exception {
        requireJupyter();
        Path file = tmp.resolve("tiny-ablation.yaml");
        try (var in = NotebooksTest.class.getResourceAsStream("/notebooks/tiny-ablation.yaml")) {
            Files.copy(in, file);
        }
        Path dir = tmp.resolve("ablation");
        Cli ablate = Cli.run("ablate", file.toString(), "--out", dir.toString());
        assertEquals(0, ablate.code(), ablate.out() + ablate.err());
        JsonNode nb = execute("ablation-analysis.ipynb", tmp, Map.of("OWARE_ABLATION", dir.toString()));
        assertTrue(images(nb) >= 3, "Elo vs time, Elo vs positions, per-seed spread");
        assertTrue(text(nb).contains("axis:network.aux"), "a table for the axis");
        assertTrue(text(nb).contains("aux=false"), "the variants");
    }

    @Test
    void environmentTourDrivesTheLabThroughThePythonPackage() throws Exception {
        requireJupyter();
        JsonNode nb = execute("environment-tour.ipynb", tmp, labEnv());
        String out = text(nb);
        assertTrue(out.contains("legal: [5]") && out.contains("south to move, legal: F"), "the feeding case: " + out);
        assertTrue(out.contains("game over (repetition): 24:24, draw"), "the repetition case: " + out);
        assertTrue(out.contains("refused: illegal move 'E' at ply 0: it does not feed"), out);
        assertTrue(images(nb) >= 1, "the stores plot");
    }

    @Test
    void policyGradientLearnsAgainstGreedyThroughTheGymnasiumApi() throws Exception {
        requireJupyter();
        JsonNode nb = execute("policy-gradient.ipynb", tmp, labEnv());
        String out = text(nb);
        assertTrue(out.contains("400 episodes in") && out.contains("mean return: first 50"), out);
        assertTrue(images(nb) >= 1, "the learning curve");
    }

    /**
     * The lab for the notebooks' {@code oware_lab} package: this test's class path, in-process
     * ({@code OWARE_CLASSPATH}, JPype) and as the command of the subprocess backend ({@code OWARE_CMD}),
     * so neither a stale {@code cli/target} nor the {@code ./oware} launcher's build is used.
     */
    private static Map<String, String> labEnv() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Map.of("OWARE_CMD", quote(java) + " -Xmx512m -cp " + quote(cp) + " org.owarelab.cli.Main",
                "OWARE_CLASSPATH", cp);
    }

    /** Executes a notebook, fails with nbconvert's output when a cell errors, returns the executed notebook. */
    private static JsonNode execute(String notebook, Path from, Map<String, String> env) throws Exception {
        Result r = nbconvert(notebook, from, env);
        assertEquals(0, r.code, notebook + " failed to execute:\n" + r.output);
        JsonNode nb = JSON.readTree(tmp.resolve("out").resolve(notebook).toFile());
        for (JsonNode cell : nb.path("cells")) {
            for (JsonNode o : cell.path("outputs")) {
                assertTrue(!o.path("output_type").asText().equals("error"), notebook + ": " + o);
            }
        }
        return nb;
    }

    private static Result nbconvert(String notebook, Path from, Map<String, String> env) throws Exception {
        Map<String, String> vars = new java.util.HashMap<>(env);
        vars.put("JUPYTER_PATH", tmp.resolve("jupyter").toString());
        vars.put("PWD", from.toRealPath().toString()); // what a shell started in 'from' would pass on
        return exec(List.of(python, "-m", "nbconvert", "--to", "notebook", "--execute",
                "--ExecutePreprocessor.kernel_name=" + KERNEL, "--ExecutePreprocessor.timeout=600",
                "--output-dir", tmp.resolve("out").toString(), REPO.resolve("notebooks").resolve(notebook).toString()),
                from, vars);
    }

    private static int images(JsonNode nb) {
        int n = 0;
        for (JsonNode cell : nb.path("cells")) {
            for (JsonNode o : cell.path("outputs")) {
                n += o.path("data").has("image/png") ? 1 : 0;
            }
        }
        return n;
    }

    /** All text and plain-text outputs of the executed notebook. */
    private static String text(JsonNode nb) {
        StringBuilder sb = new StringBuilder();
        for (JsonNode cell : nb.path("cells")) {
            for (JsonNode o : cell.path("outputs")) {
                for (JsonNode t : List.of(o.path("text"), o.path("data").path("text/plain"))) {
                    if (t.isArray()) {
                        t.forEach(line -> sb.append(line.asText()));
                    } else if (t.isTextual()) {
                        sb.append(t.asText());
                    }
                }
            }
        }
        return sb.toString();
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private record Result(int code, String output) {
    }

    private static Result exec(List<String> cmd, Path dir, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile(tmp, "nbconvert", ".log");
        pb.redirectOutput(log.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) { // no such program
            return new Result(127, e.getMessage());
        }
        int code = p.waitFor();
        return new Result(code, Files.readString(log, StandardCharsets.UTF_8));
    }
}
