package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.env.Encoders;
import org.owarelab.rules.RuleSet;

/**
 * {@code oware export FILE.onnx}: a bundle from a network of the lab's ONNX contract that was not
 * made by the lab (a hand-made graph here): its engine answers JSON lines with the file's network
 * and the card's search settings; a file that does not fit is refused and nothing is written.
 */
class OnnxBundleTest {
    @Test
    void aBundleFromAnOnnxFilePlays(@TempDir Path tmp) throws Exception {
        RuleSet rules = RuleSet.parse("houses=4,seeds=3");
        Path file = tmp.resolve("own.onnx");
        // compact/1 for 4 houses: 10 floats in, 4 logits out
        Files.write(file, TinyGraphs.graph("observation", new long[] {-1, 10}, ai.onnx.proto.OnnxMl.TensorProto.DataType.FLOAT,
                4, new TinyGraphs.Out("policy_logits", 4), new TinyGraphs.Out("value", 1)));
        Path out = BundleWriter.writeOnnx(new BundleWriter.Options(file, tmp.resolve("b"), SearchSettings.of(12, null),
                null), "compact/1", "houses=4,seeds=3");
        assertTrue(Files.isRegularFile(out.resolve(BundleWriter.LAUNCHER)));
        assertFalse(Files.exists(out.resolve(BundleWriter.CHECKPOINT)));
        assertEquals(Files.size(file), Files.size(out.resolve(BundleWriter.ONNX)));
        BundleCard card = BundleCard.read(out);
        assertEquals("OwareLab-own", card.name());
        assertEquals(rules, card.rules());
        assertEquals("compact/1", card.encoder().tag());
        JsonNode probe = new ObjectMapper().readTree(out.resolve(BundleWriter.PROBE).toFile());
        assertEquals(Probe.POSITIONS, probe.path("positions").size());
        assertEquals(4, probe.path("positions").get(0).path("priors").size());
        Process p = new ProcessBuilder(out.resolve(BundleWriter.LAUNCHER).toString(), "--jsonl").directory(tmp.toFile())
                .redirectError(tmp.resolve("err.txt").toFile()).start();
        try (var w = new java.io.PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8)) {
            w.println("{\"id\": 1, \"moves\": \"Bb\"}");
        }
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.waitFor(), Files.readString(tmp.resolve("err.txt")));
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertTrue(first.path("move").asText().matches("[A-D]"), lines.get(0));
        assertEquals(12, first.path("nodes").asInt(), "the exported --sims: " + lines.get(0));
    }

    @Test
    void aFileThatDoesNotFitWritesNothing(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("own.onnx");
        Files.write(file, TinyGraphs.fitting(Encoders.create("compact/1", RuleSet.DEFAULT).shape(), 1));
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.writeOnnx(
                new BundleWriter.Options(file, tmp.resolve("b"), SearchSettings.of(8, null), null), "planes/1", ""));
        assertTrue(e.getMessage().startsWith(file + ": not a network of the lab's ONNX contract: input expected "
                + "'observation' float [batch, 19, 12]"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertFalse(Files.exists(tmp.resolve("b")));
        ExportException missing = assertThrows(ExportException.class, () -> BundleWriter.writeOnnx(
                new BundleWriter.Options(tmp.resolve("none.onnx"), tmp.resolve("c"), SearchSettings.of(8, null), null),
                null, null));
        assertTrue(missing.getMessage().contains("none.onnx: no such ONNX file"), missing.getMessage());
    }
}
