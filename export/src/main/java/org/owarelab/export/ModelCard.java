package org.owarelab.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.formats.Mappers;
import org.owarelab.model.CheckpointInfo;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.RuleSet;

/**
 * {@code model.json}, the model card of a bundle: what the network reads (rules, encoder tag and
 * exact input layout), what it is (architecture, parameters), what its outputs mean (the ONNX
 * names, the value head, how to mask), how the engine searches, and where it comes from (the
 * run's seed, git commit and start date from {@code run.json}, the checkpoint's step, and the
 * arena scores the run recorded in {@code metrics.jsonl} at that step, when there are any), its calibrated
 * levels when the checkpoint has a {@code levels.json} ({@code levels}, as {@link LevelsFile} writes it), and the
 * SHA-256 of {@code model.onnx}, which the engine checks at start-up ({@link BundleCard}).
 * Missing run files leave those fields null: a bare checkpoint exports too.
 */
final class ModelCard {
    static final String FORMAT = "oware-model-card";
    static final int FORMAT_VERSION = 1;
    static final ObjectMapper JSON = Mappers.jsonBuilder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ModelCard() {
    }

    /** The card of the network {@code net}, whose {@code model.onnx} bytes have the SHA-256 {@code onnxSha256}. */
    static byte[] json(String name, Path checkpoint, CheckpointInfo info, PolicyValueNet net, SearchSettings search,
            String onnxSha256) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT).put("formatVersion", FORMAT_VERSION).put("name", name);
        ObjectNode rules = root.putObject("rules");
        RuleSet r = net.rules();
        rules.put("spec", info.rules()).put("description", (r.isDefault() ? "the default rules (those of UCI peers): " : "")
                        + r.houses() + " houses a side, " + r.seeds() + " seeds each, grand slam " + r.grandSlam()
                        + ", repetition " + r.repetition() + " (see the lab's env/RULES.md)")
                .put("moves", "a move is one of the mover's " + net.actions() + " houses, numbered 0.."
                        + (net.actions() - 1) + " from the mover's left (South: A..F, North: a..f on the default board)");
        ObjectNode enc = root.putObject("encoder");
        enc.put("tag", info.encoder());
        ArrayNode shape = enc.putArray("inputShape");
        info.inputShape().forEach(shape::add);
        enc.put("layout", EncoderLayouts.describe(info.encoder()));
        NetworkSpec spec = info.network();
        ObjectNode arch = root.putObject("network");
        arch.put("spec", spec.spec()).put("kind", spec.kind().id()).put("parameters", net.parameterCount());
        arch.set("hidden", JSON.valueToTree(spec.hidden()));
        arch.put("blocks", spec.blocks()).put("channels", spec.channels()).put("valueHead", spec.value().id())
                .put("aux", spec.aux());
        root.set("onnx", onnx(net).put("sha256", onnxSha256));
        ObjectNode s = root.putObject("search");
        s.put("algorithm", "puct");
        if (search.simulations() > 0) {
            s.put("simulations", search.simulations());
        } else {
            s.put("movetimeMillis", search.movetimeMillis());
        }
        s.put("when", "used when go sets no limit PUCT reads (bare go, or go depth N); go movetime, nodes, "
                + "wtime/btime/winc/binc and infinite are honoured");
        s.put("options", SearchOption.C_PUCT.helpEntry() + ", " + SearchOption.C_BASE.helpEntry() + ", "
                + SearchOption.FPU.helpEntry() + ", " + SearchOption.FPU_ROOT.helpEntry()
                + ", no noise, most-visited move (the puct agent's defaults)");
        ObjectNode levels = levels(checkpoint);
        if (levels != null) {
            root.set("levels", levels);
        }
        root.set("provenance", provenance(checkpoint, info));
        root.set("evaluation", evaluation(checkpoint, info.step()));
        return JSON.writeValueAsBytes(root);
    }

    /**
     * The checkpoint's calibrated levels ({@code levels.json} beside its files, as a shipped player
     * has them), as the cards embed them; null without one.
     *
     * @throws ExportException for a levels file that cannot be read
     */
    static ObjectNode levels(Path checkpoint) throws IOException {
        Path file = checkpoint.resolve(LevelsFile.FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return LevelsFile.read(file).toJson();
        } catch (IllegalArgumentException e) {
            throw new ExportException(e.getMessage() + " (fix or remove it to export)", e);
        }
    }

    private static ObjectNode onnx(PolicyValueNet net) {
        boolean wdl = net.spec().value() == NetworkSpec.ValueHead.WDL;
        ObjectNode o = JSON.createObjectNode();
        o.put("file", BundleWriter.ONNX).put("opset", OnnxWriter.OPSET).put("input", OnnxWriter.INPUT);
        ObjectNode out = o.putObject("outputs");
        out.put(OnnxWriter.POLICY, "[batch, " + net.actions() + "] raw logits, one per house of the mover (unmasked)");
        if (wdl) {
            out.put(OnnxWriter.WDL, "[batch, 3] logits of win, draw, loss for the side to move; "
                    + "value = p(win) - p(loss) after a softmax");
        } else {
            out.put(OnnxWriter.VALUE, "[batch, 1] expected result for the side to move in [-1, 1] (after tanh)");
        }
        if (net.spec().aux()) {
            out.put(OnnxWriter.MARGIN, "[batch, 1] predicted final seed margin for the side to move, "
                    + "normalised to [-1, 1] (auxiliary head; not used by the search)");
        }
        o.put("masking", "set the logits of illegal moves (empty houses, moves that do not feed a starving "
                + "opponent) to -infinity, or drop them, before the softmax; priors = softmax over the legal moves");
        return o;
    }

    private static ObjectNode provenance(Path checkpoint, CheckpointInfo info) throws IOException {
        ObjectNode p = JSON.createObjectNode();
        p.put("checkpoint", checkpoint.getFileName().toString()).put("step", info.step())
                .put("exported", Instant.now().toString());
        JsonNode run = readJson(runDir(checkpoint).resolve("run.json"));
        p.set("runSeed", run.get("seed"));
        p.set("gitCommit", run.get("gitCommit"));
        p.set("gitDirty", run.get("gitDirty"));
        p.set("started", run.get("started"));
        p.set("owareVersion", run.get("owareVersion"));
        return p;
    }

    /** The arena scores of {@code metrics.jsonl}'s last line at {@code step}, or null. */
    private static JsonNode evaluation(Path checkpoint, long step) throws IOException {
        Path metrics = runDir(checkpoint).resolve("metrics.jsonl");
        if (!Files.isRegularFile(metrics)) {
            return null;
        }
        JsonNode found = null;
        try (BufferedReader r = Files.newBufferedReader(metrics)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                try {
                    JsonNode m = JSON.readTree(line);
                    if (m != null && m.path("step").asLong(-1) == step && m.has("arena")) {
                        found = m;
                    }
                } catch (IOException e) {
                    // a torn last line of an interrupted run: skip it
                }
            }
        }
        if (found == null) {
            return null;
        }
        ObjectNode e = JSON.createObjectNode();
        e.put("source", "metrics.jsonl, generation " + found.path("generation").asInt());
        e.set("arena", found.get("arena"));
        return e;
    }

    /** {@code RUN} for a checkpoint at {@code RUN/checkpoints/step-N}, else a directory with no run files. */
    private static Path runDir(Path checkpoint) {
        Path parent = checkpoint.getParent();
        if (parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("checkpoints")
                && parent.getParent() != null) {
            return parent.getParent();
        }
        return checkpoint;
    }

    private static JsonNode readJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode n = JSON.readTree(file.toFile());
            return n == null ? JSON.createObjectNode() : n;
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }
}
