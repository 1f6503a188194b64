package org.owarelab.agents.inference;

/**
 * The Java side of a network's heads: softmax over the legal moves only, and the value of
 * win/draw/loss logits. One home for both runtimes (the DJL evaluator of the model module and
 * the ONNX Runtime one of the onnx module), so that they turn the same logits into the same
 * priors bit for bit.
 */
public final class Softmax {
    private Softmax() {
    }

    /**
     * Writes the softmax of {@code logits[from .. from + n)} restricted to the moves in {@code mask}
     * into {@code out[to ..]}: zero on illegal moves, summing to 1 over the legal ones.
     */
    public static void masked(float[] logits, int from, int n, int mask, float[] out, int to) {
        float max = Float.NEGATIVE_INFINITY;
        for (int m = 0; m < n; m++) {
            if ((mask >>> m & 1) != 0) {
                max = Math.max(max, logits[from + m]);
            }
        }
        float sum = 0;
        for (int m = 0; m < n; m++) {
            float e = (mask >>> m & 1) != 0 ? (float) Math.exp(logits[from + m] - max) : 0f;
            out[to + m] = e;
            sum += e;
        }
        float inv = 1f / sum;
        for (int m = 0; m < n; m++) {
            out[to + m] *= inv;
        }
    }

    /** {@code p(win) - p(loss)} of the logits {@code (win, draw, loss)} at {@code wdl[from ..]}. */
    public static float wdlValue(float[] wdl, int from) {
        float w = wdl[from];
        float d = wdl[from + 1];
        float l = wdl[from + 2];
        float max = Math.max(w, Math.max(d, l));
        double ew = Math.exp(w - max);
        double ed = Math.exp(d - max);
        double el = Math.exp(l - max);
        return (float) ((ew - el) / (ew + ed + el));
    }
}
