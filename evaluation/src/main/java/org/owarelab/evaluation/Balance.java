package org.owarelab.evaluation;

/**
 * The balanced-opening filter: keep only openings whose position the judge agent values within
 * {@code maxValue} of even, from the side to move's view ({@link OpeningJudge}).
 *
 * @param judge the judging agent's spec, e.g. {@value OpeningJudge#DEFAULT_SPEC}
 * @param maxValue the largest |value| kept, in [0, 1]
 */
public record Balance(String judge, double maxValue) {
    /** Checks the fields. */
    public Balance {
        if (judge == null || judge.isBlank()) {
            throw new IllegalArgumentException("balanced openings: the judge's agent spec is empty");
        }
        if (!(maxValue >= 0 && maxValue <= 1)) {
            throw new IllegalArgumentException("balanced openings: the largest |value| must be in [0, 1], not "
                    + maxValue);
        }
    }

    /** The default: {@value OpeningJudge#DEFAULT_SPEC}, |value| at most {@value OpeningJudge#DEFAULT_MAX_VALUE}. */
    public static Balance defaults() {
        return new Balance(OpeningJudge.DEFAULT_SPEC, OpeningJudge.DEFAULT_MAX_VALUE);
    }
}
