package org.owarelab.training.nn;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import ai.djl.util.Pair;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.training.replay.Minibatch;
import org.owarelab.training.replay.RecordLayout;

/**
 * Trains a {@link PolicyValueNet} in place, one replay {@link Minibatch} per {@link #step}
 * (observations, legal-move masks, policy, result and normalised margin targets, from each
 * position's side to move): forward in training mode,
 * loss = {@code policy * CE(target, masked softmax)} + {@code value * (v - z)^2} (or the WDL
 * cross-entropy against the result) + {@code aux * (margin' - margin)^2}, backward, global-norm
 * gradient clipping (done here: DJL's own clipping is one-sided on PyTorch), then an Adam(W) or
 * SGD-momentum update at the scheduled learning rate.
 *
 * <p>Threads: one learner thread. DJL allows one open {@code GradientCollector} per JVM, so at
 * most one learner may step at a time in a process. The network must not be evaluated by
 * another thread while a step runs (see {@link PolicyValueNet}). Every array a step makes is
 * closed when it returns. Batch-norm layers use the batch's statistics and update their running
 * averages (momentum 0.1), so batches of a few samples make noisy statistics.
 */
public final class Learner implements AutoCloseable {
    /** Added to the logits of illegal moves: their probability is 0 to float precision. */
    private static final float ILLEGAL = -1e9f;
    /** A target policy may miss a sum of 1 by this much (float rounding of visit shares). */
    private static final float SUM_TOLERANCE = 1e-3f;

    private final PolicyValueNet net;
    private final LearnerConfig config;
    private final RecordLayout layout;
    private final NDManager manager;
    private final ParameterStore store;
    private final List<Pair<String, Parameter>> trainable = new ArrayList<>();
    private final OptimizerState optimizer;
    private final boolean wdl;
    private final boolean aux;
    private long step;
    private float[] wdlTarget = new float[0];
    private float[] valueOut = new float[0];
    /** The size of the last step's batch (the first {@code lastBatch} entries of {@link #valueOut}). */
    private int lastBatch;

    public Learner(PolicyValueNet net, LearnerConfig config) {
        this.net = net;
        this.config = config;
        this.layout = new RecordLayout(net.encoderTag(), net.rules(), net.inputSize(), net.actions());
        this.manager = net.manager().newSubManager();
        manager.setName("learner");
        this.store = new ParameterStore(manager, false);
        for (Pair<String, Parameter> p : net.parameters()) {
            if (p.getValue().requiresGradient()) {
                trainable.add(p);
            }
        }
        this.optimizer = new OptimizerState(config, trainable, manager);
        this.wdl = net.spec().value() == NetworkSpec.ValueHead.WDL;
        this.aux = net.spec().aux();
    }

    public PolicyValueNet network() {
        return net;
    }

    public LearnerConfig config() {
        return config;
    }

    /** Steps done so far (the number of the next step). */
    public long steps() {
        return step;
    }

    /** The learning rate the next step will use. */
    public double learningRate() {
        return config.learningRate() * config.schedule().factor(step);
    }

    /** The layout of the minibatches this learner trains on: its network's encoder, rules and sizes. */
    public RecordLayout layout() {
        return layout;
    }

    /**
     * One update on {@code batch}.
     *
     * @return the losses and diagnostics measured on the batch before the update
     * @throws IllegalArgumentException when the batch has another layout than {@link #layout()}, or
     *     a sample is malformed (named by its row): an empty mask or one with moves beyond the
     *     board, a target policy that is negative, non-zero on an illegal move or does not sum to
     *     1, a result or margin outside [-1, 1]
     * @throws NonFiniteGradientException when the gradient is not finite: the update is skipped,
     *     the network and the step count are unchanged
     */
    public StepStats step(Minibatch batch) {
        int b = batch.size;
        if (!batch.layout.equals(layout)) {
            throw new IllegalArgumentException("minibatch of " + batch.layout.describe() + " does not fit "
                    + net.describe());
        }
        check(batch);
        prepareTargets(batch);
        float lr = (float) learningRate();
        float[] scalars;
        double norm;
        boolean gradMode = JniUtils.isGradMode();
        try (NDScope scope = new NDScope()) {
            scope.suppressNotUsedWarning(); // the scope closes every array made in this block
            NDArray[] terms = forwardBackward(batch);
            JniUtils.setGradMode(false);
            NDArray logp = terms[4];
            NDArray entropy = logp.exp().mul(logp).sum(new int[] {1}).mean().neg();
            scalars = NDArrays.stack(new NDList(terms[0], terms[1], terms[2], terms[3], entropy)).toFloatArray();
            terms[5].toByteBuffer(true).asFloatBuffer().get(valueOut, 0, b);
            lastBatch = b;
            norm = globalGradNorm();
            if (!Double.isFinite(norm)) {
                zeroGradients();
                throw new NonFiniteGradientException("learner step " + step + ": the gradient is not finite (loss "
                        + scalars[0] + "); the update was skipped and the network is unchanged (learning rate "
                        + lr + " too high, or bad samples?)");
            }
            double clip = config.clipNorm();
            optimizer.update(lr, clip > 0 && norm > clip ? (float) (clip / norm) : 1f, step + 1);
        } finally {
            JniUtils.setGradMode(gradMode);
        }
        return new StepStats(step++, b, lr, scalars[0], scalars[1], scalars[2], scalars[3], scalars[4],
                valueAccuracy(batch), norm);
    }

