package org.owarelab.evaluation.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.owarelab.util.AtomicFiles;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.GameTables;
import org.owarelab.evaluation.stats.BradleyTerry;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.EloRatings;
import org.owarelab.evaluation.stats.Pentanomial;
import org.owarelab.evaluation.stats.Rating;

/**
 * Renders a tournament directory's report from its saved results, replaying nothing: the entry
 * point of {@code oware report DIR}.
 *
 * <p>Reads {@code games.jsonl} ({@link MatchRecords}) if present and rates its games
 * ({@link BradleyTerry}); otherwise reads {@code ratings.csv} (no head-to-head table then).
 * Reads {@code checkpoints.csv} ({@link TrainingPoint}) if present for Elo against training.
 * Writes, each atomically: {@code ratings.csv}, {@code report.md}, {@code ratings.png}, and when
 * the data allow {@code score-matrix.png}, {@code elo-vs-steps.png}, {@code elo-vs-time.png}; and
 * the same ratings as TensorBoard event files in {@code tensorboard/} ({@link EloBoard}).
 * Games ended by an agent's failure are left out of the ratings and listed in the notes, with
 * the failures per player.
 */
public final class Report {
    /** The report's Markdown file. */
    public static final String REPORT_MD = "report.md";
    /** Ratings with intervals. */
    public static final String RATINGS_PNG = "ratings.png";
    /** Score matrix heat map. */
    public static final String MATRIX_PNG = "score-matrix.png";
    /** Elo against training steps. */
    public static final String STEPS_PNG = "elo-vs-steps.png";
    /** Elo against wall-clock time. */
    public static final String TIME_PNG = "elo-vs-time.png";
    /** Anchors tried in turn by {@link #render(Path)}; without any of them the mean is fixed at 0. */
    public static final List<String> DEFAULT_ANCHORS = List.of(EloOptions.DEFAULT_ANCHOR, "alphabeta:depth=1");

    private static final int LISTED_FAILURES = 10;

    private Report() {
    }

    /**
     * Renders {@code dir} with the default options, anchored on the first of
     * {@link #DEFAULT_ANCHORS} that played, else on the mean.
     *
     * @return the files written
     * @throws IllegalArgumentException if the directory holds no results or they are bad
     */
    public static List<Path> render(Path dir) throws IOException {
        return write(dir, load(dir, EloOptions.defaults(), true));
    }

    /**
     * Renders {@code dir} rated with {@code options}; the anchor must be a player (or null: the mean).
     *
     * @return the files written
     */
    public static List<Path> render(Path dir, EloOptions options) throws IOException {
        return write(dir, load(dir, options, false));
    }

    /** What {@link #render} would show, computed from the files in {@code dir}; intervals relative to the anchor. */
    public static ReportData load(Path dir, EloOptions options, boolean anchorFallback) throws IOException {
        return load(dir, options, anchorFallback, false);
    }

