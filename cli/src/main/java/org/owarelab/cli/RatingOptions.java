package org.owarelab.cli;

import org.owarelab.evaluation.stats.EloOptions;
import picocli.CommandLine.Option;

/** How a report rates the games (a picocli mixin): interval method and coverage. */
final class RatingOptions {
    @Option(names = "--bootstrap", paramLabel = "N",
            description = "Confidence intervals from N bootstrap resamples of the games (at least 20) instead of the "
                    + "Fisher information.")
    Integer bootstrap;

    @Option(names = "--confidence", paramLabel = "P", defaultValue = "0.95",
            description = "Coverage of the intervals (default ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--anchor-intervals",
            description = "Intervals relative to the anchor: its own is a point and every other one includes the "
                    + "anchor's uncertainty. By default each interval is the player's own uncertainty against the "
                    + "pool (as in BayesElo), shifted with the ratings so that the anchor is at 0: players whose "
                    + "intervals do not overlap differ significantly.")
    boolean anchorIntervals;

    /** Whether intervals are each player's own against the pool (see {@code Report.load}). */
    boolean poolIntervals() {
        return !anchorIntervals;
    }

    /**
     * The rating options, anchored on {@code random} = 0 until replaced; a bad --confidence or
     * --bootstrap is bad input named by its option.
     */
    EloOptions options(long seed) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new BadInputException("--confidence " + confidence + ": expected a coverage between 0 and 1, e.g. 0.95");
        }
        if (bootstrap != null && bootstrap < 20) {
            throw new BadInputException("--bootstrap " + bootstrap + ": expected at least 20 resamples");
        }
        EloOptions o = EloOptions.defaults().withConfidence(confidence);
        return bootstrap == null ? o : o.withBootstrap(bootstrap, seed);
    }
}
