package org.owarelab.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Map;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.Softmax;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;

/**
 * The agents' evaluator over an ONNX Runtime session (see {@link OnnxModel}): encodes the boards
 * straight into a direct buffer that ONNX Runtime reads without a copy, runs the graph with its
 * outputs written into this evaluator's own direct buffers (pinned outputs, so a call allocates
 * no native memory), and turns the logits into masked-softmax priors and values with the same
 * code as the DJL evaluator ({@link Softmax}).
 *
 * <p>Perspective as {@link Evaluator}: values are for the side to move, in [-1, 1] (the tanh
 * head, or {@code p(win) - p(loss)} of the WDL head). Blocking; not thread-safe (one per thread;
 * evaluators on several threads share the session). The input and output tensors of each batch
 * size met are made once and kept until {@link #close}: a search uses a handful of sizes.
 */
public final class OnnxEvaluator implements Evaluator {
    private final OrtEnvironment env;
    private final OrtSession session;
    private final ObservationEncoder encoder;
    private final boolean wdl;
    private final String valueName;
    private final int size;
    private final int actions;
    private final int width;
    private final float[] row;
    private int capacity;
    private FloatBuffer input;
    private FloatBuffer logits;
    private FloatBuffer valueOut;
    private int[] masks;
    private float[] logitRow;
    private float[] valueRow;
    /** Per batch size {@code n}: the input, policy and value tensors over the first {@code n} rows. */
    private OnnxTensor[][] tensors;
    private boolean closed;

    OnnxEvaluator(OrtEnvironment env, OrtSession session, ObservationEncoder encoder, boolean wdl, int batch) {
        this.env = env;
        this.session = session;
        this.encoder = encoder;
        this.wdl = wdl;
        this.valueName = wdl ? OnnxModel.WDL : OnnxModel.VALUE;
        this.size = encoder.size();
        this.actions = encoder.rules().houses();
        this.width = wdl ? 3 : 1;
        this.row = new float[size];
        grow(batch);
    }

    @Override
    public int actions() {
        return actions;
    }

    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        if (closed) {
            throw new IllegalStateException("onnx evaluator closed");
        }
        if (count < 1) {
            return;
        }
        if (count > capacity) {
            grow(Math.max(count, 2 * capacity));
        }
        for (int i = 0; i < count; i++) {
            Board b = boards[i];
            masks[i] = b.legalMask();
            if (masks[i] == 0) {
                throw new IllegalArgumentException("evaluate: board " + i + " of " + count + " is over (" + b.text() + ")");
            }
            encoder.encode(b, row, 0);
            input.put(i * size, row);
        }
        OnnxTensor[] t = tensors(count);
        // pinned outputs only: the aux head (margin) is not computed into anything the search reads
        try (OrtSession.Result r = session.run(Map.of(OnnxModel.INPUT, t[0]), Map.of(OnnxModel.POLICY, t[1], valueName, t[2]))) {
            assert r.size() == 2;
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime failed on a batch of " + count + ": " + e.getMessage(), e);
        }
        logits.get(0, logitRow, 0, count * actions);
        valueOut.get(0, valueRow, 0, count * width);
        for (int i = 0; i < count; i++) {
            Softmax.masked(logitRow, i * actions, actions, masks[i], priors, i * actions);
            // ONNX Runtime's vectorised tanh overshoots a saturated value by an ulp (-1.0000001 seen
            // on a test net); the contract is [-1, 1], so clamp (a no-op for every other value)
            values[i] = wdl ? Softmax.wdlValue(valueRow, 3 * i) : Math.max(-1f, Math.min(1f, valueRow[i]));
        }
    }

    private OnnxTensor[] tensors(int count) {
        OnnxTensor[] t = tensors[count];
        if (t != null) {
            return t;
        }
        int[] shape = encoder.shape();
        long[] inShape = new long[shape.length + 1];
        inShape[0] = count;
        for (int i = 0; i < shape.length; i++) {
            inShape[i + 1] = shape[i];
        }
        t = new OnnxTensor[3];
        try {
            t[0] = OnnxTensor.createTensor(env, slice(input, count * size), inShape);
            t[1] = OnnxTensor.createTensor(env, slice(logits, count * actions), new long[] {count, actions});
            t[2] = OnnxTensor.createTensor(env, slice(valueOut, count * width), new long[] {count, width});
        } catch (OrtException e) {
            for (OnnxTensor x : t) {
                if (x != null) {
                    x.close();
                }
            }
            throw new IllegalStateException("cannot make ONNX tensors for a batch of " + count + ": " + e.getMessage(), e);
        }
        tensors[count] = t;
        return t;
    }

    /** The first {@code n} floats of {@code b}, sharing its memory. */
    private static FloatBuffer slice(FloatBuffer b, int n) {
        return b.duplicate().position(0).limit(n).slice();
    }

    private void grow(int batch) {
        releaseTensors();
        capacity = batch;
        input = direct(batch * size);
        logits = direct(batch * actions);
        valueOut = direct(batch * width);
        masks = new int[batch];
        logitRow = new float[batch * actions];
        valueRow = new float[batch * width];
        tensors = new OnnxTensor[batch + 1][];
    }

    private static FloatBuffer direct(int floats) {
        return ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    private void releaseTensors() {
        if (tensors == null) {
            return;
        }
        for (OnnxTensor[] t : tensors) {
            if (t != null) {
                for (OnnxTensor x : t) {
                    x.close();
                }
            }
        }
    }

    /** Releases the tensors; the session stays with its {@link OnnxModel}. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            releaseTensors();
        }
    }
}
