package org.owarelab.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.DataType;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.training.ParameterStore;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.function.Function;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.Softmax;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;

/**
 * The network as an {@link Evaluator}: encodes the boards into one preallocated buffer, runs one
 * forward pass per call, and turns the outputs into masked-softmax priors and values from the
 * side to move's view ({@code tanh} head, or {@code p(win) - p(loss)} of the WDL head).
 *
 * <p>Not thread-safe: one evaluator per thread. Evaluators on different threads may share one
 * {@link PolicyValueNet} (see there for updating its parameters). Checked in the DJL 0.35.1
 * sources: an inference forward ({@code Block.forward(store, x, false)}) reads each parameter
 * through the evaluator's own {@code ParameterStore}, which on the parameter's device returns the
 * parameter's array itself, uncopied and unwritten; batch norm passes {@code training=false} to
 * libtorch, which then leaves the running statistics alone; every result is attached to the
 * input's manager, i.e. this evaluator's. This is DJL's own pattern (one {@code Predictor}, with
 * its store and sub-manager, per thread on a shared {@code Model}); a test runs three threads on
 * one network against single-thread outputs.
 * Each evaluator has its own DJL manager and parameter store, and runs every call with
 * autograd recording off on the calling thread (restored afterwards, so a learner thread may
 * evaluate too); all arrays of a call are closed before it returns (an {@link NDScope}), so
 * nothing accumulates however many calls are made. Blocking: the call returns when the forward
 * pass is done. Allocation per call: a few small objects and, on the first call with a larger
 * batch than ever before, bigger buffers.
 */
public final class DjlEvaluator implements Evaluator {
    private final PolicyValueNet net;
    private final ObservationEncoder encoder;
    private final NDManager manager;
    private final ParameterStore parameters;
    private final int size;
    private final int actions;
    private final boolean wdl;
    /** libtorch intra-op threads set on each new calling thread; 0: leave the thread's setting. */
    private final int torchThreads;
    /** The intra-op threads this class set on the current thread (0: none yet). */
    private static final ThreadLocal<int[]> CONFIGURED = ThreadLocal.withInitial(() -> new int[1]);
    private int capacity;
    private float[] observations;
    private int[] masks;
    private ByteBuffer input;
    private float[] logits;
    private float[] valueOut;

    /**
     * @param encoder the encoder the network was built for (same tag, shape and rules)
     * @param batch the expected largest batch (buffers grow past it when needed)
     * @throws IllegalArgumentException when the encoder does not match the network
     */
    public DjlEvaluator(PolicyValueNet net, ObservationEncoder encoder, int batch) {
        this(net, encoder, batch, 0);
    }

    /**
     * An evaluator that sets libtorch's intra-op threads to {@code torchThreads} on every thread
     * that calls it (once per thread; {@link TorchThreads}): search evaluators use 1, since on a
     * busy machine a forward pass split over 2 threads waits for the descheduled one (10 to 20
     * times slower at batch 32, measured with {@code oware bench net}). 0 leaves the setting alone.
     */
    public DjlEvaluator(PolicyValueNet net, ObservationEncoder encoder, int batch, int torchThreads) {
        if (!encoder.tag().equals(net.encoderTag()) || !Arrays.equals(encoder.shape(), net.inputShape())
                || !encoder.rules().equals(net.rules())) {
            throw new IllegalArgumentException("encoder " + encoder.tag() + " " + Arrays.toString(encoder.shape())
                    + " for rules " + encoder.rules() + " does not match the network (" + net.describe() + ")");
        }
        if (batch < 1 || torchThreads < 0) {
            throw new IllegalArgumentException("evaluator batch must be at least 1 (got " + batch
                    + ") and torch threads at least 0 (got " + torchThreads + ")");
        }
        this.torchThreads = torchThreads;
        this.net = net;
        this.encoder = encoder;
        this.manager = net.manager().newSubManager();
        manager.setName("evaluator");
        this.parameters = new ParameterStore(manager, false);
        this.size = net.inputSize();
        this.actions = net.actions();
        this.wdl = net.spec().value() == NetworkSpec.ValueHead.WDL;
        grow(batch);
    }

    @Override
    public int actions() {
        return actions;
    }

