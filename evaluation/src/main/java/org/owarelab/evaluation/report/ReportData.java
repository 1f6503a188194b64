package org.owarelab.evaluation.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.Pentanomial;
import org.owarelab.evaluation.stats.Rating;

/**
 * Everything a report shows, already computed: {@link Report#write} only renders it.
 *
 * @param title the report's title
 * @param anchor the player whose Elo was fixed, named in the ratings plot; null when the mean was
 *     fixed or it is not known
 * @param ratings one row per rated player; kept sorted from the highest Elo down
 * @param crosstable the games between players (head-to-head table, score matrix); null when only
 *     ratings are known
 * @param paired pentanomial counts of the pairings that played colour-swapped pairs (may be empty)
 * @param series Elo against training progress, per run (may be empty)
 * @param notes lines for the report's notes: the rating method, the anchor, problems met
 */
public record ReportData(String title, String anchor, List<Rating> ratings, Crosstable crosstable, List<Paired> paired,
        List<EloSeries> series, List<String> notes) {
    /**
     * Paired games of one pairing.
     *
     * @param player the player the counts are from
     * @param opponent the other player
     * @param counts the pairs' pentanomial counts from {@code player}'s side
     */
    public record Paired(String player, String opponent, Pentanomial counts) {
    }

    /** Checks and sorts. */
    public ReportData {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("a report needs a title");
        }
        List<Rating> sorted = new ArrayList<>(ratings);
        sorted.sort(Comparator.comparingDouble(Rating::elo).reversed().thenComparing(Rating::player));
        ratings = List.copyOf(sorted);
        paired = List.copyOf(paired);
        series = List.copyOf(series);
        notes = List.copyOf(notes);
    }
}
