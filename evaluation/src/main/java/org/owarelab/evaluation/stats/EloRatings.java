package org.owarelab.evaluation.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The result of {@link BradleyTerry#fit}: one {@link Rating} per player (in the crosstable's
 * player order), the covariance of the estimates and the options used. Immutable.
 */
public final class EloRatings {
    private final List<Rating> ratings;
    private final double[][] covariance;
    private final EloOptions options;
    private final int iterations;

    EloRatings(List<Rating> ratings, double[][] covariance, EloOptions options, int iterations) {
        this.ratings = List.copyOf(ratings);
        this.covariance = covariance;
        this.options = options;
        this.iterations = iterations;
    }

    /** The ratings, in the crosstable's player order. */
    public List<Rating> ratings() {
        return ratings;
    }

    /** The ratings from the highest Elo to the lowest (ties by name). */
    public List<Rating> ranked() {
        List<Rating> r = new ArrayList<>(ratings);
        r.sort(Comparator.comparingDouble(Rating::elo).reversed().thenComparing(Rating::player));
        return r;
    }

    /** The rating of {@code player}. */
    public Rating rating(String player) {
        return ratings.get(indexOf(player));
    }

    /**
     * The covariance of the Elo estimates of two players, in Elo squared, from the Fisher
     * information (whatever the interval method): {@code var(a) + var(b) - 2 cov(a, b)} is the
     * variance of their difference, which their separate intervals do not give.
     */
    public double covariance(String a, String b) {
        return covariance[indexOf(a)][indexOf(b)];
    }

    /** The options the ratings were computed with. */
    public EloOptions options() {
        return options;
    }

    /** Newton iterations of the fit (a measure of how hard the data were). */
    public int iterations() {
        return iterations;
    }

    private int indexOf(String player) {
        for (int i = 0; i < ratings.size(); i++) {
            if (ratings.get(i).player().equals(player)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no rating for '" + player + "'");
    }
}
