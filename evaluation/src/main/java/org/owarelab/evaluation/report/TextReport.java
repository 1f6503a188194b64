package org.owarelab.evaluation.report;

import java.util.ArrayList;
import java.util.List;
import org.owarelab.evaluation.stats.HeadToHead;
import org.owarelab.evaluation.stats.Pentanomial;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.stats.ScoreInterval;
import org.owarelab.evaluation.stats.WinDrawLoss;

/**
 * A report's tables as aligned plain text, for a terminal: ratings, head to head (each pairing
 * from the higher-rated side), paired games, notes. The same numbers as {@code report.md}.
 */
public final class TextReport {
    private TextReport() {
    }

    /** The report of {@code data} as text, lines ending in {@code \n}. */
    public static String render(ReportData data) {
        StringBuilder sb = new StringBuilder();
        String anchor = data.anchor() == null ? "the mean of all players at 0" : data.anchor() + " = 0";
        sb.append("Ratings (Elo with confidence interval; ").append(anchor).append("):\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"#", "player", "Elo", "interval", "games", "score"});
        int rank = 1;
        for (Rating r : data.ratings()) {
            rows.add(new String[] {String.valueOf(rank++), r.player(), MarkdownReport.elo(r.elo(), false),
                "[" + MarkdownReport.elo(r.lo(), false) + ", " + MarkdownReport.elo(r.hi(), false) + "]",
                String.valueOf(r.games()), MarkdownReport.percent(r.score())});
        }
        table(sb, rows, "rlrlrr");
        if (data.crosstable() != null) {
            List<String> order = data.ratings().stream().map(Rating::player).toList();
            List<HeadToHead> h2h = data.crosstable().headToHead(order);
            if (!h2h.isEmpty()) {
                sb.append("\nHead to head (W/D/L from the first player's side, score with 95% interval):\n");
                rows = new ArrayList<>();
                rows.add(new String[] {"player", "opponent", "W/D/L", "score", "interval", "Elo diff"});
                for (HeadToHead h : h2h) {
                    WinDrawLoss w = h.wdl();
                    ScoreInterval s = h.interval();
                    rows.add(new String[] {h.player(), h.opponent(), w.wins() + "/" + w.draws() + "/" + w.losses(),
                        MarkdownReport.percent(s.score()), "[" + MarkdownReport.percent(s.lo()) + ", "
                                + MarkdownReport.percent(s.hi()) + "]", MarkdownReport.elo(h.elo(), true)});
                }
                table(sb, rows, "llrrlr");
            }
        }
        if (!data.paired().isEmpty()) {
            sb.append("\nPaired games (pentanomial: pairs by the player's score of 0, 1/2, 1, 3/2, 2 out of 2):\n");
            rows = new ArrayList<>();
            rows.add(new String[] {"player", "opponent", "pairs", "0 / ½ / 1 / 1½ / 2", "score", "interval"});
            for (ReportData.Paired p : data.paired()) {
                Pentanomial c = p.counts();
                long[] n = c.counts();
                ScoreInterval s = c.interval();
                rows.add(new String[] {p.player(), p.opponent(), String.valueOf(c.pairs()),
                    n[0] + " / " + n[1] + " / " + n[2] + " / " + n[3] + " / " + n[4], MarkdownReport.percent(s.score()),
                    "[" + MarkdownReport.percent(s.lo()) + ", " + MarkdownReport.percent(s.hi()) + "]"});
            }
            table(sb, rows, "llrrrl");
        }
        if (!data.notes().isEmpty()) {
            sb.append("\nNotes:\n");
            for (String note : data.notes()) {
                sb.append("- ").append(note.replace("`", "")).append('\n');
            }
        }
        return sb.toString();
    }

    /** Rows padded to their columns' widths; {@code align} has 'l' or 'r' per column. */
    private static void table(StringBuilder sb, List<String[]> rows, String align) {
        int[] width = new int[align.length()];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < r.length; i++) {
                String pad = " ".repeat(width[i] - r[i].length());
                line.append(i > 0 ? "  " : "").append(align.charAt(i) == 'r' ? pad + r[i] : r[i] + pad);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
