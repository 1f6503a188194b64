package org.owarelab.training.loop;

import java.util.concurrent.atomic.AtomicLong;
import org.owarelab.training.nn.Learner;
import org.owarelab.training.nn.NonFiniteGradientException;
import org.owarelab.training.nn.StepStats;
import org.owarelab.training.replay.Minibatch;
import org.owarelab.training.replay.ReplayBuffer;

/**
 * The learner's share of a generation: as many minibatches as the replay buffer's sample ratio
 * allows (capped per generation), each sampled from the window and trained on as it is by one
 * learner step (see {@link Minibatch} for the targets).
 */
final class TrainPhase {
    /** Non-finite steps in a row after which training stops instead of skipping. */
    static final int MAX_CONSECUTIVE_SKIPS = 10;

    /**
     * Means over the steps of one generation; {@code firstSkip} is the message of its first skipped
     * step (null when none was skipped), for the log.
     */
    record Output(int steps, int skipped, String firstSkip, long samples, double loss, double policyLoss, double valueLoss,
            double auxLoss, double entropy, double valueAccuracy, double gradNorm, double learningRate, double seconds) {
        static final Output NONE = new Output(0, 0, null, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, 0);
    }

    private TrainPhase() {
    }

    /** The learner steps that {@link #run} takes now (0 when the buffer allows none). */
    static int plannedSteps(TrainConfig cfg, ReplayBuffer buffer) {
        int batchSize = cfg.loop().batchSize();
        long allowed = buffer.samplesAllowed() / batchSize;
        int steps = (int) Math.min(allowed, cfg.loop().maxStepsPerGeneration());
        return steps <= 0 || buffer.size() < batchSize ? 0 : steps;
    }

    static Output run(TrainConfig cfg, Learner learner, ReplayBuffer buffer) {
        return run(cfg, learner, buffer, new AtomicLong());
    }

    /** {@link #run(TrainConfig, Learner, ReplayBuffer)}, counting the steps taken in {@code taken} (for progress). */
    static Output run(TrainConfig cfg, Learner learner, ReplayBuffer buffer, AtomicLong taken) {
        int batchSize = cfg.loop().batchSize();
        int steps = plannedSteps(cfg, buffer);
        if (steps <= 0) {
            return Output.NONE;
        }
        long t0 = System.nanoTime();
        Minibatch mb = new Minibatch(buffer.layout(), batchSize);
        double loss = 0, pl = 0, vl = 0, al = 0, ent = 0, acc = 0, grad = 0, lr = 0;
        int accCount = 0;
        int skipped = 0;
        String firstSkip = null;
        int consecutive = 0;
        for (int s = 0; s < steps; s++) {
            taken.set(s);
            buffer.sample(mb);
            StepStats st;
            try {
                st = learner.step(mb);
                consecutive = 0;
            } catch (NonFiniteGradientException e) {
                // The learner left the network and optimizer as they were: skip this batch, but not forever,
                // and never quietly (the log names it, the metrics count it). A guard for a diverging
                // learning rate or a corrupt sample; the tests fail on any skipped step.
                skipped++;
                if (firstSkip == null) {
                    firstSkip = e.getMessage();
                }
                if (++consecutive >= MAX_CONSECUTIVE_SKIPS) {
                    throw new IllegalStateException(consecutive + " learner steps in a row had a non-finite gradient; "
                            + "stopping (last: " + e.getMessage() + ")", e);
                }
                continue;
            }
            loss += st.loss();
            pl += st.policyLoss();
            vl += st.valueLoss();
            al += st.auxLoss();
            ent += st.policyEntropy();
            grad += st.gradNorm();
            lr = st.learningRate();
            if (!Double.isNaN(st.valueAccuracy())) {
                acc += st.valueAccuracy();
                accCount++;
            }
        }
        int done = steps - skipped;
        if (done == 0) {
            return new Output(0, skipped, firstSkip, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, (System.nanoTime() - t0) / 1e9);
        }
        return new Output(done, skipped, firstSkip, (long) done * batchSize, loss / done, pl / done, vl / done, al / done, ent / done,
                accCount == 0 ? Double.NaN : acc / accCount, grad / done, lr, (System.nanoTime() - t0) / 1e9);
    }
}
