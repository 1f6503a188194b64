package org.owarelab.evaluation.stats;

/**
 * How {@link BradleyTerry#fit} rates a tournament. Build from {@link #defaults()} and the
 * {@code with...} methods.
 *
 * @param anchor the player whose Elo is fixed at {@code anchorElo}; {@code null} fixes the mean of
 *     all players instead. Intervals are relative to the anchor: the anchor's own interval is a
 *     point, and a player far from it (in games as well as in Elo) has a wide one.
 * @param anchorElo the anchor's Elo (or the mean's, without an anchor)
 * @param virtualDraws draws added to every pair of players that met (the prior, see
 *     {@link BradleyTerry}); 0 gives the plain maximum-likelihood estimate, which does not exist
 *     when a player or group won (or lost) every game against the others
 * @param method how the confidence intervals are computed
 * @param bootstrapSamples resampled tournaments for {@link IntervalMethod#BOOTSTRAP}
 * @param seed seed of the bootstrap's resampling
 * @param confidence the interval's coverage, in (0, 1); 0.95 by default
 */
public record EloOptions(String anchor, double anchorElo, double virtualDraws, IntervalMethod method,
        int bootstrapSamples, long seed, double confidence) {
    /** The default anchor: the uniformly random agent. */
    public static final String DEFAULT_ANCHOR = "random";

    /** How intervals are computed. */
    public enum IntervalMethod {
        /**
         * Normal (Wald) intervals from the inverse of the Fisher information at the estimate, on
         * the Elo scale. The default: fast, and honest at perfect scores (with the virtual draws a
         * 100-0 pair still has a finite, wide interval). Every game counts as one binomial trial,
         * so draws (which carry less variance than a win or a loss) make it conservative: with 40%
         * draws a nominal 95% interval covers about 99%.
         */
        INFORMATION,
        /**
         * Percentile intervals from refitting {@code bootstrapSamples} tournaments resampled game
         * by game with replacement, separately within each pair of players (so every pair keeps
         * its number of games and the comparison graph its shape). Accounts for draws; costs one
         * refit per sample. Needs {@code virtualDraws > 0}, since a resample may hold a perfect score.
         * Fails where the data are degenerate: a 100-0 pair resamples as 100-0 every time, so a
         * player linked to the others only by perfect scores gets a zero-width interval.
         */
        BOOTSTRAP
    }

    /** Checks the options. */
    public EloOptions {
        if (anchor != null && anchor.isBlank()) {
            throw new IllegalArgumentException("anchor player name is blank (use null to fix the mean instead)");
        }
        if (!Double.isFinite(anchorElo)) {
            throw new IllegalArgumentException("anchor Elo must be finite, not " + anchorElo);
        }
        if (!(virtualDraws >= 0) || !Double.isFinite(virtualDraws)) {
            throw new IllegalArgumentException("virtual draws must be finite and >= 0, not " + virtualDraws);
        }
        if (method == null) {
            throw new IllegalArgumentException("interval method is null");
        }
        if (method == IntervalMethod.BOOTSTRAP && bootstrapSamples < 20) {
            throw new IllegalArgumentException("bootstrap needs at least 20 samples, not " + bootstrapSamples);
        }
        if (method == IntervalMethod.BOOTSTRAP && virtualDraws == 0) {
            throw new IllegalArgumentException(
                    "bootstrap needs virtual draws > 0: a resampled tournament may hold a perfect score");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), not " + confidence);
        }
    }

    /** Anchor {@code random} = 0, one virtual draw per pair, information intervals at 95%. */
    public static EloOptions defaults() {
        return new EloOptions(DEFAULT_ANCHOR, 0, 1, IntervalMethod.INFORMATION, 1000, 1, 0.95);
    }

    /** These options anchored on {@code player} (null: the mean) at {@code elo}. */
    public EloOptions withAnchor(String player, double elo) {
        return new EloOptions(player, elo, virtualDraws, method, bootstrapSamples, seed, confidence);
    }

    /** These options with {@code draws} virtual draws per pair. */
    public EloOptions withVirtualDraws(double draws) {
        return new EloOptions(anchor, anchorElo, draws, method, bootstrapSamples, seed, confidence);
    }

    /** These options with bootstrap intervals from {@code samples} resamples seeded by {@code seed}. */
    public EloOptions withBootstrap(int samples, long seed) {
        return new EloOptions(anchor, anchorElo, virtualDraws, IntervalMethod.BOOTSTRAP, samples, seed, confidence);
    }

    /** These options with intervals of coverage {@code level}. */
    public EloOptions withConfidence(double level) {
        return new EloOptions(anchor, anchorElo, virtualDraws, method, bootstrapSamples, seed, level);
    }

    /** A one-line description, e.g. for a report's notes. */
    public String describe() {
        String a = anchor == null ? "the mean of all players" : "'" + anchor + "'";
        String m = method == IntervalMethod.INFORMATION ? "Fisher information (Wald)"
                : "bootstrap over games (" + bootstrapSamples + " samples, seed " + seed + ")";
        return "Bradley-Terry maximum likelihood (a draw = half a win and half a loss), "
                + fmt(virtualDraws) + " virtual draw(s) per pair; Elo of " + a + " fixed at " + fmt(anchorElo)
                + "; " + fmt(confidence * 100) + "% intervals from " + m + ", relative to the anchor";
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }
}
