package org.owarelab.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.AtomicDirectory;
import org.owarelab.util.Sha256;

/**
 * A bundle from any network of the lab's ONNX contract (docs/onnx-contract.md), not a checkpoint:
 * {@code oware export own.onnx --encoder planes/1 --out DIR}. The same engine, launchers and jars
 * as {@link BundleWriter}'s; {@code model.onnx} is the file as given (checked against the contract
 * first: a file that does not fit is refused in one line and nothing is written); {@code model.json}
 * holds what the engine reads (name, rules, encoder, search) and the file's SHA-256 in place of a
 * run's provenance; {@code probe.json} the priors and search values of ONNX Runtime on random
 * positions (no raw logits: the lab did not write the graph); no {@code checkpoint/}.
 */
final class OnnxBundle {
    /** The encoder of an ONNX source without {@code --encoder}. */
    static final String DEFAULT_ENCODER = "planes/1";
    private static final long PROBE_SEED = 20261201L;

    private OnnxBundle() {
    }

    /** Whether {@code source} names an ONNX file rather than a checkpoint or run directory. */
    static boolean isOnnxFile(Path source) {
        return source.getFileName() != null && source.getFileName().toString().endsWith(".onnx");
    }

    /**
     * Writes the bundle of the ONNX file {@code o.source()} read with {@code encoderTag} under {@code rules}.
     *
     * @throws ExportException for a missing file, an unknown encoder or rules, a file that does not
     *     fit the contract, a bad name or an output that exists and is not empty
     */
    static Path write(BundleWriter.Options o, String encoderTag, String rules) throws IOException {
        Path out = o.out().toAbsolutePath().normalize();
        BundleWriter.checkOutput(out);
        String platform = OnnxNatives.check(o.platform());
        Path file = o.source().toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new ExportException(o.source() + ": no such ONNX file");
        }
        RuleSet r;
        ObservationEncoder encoder;
        try {
            r = RuleSet.parse(rules);
            encoder = Encoders.create(encoderTag, r);
        } catch (IllegalArgumentException e) {
            throw new ExportException(e.getMessage(), e);
        }
        String stem = file.getFileName().toString().replaceFirst("\\.onnx$", "");
        String name = o.name() != null ? o.name() : ("OwareLab-" + stem).replaceAll("[^A-Za-z0-9._+-]", "_");
        if (name.isBlank() || name.length() > 64 || !name.matches("[A-Za-z0-9._+-]+")) {
            throw new ExportException("--name '" + name + "': expected 1..64 letters, digits, '.', '_', '+' or '-'");
        }
        byte[] bytes = Files.readAllBytes(file);
        byte[] probe;
        try (OnnxModel model = OnnxModel.of(bytes, encoder, OnnxSettings.defaults());
                Evaluator e = model.open(null, r)) {
            probe = probe(e, encoder, r);
        } catch (IllegalArgumentException e) {
            throw new ExportException(file + ": " + e.getMessage().replace("(in memory): ", ""), e);
        }
        return AtomicDirectory.write(out, true, tmp -> {
            Files.write(tmp.resolve(BundleWriter.ONNX), bytes);
            Files.write(tmp.resolve(BundleWriter.PROBE), probe);
            Files.write(tmp.resolve(BundleWriter.MODEL_CARD), card(name, file, bytes, encoder, rules, o.search()));
            BundleWriter.writeEngine(tmp, name, platform);
            return out;
        });
    }

    private static byte[] card(String name, Path file, byte[] bytes, ObservationEncoder encoder, String rules,
            SearchSettings search) throws IOException {
        ObjectNode root = ModelCard.JSON.createObjectNode();
        root.put("format", ModelCard.FORMAT).put("formatVersion", ModelCard.FORMAT_VERSION).put("name", name);
        root.putObject("rules").put("spec", rules);
        ObjectNode enc = root.putObject("encoder").put("tag", encoder.tag());
        ArrayNode shape = enc.putArray("inputShape");
        for (int d : encoder.shape()) {
            shape.add(d);
        }
        enc.put("layout", EncoderLayouts.describe(encoder.tag()));
        root.putObject("network").put("kind", "onnx").put("source", file.getFileName().toString())
                .put("sha256", Sha256.of(bytes));
        root.putObject("onnx").put("file", BundleWriter.ONNX).put("sha256", Sha256.of(bytes)).put("input", OnnxModel.INPUT)
                .put("contract", "the lab's ONNX contract (docs/onnx-contract.md): policy_logits [batch, houses], "
                        + "value [batch, 1] or wdl_logits [batch, 3], from the side to move");
        ObjectNode s = root.putObject("search").put("algorithm", "puct");
        if (search.simulations() > 0) {
            s.put("simulations", search.simulations());
        } else {
            s.put("movetimeMillis", search.movetimeMillis());
        }
        root.putObject("provenance").put("source", file.toString()).put("step", 0)
                .put("exported", Instant.now().toString());
        return ModelCard.JSON.writeValueAsBytes(root);
    }

    private static byte[] probe(Evaluator e, ObservationEncoder encoder, RuleSet rules) throws IOException {
        List<Board> boards = RandomPositions.sample(rules, Probe.POSITIONS, PROBE_SEED);
        int actions = rules.houses();
        float[] priors = new float[boards.size() * actions];
        float[] values = new float[boards.size()];
        e.evaluate(boards.toArray(new Board[0]), boards.size(), priors, values);
        ObjectNode root = ModelCard.JSON.createObjectNode();
        root.put("format", Probe.FORMAT).put("formatVersion", Probe.FORMAT_VERSION).put("encoder", encoder.tag())
                .put("tolerance", 1e-4);
        ArrayNode shape = root.putArray("inputShape");
        for (int d : encoder.shape()) {
            shape.add(d);
        }
        ArrayNode positions = root.putArray("positions");
        float[] obs = new float[encoder.size()];
        for (int i = 0; i < boards.size(); i++) {
            Board b = boards.get(i);
            ObjectNode p = positions.addObject();
            p.put("position", b.text()).put("legalMoves", Moves.letters(b.toMove(), b.legalMask()))
                    .put("legalMask", b.legalMask());
            encoder.encode(b, obs, 0);
            ArrayNode o = p.putArray("observation");
            for (float f : obs) {
                o.add(f);
            }
            ArrayNode pr = p.putArray("priors");
            for (int k = 0; k < actions; k++) {
                pr.add(priors[i * actions + k]);
            }
            p.put("searchValue", values[i]);
        }
        return ModelCard.JSON.writeValueAsBytes(root);
    }
}
