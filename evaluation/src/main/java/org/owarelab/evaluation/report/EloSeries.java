package org.owarelab.evaluation.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.evaluation.stats.Rating;

/**
 * The Elo of one training run's checkpoints against training progress: one point per rated
 * checkpoint, in step order. Plotted against steps and against wall-clock time.
 *
 * @param run the training run's name
 * @param points the points, sorted by step
 */
public record EloSeries(String run, List<Point> points) {
    /**
     * One checkpoint's rating.
     *
     * @param player the checkpoint's player name (as in the ratings)
     * @param step training steps when it was saved
     * @param seconds wall-clock seconds since the run started when it was saved
     * @param elo its Elo
     * @param lo lower bound of its interval
     * @param hi upper bound of its interval
     */
    public record Point(String player, long step, double seconds, double elo, double lo, double hi) {
    }

    /** Checks and sorts. */
    public EloSeries {
        if (run == null || run.isBlank()) {
            throw new IllegalArgumentException("a series needs a run name");
        }
        List<Point> sorted = new ArrayList<>(points);
        sorted.sort(Comparator.comparingLong(Point::step));
        points = List.copyOf(sorted);
    }

    /**
     * The series of every run in {@code checkpoints}, from the ratings of its checkpoints; a
     * checkpoint without a rating is left out, a run without any rated checkpoint too. Runs in
     * order of first appearance.
     */
    public static List<EloSeries> of(List<TrainingPoint> checkpoints, List<Rating> ratings) {
        Map<String, Rating> byPlayer = new LinkedHashMap<>();
        for (Rating r : ratings) {
            byPlayer.put(r.player(), r);
        }
        Map<String, List<Point>> runs = new LinkedHashMap<>();
        for (TrainingPoint c : checkpoints) {
            Rating r = byPlayer.get(c.player());
            if (r != null) {
                runs.computeIfAbsent(c.run(), k -> new ArrayList<>())
                        .add(new Point(c.player(), c.step(), c.seconds(), r.elo(), r.lo(), r.hi()));
            }
        }
        List<EloSeries> series = new ArrayList<>();
        runs.forEach((run, points) -> series.add(new EloSeries(run, points)));
        return series;
    }
}
