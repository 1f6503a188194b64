package org.owarelab.model;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.convolutional.Conv1d;
import ai.djl.pytorch.jni.JniUtils;

/**
 * A once-per-process check that libtorch's CPU convolution computes what it should, run before the
 * first residual (conv) network is built on the CPU.
 *
 * <p>Why: on some CPUs the oneDNN 3.7.1 inside the CPU libtorch 2.7.1 returns wrong values or NaN
 * for a 1-D convolution whose input channels are not a multiple of 16 (seen on a 2-vCPU AMD EPYC
 * VM, CPU family 26, on 2026-12-07: 19 input channels at batch 64 gave up to 7.9 off and NaN, 8, 16
 * and 32 channels were exact). Its AVX2 and AVX-512 kernels are affected; with
 * {@code ONEDNN_MAX_CPU_ISA=SSE41} in the environment (read by oneDNN when libtorch loads) the
 * same convolutions are exact. A network trained or evaluated there would be silently wrong, so
 * the lab refuses to build one and names the remedy instead. The check costs four small
 * convolutions (a few milliseconds) and runs once.
 */
public final class ConvCheck {
    /** The environment variable that works around the defect. */
    public static final String REMEDY = "ONEDNN_MAX_CPU_ISA=SSE41";
    static final int CHANNELS_IN = 19;
    static final int CHANNELS_OUT = 8;
    static final int LENGTH = 12;
    static final int BATCH = 64;
    static final double TOLERANCE = 1e-3;
    static final int ROUNDS = 4;

    private static volatile String verdict; // null: not run yet; "" passed; else the message

    private ConvCheck() {
    }

    /**
     * Throws when libtorch's CPU convolution is wrong on this machine; returns at once after the
     * first call. GPU devices are not checked (cuDNN, not oneDNN).
     *
     * @throws IllegalStateException naming the defect and {@link #REMEDY}
     */
    public static void requireCorrectCpuConvolution(Device device) {
        if (device.isGpu()) {
            return;
        }
        String v = verdict;
        if (v == null) {
            synchronized (ConvCheck.class) {
                if (verdict == null) {
                    verdict = run();
                }
                v = verdict;
            }
        }
        if (!v.isEmpty()) {
            throw new IllegalStateException(v);
        }
    }

    private static String run() {
        try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
            boolean grad = JniUtils.isGradMode();
            JniUtils.setGradMode(false);
            try {
                float[] x = pattern(BATCH * CHANNELS_IN * LENGTH, 7);
                float[] w = pattern(CHANNELS_OUT * CHANNELS_IN * 3, 3);
                double[] want = expected(x, w);
                double worst = 0;
                // The defect reads the padding of oneDNN's blocked buffers, which holds whatever the
                // allocator hands back: fresh pages are zero and hide it. So each round first frees
                // a buffer of NaN of about that size, which the next allocations reuse.
                for (int round = 0; round < ROUNDS && !Double.isNaN(worst); round++) {
                    try (NDManager scratch = m.newSubManager()) {
                        scratch.full(new Shape(BATCH, 32, LENGTH), Float.NaN).close();
                        NDArray input = scratch.create(x, new Shape(BATCH, CHANNELS_IN, LENGTH));
                        NDArray weight = scratch.create(w, new Shape(CHANNELS_OUT, CHANNELS_IN, 3));
                        NDArray out = Conv1d.conv1d(input, weight, null, new Shape(1), new Shape(1),
                                new Shape(1), 1).singletonOrThrow();
                        double e = maxError(out.toFloatArray(), want);
                        worst = Double.isNaN(e) ? e : Math.max(worst, e);
                    }
                }
                return message(worst);
            } finally {
                JniUtils.setGradMode(grad);
            }
        }
    }

    /** The verdict for a measured maximal error: empty when within tolerance, else the error message. */
    static String message(double maxError) {
        if (maxError <= TOLERANCE) {
            return "";
        }
        return "libtorch's CPU convolution gives wrong results on this CPU (a known defect of the oneDNN "
                + "inside libtorch 2.7.1: a " + CHANNELS_IN + "-channel test convolution was off by "
                + (Double.isNaN(maxError) ? "NaN" : String.format("%.3g", maxError))
                + "), so a residual network would train and play wrong; set " + REMEDY
                + " in the environment and run again (docs/training.md#networks-evaluator-learner), or use an mlp network";
    }

    /** The largest absolute difference; NaN when any output is not finite. */
    static double maxError(float[] got, double[] want) {
        double max = 0;
        for (int i = 0; i < want.length; i++) {
            if (!Float.isFinite(got[i])) {
                return Double.NaN;
            }
            max = Math.max(max, Math.abs(got[i] - want[i]));
        }
        return max;
    }

    /** The convolution computed directly: kernel 3, zero padding 1, stride 1, no bias. */
    static double[] expected(float[] x, float[] w) {
        double[] y = new double[BATCH * CHANNELS_OUT * LENGTH];
        for (int b = 0; b < BATCH; b++) {
            for (int o = 0; o < CHANNELS_OUT; o++) {
                for (int t = 0; t < LENGTH; t++) {
                    double s = 0;
                    for (int c = 0; c < CHANNELS_IN; c++) {
                        for (int k = 0; k < 3; k++) {
                            int at = t + k - 1;
                            if (at >= 0 && at < LENGTH) {
                                s += w[(o * CHANNELS_IN + c) * 3 + k] * x[(b * CHANNELS_IN + c) * LENGTH + at];
                            }
                        }
                    }
                    y[(b * CHANNELS_OUT + o) * LENGTH + t] = s;
                }
            }
        }
        return y;
    }

    /** Small deterministic values in [-1, 1) (no random generator: the check never varies). */
    private static float[] pattern(int n, int step) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = ((i * step) % 17) / 8.5f - 1f;
        }
        return a;
    }
}
