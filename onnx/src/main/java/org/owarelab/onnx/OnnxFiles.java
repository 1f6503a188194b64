package org.owarelab.onnx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.NetworkFiles;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * The {@code onnx=FILE,encoder=TAG} networks of {@code puct} specs, run by ONNX Runtime: one
 * {@link OnnxModel} per file, encoder and rules, loaded and checked against the lab's contract
 * ({@link OnnxContract}) at its first {@link #open}, shared by every evaluator opened on it. A
 * file rewritten since (another size or modification time: a notebook that exports again to the
 * same path, in a process whose registry lives on) is loaded again; the older model stays open
 * for the agents that use it until {@link #close}.
 *
 * <p>Thread-safe ({@link #open} is synchronized on this source while it finds or makes the model;
 * the session itself is created once per model). Owns the models; {@link #close} closes them,
 * after the evaluators.
 */
public final class OnnxFiles implements NetworkFiles {
    private final OnnxSettings settings;
    /** By absolute file, encoder tag and rules; guarded by {@code this}. */
    private final Map<String, OnnxModel> models = new LinkedHashMap<>();

    public OnnxFiles(OnnxSettings settings) {
        this.settings = settings;
    }

    /** With {@link OnnxSettings#defaults()}. */
    public OnnxFiles() {
        this(OnnxSettings.defaults());
    }

    /**
     * @throws IllegalArgumentException naming the file when it is missing, unreadable, not an ONNX
     *     graph, or does not fit the contract for {@code encoder}; or naming the encoder when no
     *     such encoder exists
     */
    @Override
    public Evaluator open(String file, String encoder, RuleSet rules) {
        return model(file, encoder, rules).open(null, rules);
    }

    private synchronized OnnxModel model(String file, String encoder, RuleSet rules) {
        Path p = Path.of(file).toAbsolutePath().normalize();
        ObservationEncoder enc;
        try {
            enc = Encoders.create(encoder, rules);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("encoder=" + encoder + ": " + e.getMessage(), e);
        }
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(p + ": no such file (expected an ONNX network, see docs/onnx-contract.md)");
        }
        String key;
        try {
            key = p + "\n" + enc.tag() + "\n" + rules + "\n" + Files.size(p) + "\n" + Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            throw new IllegalArgumentException(p + ": cannot read the network (" + e.getMessage() + ")", e);
        }
        OnnxModel m = models.get(key);
        if (m == null) {
            m = OnnxModel.of(p, enc, settings);
            // load and check now, so that a file that does not fit is refused before any game
            m.open(null, rules).close();
            models.put(key, m);
        }
        return m;
    }

    @Override
    public synchronized void close() {
        for (OnnxModel m : models.values()) {
            m.close();
        }
        models.clear();
    }
}
