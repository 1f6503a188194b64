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

    /** The rating options, anchored on {@code random} = 0 until replaced. */
    EloOptions options(long seed) {
        EloOptions o = EloOptions.defaults().withConfidence(confidence);
        return bootstrap == null ? o : o.withBootstrap(bootstrap, seed);
    }
}
