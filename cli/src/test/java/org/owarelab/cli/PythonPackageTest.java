package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.util.Pythons;

/**
 * Runs the Python package's pytest suite ({@code python/tests}) on both of its backends: in-process
 * through JPype with this test's class path as {@code OWARE_CLASSPATH}, and {@code oware jsonl --env}
 * started as {@code java -cp <this class path> org.owarelab.cli.Main} ({@code OWARE_CMD}). Any
 * failing Python test fails this one with pytest's output. Skipped, with a message, only where no
 * {@code python3} can import JPype, pytest and numpy ({@code .ci/run} installs Debian's
 * {@code python3-jpype python3-pytest python3-numpy}). The venv that {@code python/venv.sh} makes is
 * preferred where it exists.
 */
class PythonPackageTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    void pytestSuitePassesOnBothBackends() throws Exception {
        // python/.venv (python/venv.sh, which .ci/run runs) adds the pinned gymnasium, pettingzoo,
        // tensorboard, onnx and torch that the ecosystem checks need; OWARE_PYTHON names another.
        String python = Pythons.find("jpype, pytest, numpy", "/usr/bin/python3", "python3");
        assumeTrue(python != null, "python3 with jpype, pytest and numpy is absent: the Python package's tests "
                + "did not run; install python3-jpype python3-pytest python3-numpy (.ci/run does)");
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = tmp.resolve("pytest.log");
        ProcessBuilder pb = new ProcessBuilder(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
                REPO.resolve("python/tests").toString())
                .directory(tmp.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("OWARE_CLASSPATH", cp);
        // C1 only: the suite starts many short-lived lab processes, and they start faster.
        pb.environment().put("OWARE_CMD", "'" + java + "' -Xmx512m -XX:TieredStopAtLevel=1 -cp '"
                + cp.replace("'", "'\\''") + "' org.owarelab.cli.Main");
        pb.environment().put("OWARE_ROOT", REPO.toString());
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        pb.environment().remove("OWARE_BACKEND");
        int code = pb.start().waitFor();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, code, "pytest failed:\n" + out);
        assertTrue(out.contains(" passed"), out);
        assertTrue(!out.contains("JPype is not installed") && !out.contains("no lab jars"),
                "the in-process backend must run here:\n" + out);
    }

    private static int run(List<String> cmd, File dir) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(cmd).directory(dir).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor();
        } catch (IOException e) {
            return 127;
        }
    }
}