    /** The network evaluated. */
    public PolicyValueNet network() {
        return net;
    }

    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        if (count > capacity) {
            grow(count);
        }
        for (int i = 0; i < count; i++) {
            Board b = boards[i];
            masks[i] = b.legalMask();
            if (masks[i] == 0) {
                throw new IllegalArgumentException("evaluate: board " + i + " of " + count + " is over (" + b.text() + ")");
            }
            encoder.encode(b, observations, i * size);
        }
        forward(observations, masks, count, priors, values);
    }

    /**
     * Evaluates observations already encoded (by the network's encoder): {@code observations[i *
     * inputSize() ..]} with legal-move mask {@code masks[i]} (non-zero), for {@code i < count}.
     * Same outputs as {@link #evaluate}; used by benchmarks and by code that holds encoded records.
     */
    public void evaluateObservations(float[] observations, int[] masks, int count, float[] priors, float[] values) {
        if (count > capacity) {
            grow(count);
        }
        for (int i = 0; i < count; i++) {
            if (masks[i] == 0 || masks[i] >>> actions != 0) {
                throw new IllegalArgumentException("evaluateObservations: mask " + masks[i] + " of sample " + i
                        + " is not a non-empty subset of the " + actions + " moves");
            }
        }
        forward(observations, masks, count, priors, values);
    }

    /**
     * The network's raw outputs for {@code count} observations already encoded: one array per
     * head in the block's order (policy logits {@code count x actions}, then the value head,
     * {@code count x 1} after tanh or {@code count x 3} WDL logits, then with the aux head the
     * margin {@code count x 1}), unmasked. For exporters and tests that compare other runtimes
     * with DJL; search uses {@link #evaluate}.
     */
    public float[][] rawOutputs(float[] observations, int count) {
        if (count > capacity) {
            grow(count);
        }
        return inference(observations, count, out -> {
            float[][] heads = new float[out.size()][];
            for (int h = 0; h < out.size(); h++) {
                heads[h] = out.get(h).toFloatArray();
            }
            return heads;
        });
    }

    private void forward(float[] obs, int[] legal, int count, float[] priors, float[] values) {
        inference(obs, count, out -> {
            copyOut(out.get(0), logits, count * actions);
            copyOut(out.get(1), valueOut, count * (wdl ? 3 : 1));
            return null;
        });
        for (int i = 0; i < count; i++) {
            Softmax.masked(logits, i * actions, actions, legal[i], priors, i * actions);
            values[i] = wdl ? Softmax.wdlValue(valueOut, 3 * i) : valueOut[i];
        }
    }

    /**
     * One forward pass in inference mode over the first {@code count} observations of {@code obs},
     * with gradients off on this thread; {@code read} copies what it needs out of the heads before
     * every array of the pass is closed.
     */
    private <T> T inference(float[] obs, int count, Function<NDList, T> read) {
        if (torchThreads > 0) {
            int[] set = CONFIGURED.get();
            if (set[0] != torchThreads) {
                TorchThreads.set(torchThreads);
                set[0] = torchThreads;
            }
        }
        input.clear();
        input.asFloatBuffer().put(obs, 0, count * size);
        input.limit(count * size * Float.BYTES);
        boolean grad = JniUtils.isGradMode();
        if (grad) {
            JniUtils.setGradMode(false);
        }
        try (NDScope scope = new NDScope()) {
            scope.suppressNotUsedWarning(); // the scope closes every array made in this block
            NDArray x = manager.create(input, net.batchShape(count), DataType.FLOAT32);
            return read.apply(net.block().forward(parameters, new NDList(x), false));
        } finally {
            if (grad) {
                JniUtils.setGradMode(true);
            }
        }
    }

    private static void copyOut(NDArray a, float[] dst, int n) {
        FloatBuffer fb = a.toByteBuffer(true).asFloatBuffer();
        fb.get(dst, 0, n);
    }

    private void grow(int batch) {
        capacity = batch;
        observations = new float[batch * size];
        masks = new int[batch];
        input = ByteBuffer.allocateDirect(batch * size * Float.BYTES).order(ByteOrder.nativeOrder());
        logits = new float[batch * actions];
        valueOut = new float[batch * 3];
    }

    /** The libtorch intra-op threads this evaluator sets on its calling threads (0: left alone). */
    int torchThreads() {
        return torchThreads;
    }

    /** Live DJL arrays owned by this evaluator (0 between calls); for leak tests. */
    int liveArrays() {
        return manager.getManagedArrays().size();
    }

    @Override
    public void close() {
        manager.close();
    }
}
