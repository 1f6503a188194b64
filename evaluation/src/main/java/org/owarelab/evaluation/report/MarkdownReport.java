package org.owarelab.evaluation.report;

import java.util.List;
import java.util.Locale;
import org.owarelab.evaluation.stats.HeadToHead;
import org.owarelab.evaluation.stats.Pentanomial;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.stats.ScoreInterval;
import org.owarelab.evaluation.stats.WinDrawLoss;

/**
 * The text of {@code report.md}: ratings table, head-to-head table (each pairing from the
 * higher-rated player's side), paired-game statistics, links to the plots, and notes on the
 * method. Player names are set as code, with {@code |} escaped, so agent specs survive tables.
 */
final class MarkdownReport {
    private MarkdownReport() {
    }

    /** The report; {@code images} are the plot files written beside it (names only). */
    static String render(ReportData data, List<String> images) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(data.title()).append("\n\n");
        long games = data.crosstable() == null ? -1 : data.crosstable().games();
        md.append(data.ratings().size()).append(" rated players");
        if (games >= 0) {
            md.append(", ").append(games).append(" rated games");
        }
        md.append(".\n\n## Ratings\n\n");
        md.append("| # | Player | Elo | Interval | Games | Score |\n|--:|:--|--:|:--|--:|--:|\n");
        int rank = 1;
        for (Rating r : data.ratings()) {
            md.append("| ").append(rank++).append(" | ").append(name(r.player())).append(" | ").append(elo(r.elo(), false))
                    .append(" | [").append(elo(r.lo(), false)).append(", ").append(elo(r.hi(), false)).append("] | ")
                    .append(r.games()).append(" | ").append(percent(r.score())).append(" |\n");
        }
        image(md, images, Report.RATINGS_PNG, "Ratings with confidence intervals");
        if (images.contains(Report.STEPS_PNG) || images.contains(Report.TIME_PNG)) {
            md.append("\n## Elo against training\n");
            image(md, images, Report.STEPS_PNG, "Elo against training steps");
            image(md, images, Report.TIME_PNG, "Elo against wall-clock time");
        }
        if (data.crosstable() != null) {
            headToHead(md, data);
            paired(md, data.paired());
            image(md, images, Report.MATRIX_PNG, "Score matrix");
        }
        md.append("\n## Notes\n\n");
        for (String note : data.notes()) {
            md.append("- ").append(note).append('\n');
        }
        return md.toString();
    }

    private static void headToHead(StringBuilder md, ReportData data) {
        md.append("\n## Head to head\n\nEach pairing from the higher-rated player's side; score intervals 95% ")
                .append("(normal approximation of the W/D/L scores, Wilson at a perfect score).\n\n")
                .append("| Player | Opponent | W / D / L | Score | 95% interval | Elo difference |\n")
                .append("|:--|:--|:--|--:|:--|:--|\n");
        List<String> order = data.ratings().stream().map(Rating::player).toList();
        for (HeadToHead h : data.crosstable().headToHead(order)) {
            WinDrawLoss w = h.wdl();
            ScoreInterval s = h.interval();
            md.append("| ").append(name(h.player())).append(" | ").append(name(h.opponent())).append(" | ")
                    .append(w.wins()).append(" / ").append(w.draws()).append(" / ").append(w.losses()).append(" | ")
                    .append(percent(s.score())).append(" | [").append(percent(s.lo())).append(", ")
                    .append(percent(s.hi())).append("] | ").append(elo(h.elo(), true)).append(" [")
                    .append(elo(h.eloLo(), true)).append(", ").append(elo(h.eloHi(), true)).append("] |\n");
        }
    }

    private static void paired(StringBuilder md, List<ReportData.Paired> paired) {
        if (paired.isEmpty()) {
            return;
        }
        md.append("\n## Paired games (pentanomial)\n\nPairs of games from one opening with colours swapped; ")
                .append("columns 0 .. 2 count the pairs by the player's total score over the two games.\n\n")
                .append("| Player | Opponent | Pairs | 0 | ½ | 1 | 1½ | 2 | Score | 95% interval | Elo |\n")
                .append("|:--|:--|--:|--:|--:|--:|--:|--:|--:|:--|:--|\n");
        for (ReportData.Paired p : paired) {
            Pentanomial c = p.counts();
            long[] n = c.counts();
            ScoreInterval s = c.interval();
            md.append("| ").append(name(p.player())).append(" | ").append(name(p.opponent())).append(" | ")
                    .append(c.pairs()).append(" | ").append(n[0]).append(" | ").append(n[1]).append(" | ").append(n[2])
                    .append(" | ").append(n[3]).append(" | ").append(n[4]).append(" | ").append(percent(s.score()))
                    .append(" | [").append(percent(s.lo())).append(", ").append(percent(s.hi())).append("] | ")
                    .append(elo(c.elo(), true)).append(" [").append(elo(s.eloLo(), true)).append(", ")
                    .append(elo(s.eloHi(), true)).append("] |\n");
        }
    }

    private static void image(StringBuilder md, List<String> images, String file, String alt) {
        if (images.contains(file)) {
            md.append("\n![").append(alt).append("](").append(file).append(")\n");
        }
    }

    /** A player name as inline code, safe inside a table cell. */
    static String name(String player) {
        String escaped = player.replace("|", "\\|");
        return escaped.contains("`") ? "``" + escaped + "``" : "`" + escaped + "`";
    }

    /** An Elo value rounded to a point; signed for differences; {@code +inf} for infinities. */
    static String elo(double x, boolean signed) {
        if (Double.isInfinite(x)) {
            return x > 0 ? "+inf" : "-inf";
        }
        if (Double.isNaN(x)) {
            return "n/a";
        }
        long r = Math.round(x);
        return (signed && r > 0 ? "+" : "") + r;
    }

    /** A score as a percentage with one decimal. */
    static String percent(double score) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * score);
    }
}
