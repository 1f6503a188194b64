package org.owarelab.training.nn;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import org.owarelab.model.EnumText;

/**
 * The learning-rate multiplier per step: a linear warm-up over the first {@code warmupSteps}
 * steps (from {@code 1/warmupSteps} to 1), then
 * <ul>
 *   <li>{@code constant}: 1;
 *   <li>{@code cosine}: from 1 down to {@code floor} at {@code totalSteps} along half a cosine,
 *       then {@code floor};
 *   <li>{@code step}: {@code gamma^k} after {@code k * stepEvery} steps past the warm-up.
 * </ul>
 * Fields a kind does not use are ignored. Steps count from 0.
 *
 * @param kind constant, cosine or step
 * @param warmupSteps steps of linear warm-up, 0 for none
 * @param totalSteps cosine: the step where the multiplier reaches {@code floor} (more than the warm-up)
 * @param stepEvery step: steps between decays (at least 1)
 * @param gamma step: the decay factor, in (0, 1]
 * @param floor cosine: the final multiplier, in [0, 1]
 */
public record LrSchedule(Kind kind, int warmupSteps, long totalSteps, long stepEvery, double gamma, double floor) {
    /** The shape of the schedule after the warm-up. */
    public enum Kind {
        CONSTANT, COSINE, STEP;

        @JsonValue
        public String id() {
            return EnumText.id(this);
        }

        @JsonCreator
        public static Kind of(String text) {
            return EnumText.parse(values(), text, "learning-rate schedule", IllegalArgumentException::new);
        }
    }

    public LrSchedule {
        kind = kind == null ? Kind.CONSTANT : kind;
        if (warmupSteps < 0) {
            throw new IllegalArgumentException("learning-rate schedule: warmupSteps=" + warmupSteps + " is negative");
        }
        if (kind == Kind.COSINE && totalSteps <= warmupSteps) {
            throw new IllegalArgumentException("cosine schedule: totalSteps=" + totalSteps
                    + " must exceed warmupSteps=" + warmupSteps);
        }
        if (kind == Kind.COSINE && !(floor >= 0 && floor <= 1)) {
            throw new IllegalArgumentException("cosine schedule: floor=" + floor + " is outside [0, 1]");
        }
        if (kind == Kind.STEP && (stepEvery < 1 || !(gamma > 0 && gamma <= 1))) {
            throw new IllegalArgumentException("step schedule: expected stepEvery >= 1 and gamma in (0, 1], got stepEvery="
                    + stepEvery + ", gamma=" + gamma);
        }
    }

    public static LrSchedule constant(int warmupSteps) {
        return new LrSchedule(Kind.CONSTANT, warmupSteps, 0, 0, 0, 0);
    }

    public static LrSchedule cosine(int warmupSteps, long totalSteps, double floor) {
        return new LrSchedule(Kind.COSINE, warmupSteps, totalSteps, 0, 0, floor);
    }

    public static LrSchedule step(int warmupSteps, long stepEvery, double gamma) {
        return new LrSchedule(Kind.STEP, warmupSteps, 0, stepEvery, gamma, 0);
    }

    /** The multiplier of the base learning rate at {@code step} (0-based). */
    public double factor(long step) {
        if (step < warmupSteps) {
            return (step + 1) / (double) warmupSteps;
        }
        long after = step - warmupSteps;
        switch (kind) {
            case COSINE:
                double progress = Math.min(1.0, after / (double) (totalSteps - warmupSteps));
                return floor + (1 - floor) * 0.5 * (1 + Math.cos(Math.PI * progress));
            case STEP:
                return Math.pow(gamma, after / stepEvery);
            default:
                return 1.0;
        }
    }
}