    /**
     * Forward in training mode and backward of the weighted loss.
     *
     * @return {total, policy loss, value loss, aux loss, masked log-policy (B, n), predicted value (B)}
     */
    private NDArray[] forwardBackward(Minibatch batch) {
        int b = batch.size;
        int n = net.actions();
        LossWeights w = config.loss();
        NDArray x = create(batch.observations, net.batchShape(b));
        NDArray illegal = illegalPenalty(batch.masks, b, n);
        NDArray target = create(batch.policies, new Shape(b, n));
        try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
            NDList out = net.block().forward(store, new NDList(x), true);
            NDArray logp = out.get(0).add(illegal).logSoftmax(1);
            NDArray policyLoss = target.mul(logp).sum(new int[] {1}).mean().neg();
            NDArray valueLoss;
            NDArray value;
            if (wdl) {
                NDArray logq = out.get(1).logSoftmax(1);
                valueLoss = create(wdlTarget, new Shape(b, 3)).mul(logq).sum(new int[] {1}).mean().neg();
                NDArray q = logq.exp();
                value = q.get(":, 0").sub(q.get(":, 2"));
            } else {
                value = out.get(1).reshape(b);
                valueLoss = value.sub(create(batch.results, new Shape(b))).square().mean();
            }
            // The loss weights are arrays of this scope, not Numbers: DJL's mul(Number) wraps the number
            // in a tensor over a Java direct buffer and closes it at once, while autograd keeps that
            // tensor for the backward pass; a GC in between freed the buffer and backward read garbage
            // (docs/learner-defect.md).
            NDArray total = policyLoss.mul(weight(w.policy())).add(valueLoss.mul(weight(w.value())));
            NDArray auxLoss;
            if (aux) {
                auxLoss = out.get(2).reshape(b).sub(create(batch.margins, new Shape(b))).square().mean();
                total = total.add(auxLoss.mul(weight(w.aux())));
            } else {
                auxLoss = manager.zeros(new Shape());
            }
            collector.backward(total);
            return new NDArray[] {total, policyLoss, valueLoss, auxLoss, logp, value};
        }
    }

    /** A scalar array of {@code value}, open until the step's scope closes (after the backward pass). */
    private NDArray weight(double value) {
        return manager.create((float) value);
    }

    /** An array of the first {@code shape.size()} floats of {@code data}. */
    private NDArray create(float[] data, Shape shape) {
        return manager.create(FloatBuffer.wrap(data, 0, Math.toIntExact(shape.size())), shape);
    }

    /**
     * The (b, n) penalty added to the logits: 0 on the legal moves, {@link #ILLEGAL} on the others,
     * made from the masks in integer tensor ops (bit m of a mask is set when mask mod 2^(m+1) >= 2^m).
     */
    private NDArray illegalPenalty(int[] masks, int b, int n) {
        int[] bit = new int[n];
        int[] twice = new int[n];
        for (int m = 0; m < n; m++) {
            bit[m] = 1 << m;
            twice[m] = 2 << m;
        }
        NDArray mask = manager.create(IntBuffer.wrap(masks, 0, b), new Shape(b, 1));
        NDArray legal = mask.mod(manager.create(twice, new Shape(1, n))).gte(manager.create(bit, new Shape(1, n)));
        Shape shape = new Shape(b, n); // DJL's where does not broadcast
        return NDArrays.where(legal, manager.zeros(shape), manager.full(shape, ILLEGAL));
    }

    /** Refuses a malformed sample, naming its row; see {@link #step}. */
    private void check(Minibatch batch) {
        int n = layout.actions();
        for (int i = 0; i < batch.size; i++) {
            int mask = batch.masks[i];
            if (mask == 0 || mask >>> n != 0) {
                throw new IllegalArgumentException("sample " + i + ": legal mask " + Integer.toBinaryString(mask)
                        + " is not a non-empty subset of " + n + " moves");
            }
            float sum = 0;
            for (int m = 0; m < n; m++) {
                float p = batch.policies[i * n + m];
                if (!(p >= 0) || ((mask >>> m & 1) == 0 && p != 0)) {
                    throw new IllegalArgumentException("sample " + i + ": target policy " + p + " for move " + m
                            + (p >= 0 ? " which is illegal" : " (expected >= 0)"));
                }
                sum += p;
            }
            if (Math.abs(sum - 1) > SUM_TOLERANCE) {
                throw new IllegalArgumentException("sample " + i + ": target policy sums to " + sum + ", expected 1");
            }
            float result = batch.results[i];
            float margin = batch.margins[i];
            if (!(result >= -1 && result <= 1) || !(margin >= -1 && margin <= 1)) {
                throw new IllegalArgumentException("sample " + i + ": result " + result + " and margin " + margin
                        + " must lie in [-1, 1]");
            }
        }
    }

    /** Fills, for the WDL head, the win/draw/loss targets. */
    private void prepareTargets(Minibatch batch) {
        int b = batch.size;
        if (wdlTarget.length < b * 3) {
            wdlTarget = new float[b * 3];
            valueOut = new float[b];
        }
        float[] results = batch.results;
        for (int i = 0; i < b; i++) {
            // A result z in [-1, 1] as a distribution: win max(z, 0), loss max(-z, 0), draw the rest.
            float z = results[i];
            wdlTarget[3 * i] = Math.max(z, 0f);
            wdlTarget[3 * i + 1] = 1f - Math.abs(z);
            wdlTarget[3 * i + 2] = Math.max(-z, 0f);
        }
    }

    /** The L2 norm of all trainable parameters' gradients taken together. */
    private double globalGradNorm() {
        NDArray sum = null;
        for (Pair<String, Parameter> p : trainable) {
            NDArray sq = p.getValue().getArray().getGradient().square().sum();
            sum = sum == null ? sq : sum.add(sq);
        }
        return sum == null ? 0 : Math.sqrt(sum.getFloat());
    }

    private void zeroGradients() {
        for (Pair<String, Parameter> p : trainable) {
            JniUtils.zeroGrad((PtNDArray) p.getValue().getArray());
        }
    }

    /**
     * The network's value outputs on the last step's batch, measured before its update (side to
     * move, in [-1, 1]); empty before the first step. A copy, for diagnostics (TensorBoard).
     */
    public float[] lastValues() {
        return java.util.Arrays.copyOf(valueOut, lastBatch);
    }

    private double valueAccuracy(Minibatch batch) {
        float[] results = batch.results;
        int decisive = 0;
        int agree = 0;
        for (int i = 0; i < batch.size; i++) {
            if (results[i] != 0) {
                decisive++;
                if (Math.signum(valueOut[i]) == Math.signum(results[i])) {
                    agree++;
                }
            }
        }
        return decisive == 0 ? Double.NaN : agree / (double) decisive;
    }

    /** Writes the optimizer's state (moments) as an {@code .npz}; see {@link Checkpoints}. */
    void saveOptimizerState(OutputStream out) throws IOException {
        optimizer.save(out);
    }

    /** Restores the optimizer's state and the step count written by {@link #saveOptimizerState}. */
    void restoreOptimizerState(InputStream in, String source, long steps) {
        optimizer.load(in, source);
        this.step = steps;
    }

    /**
     * Sets the step count, which places the learning-rate schedule: to continue a run from a
     * checkpoint with a fresh optimizer (see {@link Checkpoints#restoreLearner} for the full state).
     */
    public void startAt(long steps) {
        if (steps < 0) {
            throw new IllegalArgumentException("startAt(" + steps + "): steps must be >= 0");
        }
        this.step = steps;
    }

    @Override
    public void close() {
        optimizer.close();
        manager.close();
    }
}
