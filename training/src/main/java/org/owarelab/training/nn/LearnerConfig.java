package org.owarelab.training.nn;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import org.owarelab.model.EnumText;

/**
 * How the {@link Learner} updates the network.
 *
 * @param optimizer {@code adam} (AdamW: decoupled weight decay; betas 0.9/0.999, epsilon 1e-8) or
 *     {@code sgd} (momentum, weight decay added to the gradient)
 * @param learningRate the base rate, multiplied by the schedule's factor each step
 * @param momentum SGD momentum in [0, 1) (ignored by Adam)
 * @param weightDecay decay of the weight matrices and kernels (not biases nor batch-norm
 *     parameters), {@code >= 0}
 * @param schedule the learning-rate schedule
 * @param clipNorm the largest global L2 norm of the gradient over all parameters; larger gradients
 *     are scaled down to it; 0 turns clipping off
 * @param loss the loss weights
 */
public record LearnerConfig(Optimizer optimizer, double learningRate, double momentum, double weightDecay,
                            LrSchedule schedule, double clipNorm, LossWeights loss) {
    /** The update rule. */
    public enum Optimizer {
        ADAM, SGD;

        @JsonValue
        public String id() {
            return EnumText.id(this);
        }

        @JsonCreator
        public static Optimizer of(String text) {
            return EnumText.parse(values(), text, "optimizer", IllegalArgumentException::new);
        }
    }

    public LearnerConfig {
        optimizer = optimizer == null ? Optimizer.ADAM : optimizer;
        schedule = schedule == null ? LrSchedule.constant(0) : schedule;
        loss = loss == null ? LossWeights.DEFAULT : loss;
        if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
            throw new IllegalArgumentException("learner: learningRate=" + learningRate + ": expected a finite number > 0");
        }
        if (!(momentum >= 0 && momentum < 1)) {
            throw new IllegalArgumentException("learner: momentum=" + momentum + " is outside [0, 1)");
        }
        if (!(weightDecay >= 0) || Double.isInfinite(weightDecay)) {
            throw new IllegalArgumentException("learner: weightDecay=" + weightDecay + ": expected a finite number >= 0");
        }
        if (!(clipNorm >= 0) || Double.isInfinite(clipNorm)) {
            throw new IllegalArgumentException("learner: clipNorm=" + clipNorm + ": expected a finite number >= 0 (0 = off)");
        }
    }

    /** Adam at {@code learningRate}, weight decay 1e-4, constant rate, clipping at norm 1, default loss weights. */
    public static LearnerConfig adam(double learningRate) {
        return new LearnerConfig(Optimizer.ADAM, learningRate, 0, 1e-4, LrSchedule.constant(0), 1.0, LossWeights.DEFAULT);
    }

    /** SGD with momentum 0.9 at {@code learningRate}, weight decay 1e-4, constant rate, clipping at norm 1. */
    public static LearnerConfig sgd(double learningRate) {
        return new LearnerConfig(Optimizer.SGD, learningRate, 0.9, 1e-4, LrSchedule.constant(0), 1.0, LossWeights.DEFAULT);
    }

    public LearnerConfig withSchedule(LrSchedule s) {
        return new LearnerConfig(optimizer, learningRate, momentum, weightDecay, s, clipNorm, loss);
    }

    public LearnerConfig withClipNorm(double c) {
        return new LearnerConfig(optimizer, learningRate, momentum, weightDecay, schedule, c, loss);
    }

    public LearnerConfig withWeightDecay(double wd) {
        return new LearnerConfig(optimizer, learningRate, momentum, wd, schedule, clipNorm, loss);
    }

    public LearnerConfig withLoss(LossWeights w) {
        return new LearnerConfig(optimizer, learningRate, momentum, weightDecay, schedule, clipNorm, w);
    }
}
