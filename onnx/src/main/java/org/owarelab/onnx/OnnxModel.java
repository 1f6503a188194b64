package org.owarelab.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * A network as {@code oware export} writes it ({@code model.onnx}: input {@value #INPUT}
 * {@code [batch, ...encoder shape]}, outputs {@value #POLICY} {@code [batch, houses]} and
 * {@value #VALUE} {@code [batch, 1]} or {@value #WDL} {@code [batch, 3]}), run by ONNX Runtime.
 * The value head is read from the graph's outputs; the graph is checked against the lab's ONNX
 * contract for the encoder ({@link OnnxContract}, docs/onnx-contract.md) when it is loaded.
 *
 * <p>The session is created at the first {@link #open} (so a UCI engine answers {@code uciok}
 * before loading the natives) and shared by every evaluator opened on it: ONNX Runtime's
 * {@code run} is thread-safe, and each evaluator has its own buffers. Thread-safe; owns the
 * session, closed by {@link #close} after the evaluators.
 */
public final class OnnxModel implements EvaluatorSource {
    /** The graph's input name. */
    public static final String INPUT = "observation";
    /** The policy logits output. */
    public static final String POLICY = "policy_logits";
    /** The tanh value output. */
    public static final String VALUE = "value";
    /** The win/draw/loss logits output (instead of {@value #VALUE}). */
    public static final String WDL = "wdl_logits";
    /** Boards per forward pass an evaluator's buffers start with (they grow with the search's batch). */
    static final int BATCH = 32;

    private final Path file;
    private final byte[] bytes;
    private final ObservationEncoder encoder;
    private final OnnxSettings settings;
    /** Guarded by {@code this}. */
    private OrtSession session;
    /** Guarded by {@code this}. */
    private boolean wdl;
    /** Guarded by {@code this}. */
    private boolean closed;

    private OnnxModel(Path file, byte[] bytes, ObservationEncoder encoder, OnnxSettings settings) {
        this.file = file;
        this.bytes = bytes;
        this.encoder = encoder;
        this.settings = settings;
    }

    /** The network in {@code file}, read at the first {@link #open}. */
    public static OnnxModel of(Path file, ObservationEncoder encoder, OnnxSettings settings) {
        return new OnnxModel(file, null, encoder, settings);
    }

    /** The network serialised in {@code onnx} (tests, and exporters that hold the bytes). */
    public static OnnxModel of(byte[] onnx, ObservationEncoder encoder, OnnxSettings settings) {
        return new OnnxModel(null, onnx.clone(), encoder, settings);
    }

    /** The encoder (and so the rules) the network reads. */
    public ObservationEncoder encoder() {
        return encoder;
    }

    /**
     * An evaluator over the shared session; the caller closes it.
     *
     * @param ignored the spec's model value: this source is bound to one network
     * @throws IllegalArgumentException when the game's rules are not the network's, or the file
     *     cannot be read or is not a network of this encoder
     */
    @Override
    public Evaluator open(String ignored, RuleSet rules) {
        if (!rules.equals(encoder.rules())) {
            throw new IllegalArgumentException("the network " + name() + " was trained for rules '"
                    + encoder.rules() + "', the game uses rules '" + rules + "'");
        }
        synchronized (this) {
            OrtSession s = session();
            return new OnnxEvaluator(OrtNatives.environment(), s, encoder, wdl, BATCH);
        }
    }

    /** The session, created on the first call; guarded by {@code this}. */
    private OrtSession session() {
        if (closed) {
            throw new IllegalStateException("onnx model " + name() + " closed");
        }
        if (session != null) {
            return session;
        }
        OrtEnvironment env = OrtNatives.environment();
        try (OrtSession.SessionOptions options = settings.options()) {
            OrtSession s = file != null ? env.createSession(readFile(), options) : env.createSession(bytes, options);
            try {
                wdl = check(s);
            } catch (RuntimeException e) {
                s.close();
                throw e;
            }
            session = s;
            return s;
        } catch (OrtException e) {
            throw new IllegalArgumentException(name() + ": ONNX Runtime cannot load it (" + e.getMessage() + ")", e);
        }
    }

    private byte[] readFile() {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read the network (" + e.getMessage() + ")", e);
        }
    }

    /** Checks the graph against the lab's contract ({@link OnnxContract}); returns whether the value head is WDL. */
    private boolean check(OrtSession s) throws OrtException {
        return OnnxContract.check(name(), s, encoder);
    }

    private String name() {
        return file != null ? file.toString() : "(in memory)";
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (session != null) {
            try {
                session.close();
            } catch (OrtException e) {
                // nothing more to release
            }
            session = null;
        }
    }
}
