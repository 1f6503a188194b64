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
            description = "Intervals relative to the anchor (its own is a point; every other one carries the "
                    + "anchor's uncertainty) instead of each player's own uncertainty against the pool, shifted so "
                    + "that the anchor is at 0 (the default, as in BayesElo: players whose intervals do not overlap "
                    + "differ significantly).")
    boolean anchorIntervals;

    /** Whether intervals are each player's own against the pool (see {@code Report.load}). */
    boolean poolIntervals() {
        return !anchorIntervals;
    }

    /** The rating options, anchored on {@code random} = 0 until replaced. */
    EloOptions options(long seed) {
        EloOptions o = EloOptions.defaults().withConfidence(confidence);
        return bootstrap == null ? o : o.withBootstrap(bootstrap, seed);
    }
}
