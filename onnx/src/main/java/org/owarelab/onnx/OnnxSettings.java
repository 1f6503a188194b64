package org.owarelab.onnx;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * How an {@link OnnxModel} sets up its ONNX Runtime session, tuned for what a search asks: small
 * batches (1 to 64 positions) of a small network, one call at a time per search thread.
 *
 * <ul>
 *   <li>{@code intraOpThreads} 1: a forward pass of a few hundred thousand multiply-adds is over
 *       before a second thread is woken, and on a busy machine the pass waits for the
 *       descheduled one (the same finding as libtorch's, see the model module's TorchThreads).
 *       Spinning of idle pool threads is off for the same reason.
 *   <li>{@code interOpThreads} 1 and sequential execution: the graph is a chain.
 *   <li>All graph optimisations (constant folding, Gemm/MatMul+Add and BatchNorm fusion).
 *   <li>The CPU arena and memory patterns on: a search calls with the same few batch sizes
 *       again and again, so buffers are planned once per shape and reused.
 * </ul>
 *
 * @param intraOpThreads threads inside one operator (at least 1)
 * @param interOpThreads threads across independent operators (at least 1)
 */
public record OnnxSettings(int intraOpThreads, int interOpThreads) {
    /** The system property that overrides {@link #intraOpThreads} (e.g. {@code -Doware.onnx.threads=2}). */
    public static final String THREADS_PROPERTY = "oware.onnx.threads";

    public OnnxSettings {
        if (intraOpThreads < 1 || interOpThreads < 1) {
            throw new IllegalArgumentException("onnx threads must be at least 1 (got intra-op " + intraOpThreads
                    + ", inter-op " + interOpThreads + ")");
        }
    }

    /** One thread each; {@value #THREADS_PROPERTY} may set the intra-op threads. */
    public static OnnxSettings defaults() {
        String t = System.getProperty(THREADS_PROPERTY);
        if (t == null || t.isBlank()) {
            return new OnnxSettings(1, 1);
        }
        try {
            return new OnnxSettings(Integer.parseInt(t.trim()), 1);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + THREADS_PROPERTY + "=" + t + ": expected a whole number >= 1");
        }
    }

    /** The session options these settings stand for; the caller closes them. */
    OrtSession.SessionOptions options() throws OrtException {
        OrtSession.SessionOptions o = new OrtSession.SessionOptions();
        try {
            o.setIntraOpNumThreads(intraOpThreads);
            o.setInterOpNumThreads(interOpThreads);
            o.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            o.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            o.setCPUArenaAllocator(true);
            o.setMemoryPatternOptimization(true);
            o.addConfigEntry("session.intra_op.allow_spinning", "0");
            o.addConfigEntry("session.inter_op.allow_spinning", "0");
            return o;
        } catch (OrtException | RuntimeException e) {
            o.close();
            throw e;
        }
    }
}
