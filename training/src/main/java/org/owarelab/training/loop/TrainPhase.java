package org.owarelab.training.loop;

import org.owarelab.training.nn.Learner;
import org.owarelab.training.nn.NonFiniteGradientException;
import org.owarelab.training.nn.StepStats;
import org.owarelab.training.nn.TrainingBatch;
import org.owarelab.training.replay.Minibatch;
import org.owarelab.training.replay.ReplayBuffer;

/**
 * The learner's share of a generation: as many minibatches as the replay buffer's sample ratio
 * allows (capped per generation), each sampled from the window and turned into one learner step.
 * Targets are from each position's side to move; margins are normalised by the seeds in play.
 */
final class TrainPhase {
    /** Non-finite steps in a row after which training stops instead of skipping. */
    static final int MAX_CONSECUTIVE_SKIPS = 10;

    /** Means over the steps of one generation. */
    record Output(int steps, int skipped, long samples, double loss, double policyLoss, double valueLoss, double auxLoss, double entropy,
            double valueAccuracy, double gradNorm, double learningRate, double seconds) {
        static final Output NONE = new Output(0, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, 0);
    }

    private TrainPhase() {
    }

    static Output run(TrainConfig cfg, Learner learner, ReplayBuffer buffer) {
        int batchSize = cfg.loop().batchSize();
        long allowed = buffer.samplesAllowed() / batchSize;
        int steps = (int) Math.min(allowed, cfg.loop().maxStepsPerGeneration());
        if (steps <= 0 || buffer.size() < batchSize) {
            return Output.NONE;
        }
        long t0 = System.nanoTime();
        Minibatch mb = new Minibatch(buffer.layout(), batchSize);
        TrainingBatch tb = TrainingBatch.forNetwork(learner.network(), batchSize);
        int actions = buffer.layout().actions();
        int obs = buffer.layout().observationSize();
        float total = cfg.ruleSet().totalSeeds();
        double loss = 0, pl = 0, vl = 0, al = 0, ent = 0, acc = 0, grad = 0, lr = 0;
        int accCount = 0;
        int skipped = 0;
        int consecutive = 0;
        for (int s = 0; s < steps; s++) {
            buffer.sample(mb);
            tb.clear();
            for (int i = 0; i < batchSize; i++) {
                int mask = 0;
                for (int m = 0; m < actions; m++) {
                    if (mb.legal[i * actions + m] != 0) {
                        mask |= 1 << m;
                    }
                }
                float margin = Math.max(-1f, Math.min(1f, mb.margins[i] / total));
                tb.add(mb.observations, i * obs, mask, mb.policies, i * actions, mb.results[i], margin);
            }
            StepStats st;
            try {
                st = learner.step(tb);
                consecutive = 0;
            } catch (NonFiniteGradientException e) {
                // The learner left the network and optimizer as they were: skip this batch, but not forever.
                skipped++;
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
            return new Output(0, skipped, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, (System.nanoTime() - t0) / 1e9);
        }
        return new Output(done, skipped, (long) done * batchSize, loss / done, pl / done, vl / done, al / done, ent / done,
                accCount == 0 ? Double.NaN : acc / accCount, grad / done, lr, (System.nanoTime() - t0) / 1e9);
    }
}
