package org.owarelab.evaluation.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.owarelab.util.AtomicFiles;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.stats.WinDrawLoss;

/**
 * The report's plots, drawn with XChart: ratings with their intervals (a forest plot, best player
 * on top, so long agent specs read horizontally), Elo against training steps and wall-clock time,
 * and the score matrix as a heat map. Intervals may be asymmetric (bootstrap), so they are drawn
 * as segments rather than XChart's symmetric error bars. Needs {@code java.awt.headless=true}
 * where there is no display ({@link #savePng} sets it if unset).
 */
public final class Charts {
    private static final Color INK = new Color(0x1f, 0x4e, 0x79);
    private static final Color[] RUN_COLOURS = {INK, new Color(0xc0, 0x50, 0x10), new Color(0x2e, 0x7d, 0x32),
        new Color(0x6a, 0x1b, 0x9a), new Color(0x8d, 0x6e, 0x63), new Color(0x00, 0x83, 0x8f)};
    private static final int ROW_PIXELS = 34;

    private Charts() {
    }

    /** The ratings as a forest plot: one row per player, the Elo as a dot, the interval as a bar. */
    public static XYChart ratings(List<Rating> ranked, String title) {
        int k = ranked.size();
        XYChart chart = new XYChart(1000, Math.max(320, 150 + ROW_PIXELS * k), Styler.ChartTheme.XChart);
        chart.setTitle(title);
        chart.setXAxisTitle("Elo (bars: confidence interval)");
        chart.setYAxisTitle("");
        style(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(k + 1.0);
        chart.getStyler().setYAxisTickMarkSpacingHint(Math.max(8, ROW_PIXELS / 2));
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        String[] names = new String[k + 1];
        double[] x = new double[k];
        double[] y = new double[k];
        for (int i = 0; i < k; i++) {
            Rating r = ranked.get(i);
            y[i] = k - i;
            x[i] = r.elo();
            names[k - i] = r.player();
            XYSeries bar = chart.addSeries("interval " + i, new double[] {r.lo(), r.hi()}, new double[] {y[i], y[i]});
            bar.setMarker(SeriesMarkers.NONE);
            bar.setLineColor(INK);
            bar.setLineStyle(new BasicStroke(3f));
            chart.addAnnotation(new AnnotationText(String.format(Locale.ROOT, "%.0f", r.elo()), r.elo(), y[i] + 0.38,
                    false));
        }
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        XYSeries dots = chart.addSeries("Elo", x, y);
        dots.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        dots.setMarker(SeriesMarkers.CIRCLE);
        dots.setMarkerColor(Color.BLACK);
        chart.getStyler().setMarkerSize(9);
        // Rows 1..k carry the names. XChart draws no ticks at all when the axis' two ends format
        // alike, so the (unlabelled) ends get blanks of different lengths.
        chart.getStyler().setYAxisTickLabelsFormattingFunction(v -> {
            long i = Math.round(v);
            if (Math.abs(v - i) > 1e-6) {
                return "";
            }
            return i >= 1 && i <= k ? names[(int) i] : i <= 0 ? " " : "  ";
        });
        return chart;
    }

    /** Elo against training steps, one line per run. */
    public static XYChart eloVsSteps(List<EloSeries> series) {
        return eloVsSteps(series, List.of());
    }

    /**
     * Elo against training steps, one line per run, with the Elo of fixed opponents (e.g. a
     * ladder's alpha-beta depths) as labelled dashed horizontal lines.
     */
    public static XYChart eloVsSteps(List<EloSeries> series, List<Rating> references) {
        return seriesChart(series, references, "Elo against training steps", "training steps", false);
    }

    /** Elo against wall-clock time, one line per run, in the unit that suits the longest run. */
    public static XYChart eloVsTime(List<EloSeries> series) {
        return eloVsTime(series, List.of());
    }

    /** Elo against wall-clock time, with fixed opponents as reference lines (see {@link #eloVsSteps(List, List)}). */
    public static XYChart eloVsTime(List<EloSeries> series, List<Rating> references) {
        return seriesChart(series, references, "Elo against wall-clock time", null, true);
    }

    private static XYChart seriesChart(List<EloSeries> series, List<Rating> references, String title, String xTitle,
            boolean time) {
        double maxSeconds = 0;
        for (EloSeries s : series) {
            for (EloSeries.Point p : s.points()) {
                maxSeconds = Math.max(maxSeconds, p.seconds());
            }
        }
        double unit = maxSeconds >= 3 * 3600 ? 3600 : maxSeconds >= 180 ? 60 : 1;
        String unitName = unit == 3600 ? "hours" : unit == 60 ? "minutes" : "seconds";
        XYChart chart = new XYChart(1000, 600, Styler.ChartTheme.XChart);
        chart.setTitle(series.size() == 1 ? title + " (" + series.get(0).run() + ")" : title);
        chart.setXAxisTitle(time ? "wall-clock time (" + unitName + ")" : xTitle);
        chart.setYAxisTitle("Elo (bars: confidence interval)");
        style(chart.getStyler());
        chart.getStyler().setLegendVisible(series.size() > 1);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideSE);
        chart.getStyler().setMarkerSize(7);
        for (int r = 0; r < series.size(); r++) {
            EloSeries s = series.get(r);
            Color colour = RUN_COLOURS[r % RUN_COLOURS.length];
            int n = s.points().size();
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                EloSeries.Point p = s.points().get(i);
                x[i] = time ? p.seconds() / unit : p.step();
                y[i] = p.elo();
                XYSeries bar = chart.addSeries(s.run() + " interval " + i, new double[] {x[i], x[i]},
                        new double[] {p.lo(), p.hi()});
                bar.setMarker(SeriesMarkers.NONE);
                bar.setLineColor(colour);
                bar.setLineStyle(new BasicStroke(1.5f));
                bar.setShowInLegend(false);
            }
            XYSeries line = chart.addSeries(s.run(), x, y);
            line.setMarker(SeriesMarkers.CIRCLE);
            line.setMarkerColor(colour);
            line.setLineColor(colour);
            line.setLineStyle(new BasicStroke(2f));
        }
        references(chart, series, references, time ? unit : 0);
        return chart;
    }

    /**
     * Dashed horizontal lines at the references' Elo across the series' x range, labelled just above
     * the line near its right end (where a training curve has usually climbed past them).
     */
    private static void references(XYChart chart, List<EloSeries> series, List<Rating> references, double unit) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (EloSeries s : series) {
            for (EloSeries.Point p : s.points()) {
                double x = unit > 0 ? p.seconds() / unit : p.step();
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        if (references.isEmpty() || lo > hi) {
            return;
        }
        if (hi == lo) {
            hi = lo + 1;
        }
        double bottom = Double.POSITIVE_INFINITY;
        double top = Double.NEGATIVE_INFINITY;
        for (EloSeries s : series) {
            for (EloSeries.Point p : s.points()) {
                bottom = Math.min(bottom, p.lo());
                top = Math.max(top, p.hi());
            }
        }
        for (Rating r : references) {
            bottom = Math.min(bottom, r.elo());
            top = Math.max(top, r.elo());
        }
        double lift = 0.025 * Math.max(top - bottom, 1);
        BasicStroke dashed = new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f},
                0f);
        for (int i = 0; i < references.size(); i++) {
            Rating r = references.get(i);
            XYSeries ref = chart.addSeries("reference " + i, new double[] {lo, hi}, new double[] {r.elo(), r.elo()});
            ref.setMarker(SeriesMarkers.NONE);
            ref.setLineColor(Color.GRAY);
            ref.setLineStyle(dashed);
            ref.setShowInLegend(false);
            chart.addAnnotation(new AnnotationText(r.player(), hi - 0.08 * (hi - lo), r.elo() + lift, false));
        }
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);
    }

    /**
     * The score matrix: cell (row, column) is the row player's score against the column player
     * in percent, blank where they did not meet. Players in the given order (best first).
     */
    public static HeatMapChart scoreMatrix(Crosstable table, List<String> order) {
        int k = order.size();
        int side = Math.max(500, 140 + 70 * k);
        HeatMapChart chart = new HeatMapChart(side + 260, side + 120, Styler.ChartTheme.XChart);
        chart.setTitle("Score of the row player against the column player (%)");
        chart.setXAxisTitle("opponent");
        chart.setYAxisTitle("player");
        style(chart.getStyler());
        chart.getStyler().setShowValue(true);
        chart.getStyler().setValueFont(new Font(Font.SANS_SERIF, Font.PLAIN, k > 10 ? 11 : 14));
        chart.getStyler().setValueFontColor(Color.BLACK);
        chart.getStyler().setMin(0).setMax(100);
        chart.getStyler().setRangeColors(new Color[] {new Color(0xd7, 0x30, 0x27), new Color(0xff, 0xff, 0xf0),
            new Color(0x1a, 0x98, 0x50)});
        chart.getStyler().setHeatMapValueDecimalPattern("0");
        // Every row and column needs its name: let the ticks be as close as the cells.
        chart.getStyler().setXAxisTickMarkSpacingHint(20);
        chart.getStyler().setYAxisTickMarkSpacingHint(20);
        chart.getStyler().setXAxisLabelRotation(k > 4 ? 45 : 0);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setPlotGridLinesVisible(false);
        List<String> xs = new ArrayList<>(order);
        List<String> ys = new ArrayList<>(order);
        java.util.Collections.reverse(ys); // best player at the top
        List<Number[]> cells = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            for (int r = 0; r < k; r++) {
                WinDrawLoss w = table.wdl(ys.get(r), xs.get(c));
                if (w.games() > 0) {
                    cells.add(new Number[] {c, r, 100 * w.score()});
                }
            }
        }
        org.knowm.xchart.HeatMapSeries hs = chart.addSeries("score", xs, ys, cells);
        hs.setMin(0);
        hs.setMax(100);
        return chart;
    }

    /**
     * Accuracy against perfect play by seeds on the board ({@code oware accuracy --plot}): the
     * rates of optimal moves and of outcomes kept, in percent, with their 95% Wilson intervals as
     * error bars; rows with no position judged are left out.
     */
    public static XYChart accuracy(String title, List<Accuracy.Row> rows) {
        XYChart chart = new XYChart(900, 520, Styler.ChartTheme.XChart);
        chart.setTitle("Accuracy against perfect play: " + title);
        chart.setXAxisTitle("seeds on the board");
        chart.setYAxisTitle("% of positions (bars: 95% Wilson interval)");
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(100.0);
        rows = rows.stream().filter(r -> r.positions() > 0).toList(); // nothing judged: no point
        int k = rows.size();
        double[] x = new double[k];
        double[] opt = new double[k];
        double[] optErr = new double[k];
        double[] outc = new double[k];
        double[] outErr = new double[k];
        for (int i = 0; i < k; i++) {
            Accuracy.Row r = rows.get(i);
            x[i] = r.seeds();
            opt[i] = 100 * r.optimalRate();
            double[] oi = r.optimalInterval();
            optErr[i] = 100 * Math.max(r.optimalRate() - oi[0], oi[1] - r.optimalRate());
            outc[i] = 100 * r.outcomeRate();
            double[] ci = r.outcomeInterval();
            outErr[i] = 100 * Math.max(r.outcomeRate() - ci[0], ci[1] - r.outcomeRate());
        }
        XYSeries a = chart.addSeries("optimal move", x, opt, optErr);
        a.setLineColor(new Color(0x1f, 0x4e, 0x79));
        XYSeries b = chart.addSeries("outcome kept", x, outc, outErr);
        b.setLineColor(new Color(0xc0, 0x50, 0x10));
        return chart;
    }

    /** Writes {@code chart} as a PNG, atomically. */
    public static void savePng(Chart<?, ?> chart, Path file) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        AtomicFiles.write(file, out -> {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer in this Java runtime");
            }
        });
    }

    private static void style(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(Color.GRAY);
        s.setChartTitleBoxVisible(false);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setPlotGridLinesColor(new Color(0xdd, 0xdd, 0xdd));
        s.setChartPadding(14);
        s.setAntiAlias(true);
    }
}