    /**
     * What {@link #render} would show, computed from the files in {@code dir}.
     *
     * @param anchorFallback when the options' anchor did not play, anchor on the first of
     *     {@link #DEFAULT_ANCHORS} that did, else on the mean
     * @param poolIntervals false: intervals relative to the anchor (the anchor's is a point, and
     *     every other interval carries the anchor's own uncertainty, so players far from a weakly
     *     connected anchor all get wide, overlapping intervals); true: ratings fitted with the mean
     *     of all players fixed, then shifted so that the anchor has its Elo, each interval being
     *     that player's own uncertainty against the pool (the convention of BayesElo and most
     *     rating lists), so that two players whose intervals do not overlap differ significantly
     */
    public static ReportData load(Path dir, EloOptions options, boolean anchorFallback, boolean poolIntervals)
            throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": not a directory");
        }
        Path gamesFile = dir.resolve(MatchRecords.FILE);
        Path ratingsFile = dir.resolve(RatingsCsv.FILE);
        Path checkpointsFile = dir.resolve(TrainingPoint.FILE);
        List<TrainingPoint> checkpoints = Files.exists(checkpointsFile) ? TrainingPoint.read(checkpointsFile) : List.of();
        String title = "Tournament report: " + dir.toAbsolutePath().normalize().getFileName();
        List<String> notes = new ArrayList<>();
        if (!Files.exists(gamesFile)) {
            if (!Files.exists(ratingsFile)) {
                throw new IllegalArgumentException(dir + ": no " + MatchRecords.FILE + " and no " + RatingsCsv.FILE
                        + " to report on");
            }
            List<Rating> ratings = RatingsCsv.read(ratingsFile);
            notes.add("Ratings read from " + RatingsCsv.FILE + " (there is no " + MatchRecords.FILE
                    + ", so no head-to-head table).");
            return new ReportData(title, null, ratings, null, List.of(), EloSeries.of(checkpoints, ratings), notes);
        }
        MatchRecords.Contents contents = MatchRecords.readSkipping(gamesFile);
        List<MatchRecord> games = contents.games();
        for (MatchRecords.Skipped s : contents.skipped()) {
            notes.add(s.warning(gamesFile) + ".");
        }
        Crosstable table = GameTables.crosstable(games);
        EloOptions opts = options;
        if (anchorFallback && (opts.anchor() == null || table.indexOf(opts.anchor()) < 0)) {
            String anchor = DEFAULT_ANCHORS.stream().filter(a -> table.indexOf(a) >= 0).findFirst().orElse(null);
            opts = opts.withAnchor(anchor, opts.anchorElo());
        }
        EloRatings fit;
        List<Rating> rated;
        if (poolIntervals && opts.anchor() != null) {
            EloOptions pool = opts.withAnchor(null, 0);
            fit = BradleyTerry.fit(table, pool);
            double shift = opts.anchorElo() - fit.rating(opts.anchor()).elo();
            rated = new ArrayList<>();
            for (Rating r : fit.ratings()) {
                rated.add(new Rating(r.player(), r.elo() + shift, r.lo() + shift, r.hi() + shift, r.games(), r.score()));
            }
            notes.add("Method: " + pool.describe().replace(", relative to the anchor", "") + "; then every rating shifted by the same amount so that '"
                    + opts.anchor() + "' = " + MarkdownReport.elo(opts.anchorElo(), false) + ". Each interval is that "
                    + "player's own uncertainty against the pool (the anchor's too): players whose intervals do not "
                    + "overlap differ significantly.");
        } else {
            fit = BradleyTerry.fit(table, opts);
            rated = fit.ratings();
            notes.add("Method: " + opts.describe() + ".");
        }
        notes.add("Elo is logistic: a difference D means an expected score of 1 / (1 + 10^(-D/400)).");
        failures(games, table, notes);
        List<ReportData.Paired> paired = new ArrayList<>();
        List<Rating> ranked = fit.ranked();  // the same order as the shifted ratings
        for (int i = 0; i < ranked.size(); i++) {
            for (int j = i + 1; j < ranked.size(); j++) {
                Pentanomial p = GameTables.pentanomial(games, ranked.get(i).player(), ranked.get(j).player());
                if (p.pairs() > 0) {
                    paired.add(new ReportData.Paired(ranked.get(i).player(), ranked.get(j).player(), p));
                }
            }
        }
        return new ReportData(title, opts.anchor(), rated, table, paired, EloSeries.of(checkpoints, rated), notes);
    }

    private static void failures(List<MatchRecord> games, Crosstable table, List<String> notes) {
        List<MatchRecord> failed = games.stream().filter(MatchRecord::isError).toList();
        long self = games.stream().filter(g -> g.rated() && g.south().equals(g.north())).count();
        if (!failed.isEmpty()) {
            notes.add(failed.size() + " game(s) ended by an agent's failure (a forfeit), not rated; details in "
                    + MatchRecords.FILE + ":");
            Map<String, Integer> byPlayer = failuresByPlayer(games);
            Set<String> described = new LinkedHashSet<>();
            int unpinned = 0;
            for (MatchRecord g : failed) {
                if (g.errorSide() < 0) {
                    if (unpinned++ < LISTED_FAILURES) {
                        notes.add("game " + g.game() + " (" + MarkdownReport.name(g.south()) + " vs "
                                + MarkdownReport.name(g.north()) + "): " + oneLine(g.error()));
                    }
                } else if (described.add(g.spec(g.errorSide()))) {
                    String p = g.spec(g.errorSide());
                    notes.add(MarkdownReport.name(p) + " failed " + byPlayer.get(p) + " game(s), first game " + g.game()
                            + ": " + oneLine(g.error()));
                }
            }
            if (unpinned > LISTED_FAILURES) {
                notes.add("and " + (unpinned - LISTED_FAILURES) + " more failed games not pinned on a player.");
            }
            Set<String> unrated = new LinkedHashSet<>();
            for (MatchRecord g : failed) {
                for (String p : new String[] {g.south(), g.north()}) {
                    if (table.indexOf(p) < 0) {
                        unrated.add(MarkdownReport.name(p));
                    }
                }
            }
            if (!unrated.isEmpty()) {
                notes.add("Not rated (no rated game): " + String.join(", ", unrated) + ".");
            }
        }
        if (self > 0) {
            notes.add(self + " game(s) of a player against itself, not rated.");
        }
    }

    private static String oneLine(String error) {
        return error.replace('\n', ' ');
    }

    /**
     * Failed games per player whose agent failed ({@link MatchRecord#errorSide()}), in order of
     * first failure; a failure pinned on neither side is left out.
     */
    public static Map<String, Integer> failuresByPlayer(List<MatchRecord> games) {
        Map<String, Integer> byPlayer = new LinkedHashMap<>();
        for (MatchRecord g : games) {
            if (g.isError() && g.errorSide() >= 0) {
                byPlayer.merge(g.spec(g.errorSide()), 1, Integer::sum);
            }
        }
        return byPlayer;
    }

    /**
     * Writes the report files of {@code data} into {@code dir}.
     *
     * @return the files written
     */
    public static List<Path> write(Path dir, ReportData data) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        List<String> images = new ArrayList<>();
        RatingsCsv.write(dir.resolve(RatingsCsv.FILE), data.ratings());
        written.add(dir.resolve(RatingsCsv.FILE));
        if (!data.ratings().isEmpty()) {
            save(Charts.ratings(data.ratings(), "Ratings (" + anchorTitle(data) + ")"), dir, RATINGS_PNG, written, images);
        }
        if (data.crosstable() != null && data.crosstable().size() > 1) {
            List<String> order = data.ratings().stream().map(Rating::player).toList();
            save(Charts.scoreMatrix(data.crosstable(), order), dir, MATRIX_PNG, written, images);
        }
        if (!data.series().isEmpty()) {
            // The players that are not checkpoints (a ladder's fixed opponents) as reference lines.
            Set<String> inSeries = new HashSet<>();
            data.series().forEach(s -> s.points().forEach(p -> inSeries.add(p.player())));
            List<Rating> references = data.ratings().stream().filter(r -> !inSeries.contains(r.player())).toList();
            save(Charts.eloVsSteps(data.series(), references), dir, STEPS_PNG, written, images);
            save(Charts.eloVsTime(data.series(), references), dir, TIME_PNG, written, images);
        }
        AtomicFiles.writeString(dir.resolve(REPORT_MD), MarkdownReport.render(data, images));
        written.add(dir.resolve(REPORT_MD));
        EloBoard.write(dir, data); // not listed: TensorBoard's view of the same ratings
        return written;
    }

    private static String anchorTitle(ReportData data) {
        for (Rating r : data.ratings()) {
            if (r.player().equals(data.anchor())) {
                return r.player() + " = " + MarkdownReport.elo(r.elo(), false);
            }
        }
        return data.anchor() == null && !data.ratings().isEmpty() && data.crosstable() != null ? "mean = 0"
                : "bars: confidence intervals";
    }

    private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path dir, String file,
            List<Path> written, List<String> images) throws IOException {
        Charts.savePng(chart, dir.resolve(file));
        written.add(dir.resolve(file));
        images.add(file);
    }
}
