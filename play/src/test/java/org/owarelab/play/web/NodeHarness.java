package org.owarelab.play.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs the web player's JavaScript in Node ({@code src/test/web/harness.js}) on one request and
 * returns its JSON answer: the tests' bridge to the second implementation of the rules and search.
 * Node is a prerequisite of these tests ({@code .ci/run} installs it); where no {@code node} is on
 * the PATH they are skipped with a message saying so.
 */
public final class NodeHarness {
    public static final ObjectMapper JSON = new ObjectMapper();
    public static final Path SCRIPT = Path.of(System.getProperty("oware.play.dir", ".")).resolve("src/test/web/harness.js");

    private NodeHarness() {
    }

    /** Skips the calling test where Node is not installed. */
    public static void assumeNode() {
        boolean found = false;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            found |= !dir.isEmpty() && Files.isExecutable(Path.of(dir, "node"));
        }
        assumeTrue(found, "web player conformance skipped: no node on the PATH (apt-get install nodejs; .ci/run does)");
    }

    /** A request for {@code op}, with the search settings the exported page runs ({@link WebSearchSettings}). */
    public static ObjectNode request(String op) {
        ObjectNode r = JSON.createObjectNode().put("op", op);
        r.set("settings", WebSearchSettings.json());
        return r;
    }

    /** The harness's answer to {@code request}; fails with Node's stderr when it exits non-zero. */
    public static JsonNode run(ObjectNode request, Path tmp) throws IOException, InterruptedException {
        Path req = Files.createTempFile(tmp, "request", ".json");
        Path out = Files.createTempFile(tmp, "answer", ".json");
        Path err = Files.createTempFile(tmp, "stderr", ".txt");
        Files.write(req, JSON.writeValueAsBytes(request));
        Process p = new ProcessBuilder("node", SCRIPT.toString(), req.toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("node harness did not finish in 10 minutes");
        }
        assertEquals(0, p.exitValue(), () -> "node harness failed: " + read(err));
        return JSON.readTree(out.toFile());
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
