package org.owarelab.export.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.play.web.NodeHarness;
import org.owarelab.env.Encoders;
import org.owarelab.export.ExportException;
import org.owarelab.export.SearchSettings;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.CheckpointWriter;

/** What {@link WebSite} writes, and that it writes nothing for bad input (a used directory, a build without onnxruntime-web). */
class WebSiteTest {
    @TempDir
    static Path shared;
    static Path checkpoint;

    @BeforeAll
    static void writeCheckpoint() throws Exception {
        checkpoint = shared.resolve("run/checkpoints/step-00000002");
        RuleSet rules = RuleSet.parse("grand-slam=capture-all");
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(16).withValue(NetworkSpec.ValueHead.WDL),
                Encoders.create("planes", rules), 3, DeviceChoice.CPU)) {
            CheckpointWriter.save(checkpoint, net, 2);
        }
    }

    @Test
    void theSiteHoldsThePageTheScriptsTheModelAndOnnxRuntimeWeb(@TempDir Path tmp) throws IOException {
        Path site = WebSite.write(new WebSite.Options(shared.resolve("run"), tmp.resolve("site"),
                SearchSettings.of(null, 500L), null, null));
        for (String f : List.of("index.html", "app.js", "view.js", "port.js", "worker.js", "rules.js", "search.js", "encoder.js", "network.js",
                "style.css", "model.onnx", "player.json", "ort/ort.wasm.bundle.min.mjs", "ort/ort-wasm-simd-threaded.wasm",
                "ort/NOTICE.txt")) {
            assertTrue(Files.isRegularFile(site.resolve(f)), f);
        }
        assertTrue(Files.getPosixFilePermissions(site).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ),
                "a static host's server can read the site");
        JsonNode card = NodeHarness.JSON.readTree(site.resolve("player.json").toFile());
        assertEquals("grand-slam=capture-all", card.path("rules").asText());
        assertEquals("planes/1", card.path("onnx").path("encoder").asText());
        assertEquals("wdl_logits", card.path("onnx").path("wdl").asText());
        assertEquals(500, card.path("search").path("movetimeMillis").asInt());
        assertEquals("OwareLab-step-00000002", card.path("name").asText());
        assertEquals(2, card.path("training").path("steps").asInt(), "the checkpoint's step, for the page's header");
        assertTrue(card.path("training").path("parameters").asInt() > 0, card.toString());
    }

    @Test
    void aBuildWithoutOnnxRuntimeWebSaysWhatIsMissingAndWritesNothing(@TempDir Path tmp) throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("dist"));
        ExportException e = assertThrows(ExportException.class, () -> WebSite.write(new WebSite.Options(
                shared.resolve("run"), tmp.resolve("site"), SearchSettings.of(8, null), null, empty)));
        assertTrue(e.getMessage().contains("onnxruntime-web " + WebSite.ORT_VERSION + " is missing"), e.getMessage());
        assertTrue(e.getMessage().contains("npm"), e.getMessage());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of("dist"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void theRuntimeInstallersOutputGoesToStderrLeavingStdoutToTheExport(@TempDir Path tmp) throws Exception {
        Path script = tmp.resolve("fetch-web-runtime.sh");
        Files.writeString(script, "echo 'added 1 package'\necho 'npm warn' >&2\nexit 3\n");
        Path err = tmp.resolve("err.txt");
        Process p = WebSite.installer(script).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(3, p.waitFor(), "the script's exit code comes back");
        assertEquals("", out);
        assertEquals("added 1 package\nnpm warn\n", Files.readString(err));
    }
}
