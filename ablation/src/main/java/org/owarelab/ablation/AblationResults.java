package org.owarelab.ablation;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.owarelab.evaluation.report.Charts;
import org.owarelab.evaluation.report.Csv;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.training.loop.TrainState;
import org.owarelab.util.AtomicFiles;

/**
 * An ablation's result files, all written atomically:
 * <ul>
 *   <li>{@code results.csv}: {@code variant,seed,elo,elo_lo,elo_hi,wall_s,positions,learner_steps}, then
 *       {@code axis:KEY} per axis, then {@code score:OPPONENT} per fixed opponent (the final
 *       checkpoint's score in [0, 1]); one line per finished run;
 *   <li>{@code curves.csv}: {@code variant,seed,generation,wall_s,positions,learner_steps,elo,elo_lo,elo_hi},
 *       one line per evaluated checkpoint;
 *   <li>{@code report.md}: a table per axis (mean Elo over seeds with a t-interval, scores, time,
 *       positions), Welch tests between an axis' values, the runs one by one;
 *   <li>{@code elo-vs-time.png}, {@code elo-vs-positions.png}: per variant, mean Elo over seeds
 *       against mean training time or self-play positions, bars one standard deviation over seeds.
 * </ul>
 * Elo and its 95% interval per run are the tournament's (game noise only); the interval of a
 * mean over seeds is the t-interval of {@link SeedStats}, which the spread between seeds drives.
 */
public final class AblationResults {
    static final String RESULTS_HEADER = "variant,seed,elo,elo_lo,elo_hi,wall_s,positions,learner_steps";
    static final String CURVES_HEADER = "variant,seed,generation,wall_s,positions,learner_steps,elo,elo_lo,elo_hi";
    private static final double LEVEL = 0.95;

    private AblationResults() {
    }

    /** One evaluated checkpoint of a run, with where it stands in training. */
    record Point(AblationRun run, int generation, double seconds, long positions, long steps, Rating rating,
            boolean last) {
    }

    static List<Path> write(AblationPlan plan, Path dir, List<AblationRun> runs, AblationEvaluation.Result rated)
            throws IOException {
        List<Path> files = new ArrayList<>();
        List<Point> points = points(runs, rated);
        files.add(writeResults(plan, dir, runs, rated));
        Path curves = dir.resolve("curves.csv");
        StringBuilder sb = new StringBuilder(CURVES_HEADER).append('\n');
        for (Point p : points) {
            sb.append(csv(p.run().variant().name(), Long.toString(p.run().seed()), Integer.toString(p.generation()),
                    num(p.seconds()), Long.toString(p.positions()), Long.toString(p.steps()),
                    num(p.rating() == null ? Double.NaN : p.rating().elo()),
                    num(p.rating() == null ? Double.NaN : p.rating().lo()),
                    num(p.rating() == null ? Double.NaN : p.rating().hi()))).append('\n');
        }
        AtomicFiles.writeString(curves, sb.toString());
        files.add(curves);
        Path report = dir.resolve("report.md");
        AtomicFiles.writeString(report, report(plan, runs, rated));
        files.add(report);
        Path time = dir.resolve("elo-vs-time.png");
        Charts.savePng(chart(plan, points, Point::seconds, "training wall-clock time (s)", "Elo against training time"),
                time);
        files.add(time);
        Path positions = dir.resolve("elo-vs-positions.png");
        Charts.savePng(chart(plan, points, p -> p.positions(), "self-play positions", "Elo against self-play positions"),
                positions);
        files.add(positions);
        return files;
    }

    private static Path writeResults(AblationPlan plan, Path dir, List<AblationRun> runs,
            AblationEvaluation.Result rated) throws IOException {
        List<String> header = new ArrayList<>(List.of(RESULTS_HEADER.split(",")));
        plan.axes().forEach(a -> header.add("axis:" + a));
        rated.opponents().forEach(o -> header.add("score:" + o));
        StringBuilder sb = new StringBuilder(csv(header.toArray(new String[0]))).append('\n');
        for (AblationRun r : runs) {
            String spec = rated.finalSpec(r);
            Rating x = spec == null ? null : rated.rating(spec);
            TrainState s = r.state();
            List<String> row = new ArrayList<>(List.of(r.variant().name(), Long.toString(r.seed()),
                    num(x == null ? Double.NaN : x.elo()), num(x == null ? Double.NaN : x.lo()),
                    num(x == null ? Double.NaN : x.hi()), num(s.seconds()), Long.toString(s.positions()),
                    Long.toString(s.learnerSteps())));
            plan.axes().forEach(a -> row.add(r.variant().axes().get(a)));
            rated.opponents().forEach(o -> row.add(num(spec == null ? Double.NaN : rated.score(spec, o))));
            sb.append(csv(row.toArray(new String[0]))).append('\n');
        }
        Path file = dir.resolve("results.csv");
        AtomicFiles.writeString(file, sb.toString());
        return file;
    }

    /** Every evaluated checkpoint, run by run, by step. */
    static List<Point> points(List<AblationRun> runs, AblationEvaluation.Result rated) {
        List<Point> points = new ArrayList<>();
        for (AblationRun r : runs) {
            List<AblationRun.Generation> gens = r.generations();
            TrainState s = r.state();
            rated.players().entrySet().stream().filter(e -> e.getValue().run().equals(r))
                    .sorted((a, b) -> Long.compare(a.getValue().step(), b.getValue().step()))
                    .forEach(e -> {
                        AblationEvaluation.Player p = e.getValue();
                        Rating rating = rated.rating(e.getKey());
                        if (p.last()) {
                            points.add(new Point(r, s.generation(), s.seconds(), s.positions(), s.learnerSteps(),
                                    rating, true));
                            return;
                        }
                        AblationRun.Generation g = null;
                        for (AblationRun.Generation x : gens) {
                            if (x.step() == p.step()) {
                                g = x; // the last generation that ended at this step saved the checkpoint
                            }
                        }
                        points.add(g == null ? new Point(r, -1, Double.NaN, -1, p.step(), rating, false)
                                : new Point(r, g.generation(), g.seconds(), g.positions(), g.step(), rating, false));
                    });
        }
        return points;
    }

    /** The values of one group of runs (those of a variant, or sharing an axis value). */
    private record Group(String label, List<AblationRun> runs) {
    }

    static String report(AblationPlan plan, List<AblationRun> runs, AblationEvaluation.Result rated) {
        StringBuilder md = new StringBuilder();
        md.append("# Ablation: ").append(plan.source().file().getFileName()).append("\n\n");
        md.append(String.format(Locale.ROOT, "Base config: %s. %d variant%s x %d seed%s (%s); %d finished run%s rated. "
                + "Evaluation: round robin of the fixed opponents (%s) and the runs' %s checkpoints, %d games per pair "
                + "on shared seeded openings, PUCT at %s; Elo 0 = %s.%n%n", plan.baseName(),
                plan.variants().size(), plan.variants().size() == 1 ? "" : "s", plan.seeds().size(),
                plan.seeds().size() == 1 ? "" : "s", plan.seeds(), runs.size(), runs.size() == 1 ? "" : "s",
                String.join(", ", rated.opponents()), plan.evaluation().allCheckpoints() ? "" : "final",
                plan.evaluation().games(), plan.evaluation().perMove(), rated.opponents().get(0)));
        md.append("Method: each run's Elo is its final checkpoint's rating in the common pool (maximum likelihood, "
                + "95% interval from the games). A row's Elo is the mean over its runs with a 95% Student t-interval "
                + "(n - 1 degrees of freedom) from the spread of the per-run Elos: it holds the seed-to-seed variation "
                + "as well as each run's game noise. Two values of an axis are compared by Welch's two-sided t-test "
                + "on their per-run Elos (p < 0.05: significant; no correction for several comparisons). With one "
                + "run a row has no interval.\n\n");
        List<String> axes = plan.axes().isEmpty() ? List.of() : plan.axes();
        for (String axis : axes) {
            Map<String, List<AblationRun>> by = new LinkedHashMap<>();
            for (AblationRun r : runs) {
                by.computeIfAbsent(r.variant().axes().get(axis), k -> new ArrayList<>()).add(r);
            }
            List<Group> groups = new ArrayList<>();
            by.forEach((v, rs) -> groups.add(new Group(v, rs)));
            md.append("## ").append(axis).append("\n\n");
            table(md, axis, groups, rated);
            significance(md, axis, groups, rated);
        }
        if (axes.size() != 1) {
            List<Group> groups = new ArrayList<>();
            for (AblationPlan.Variant v : plan.variants()) {
                List<AblationRun> rs = runs.stream().filter(r -> r.variant().equals(v)).toList();
                if (!rs.isEmpty()) {
                    groups.add(new Group(v.name(), rs));
                }
            }
            md.append("## Variants\n\n");
            table(md, "variant", groups, rated);
            significance(md, "variant", groups, rated);
        }
        md.append("## Runs\n\n| variant | seed | Elo [95%] | wall s | positions | learner steps |\n|---|---:|---:|---:|---:|---:|\n");
        for (AblationRun r : runs) {
            Rating x = rating(r, rated);
            TrainState s = r.state();
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %.0f | %d | %d |%n", r.variant().name(), r.seed(),
                    x == null ? "-" : String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", x.elo(), x.lo(), x.hi()),
                    s.seconds(), s.positions(), s.learnerSteps()));
        }
        md.append("\nFixed opponents: ");
        List<String> opp = new ArrayList<>();
        for (String o : rated.opponents()) {
            Rating x = rated.rating(o);
            opp.add(o + (x == null ? "" : String.format(Locale.ROOT, " %.0f [%.0f, %.0f]", x.elo(), x.lo(), x.hi())));
        }
        md.append(String.join("; ", opp)).append(".\n\n");
        md.append("![Elo against training time](elo-vs-time.png)\n\n![Elo against self-play positions](elo-vs-positions.png)\n\n");
        md.append("The pool's games, ratings and head-to-head tables: `eval/` (an ordinary tournament directory; "
                + "`oware report eval` renders it again).\n");
        return md.toString();
    }

    private static Rating rating(AblationRun r, AblationEvaluation.Result rated) {
        String spec = rated.finalSpec(r);
        return spec == null ? null : rated.rating(spec);
    }

    private static double[] elos(Group g, AblationEvaluation.Result rated) {
        return g.runs().stream().map(r -> rating(r, rated)).filter(x -> x != null).mapToDouble(Rating::elo).toArray();
    }

    private static void table(StringBuilder md, String axis, List<Group> groups, AblationEvaluation.Result rated) {
        md.append("| ").append(axis).append(" | runs | Elo mean [95% t-interval] | sd over seeds |");
        rated.opponents().forEach(o -> md.append(" score vs ").append(o).append(" |"));
        md.append(" wall s | positions | learner steps |\n|---|---:|---:|---:|");
        rated.opponents().forEach(o -> md.append("---:|"));
        md.append("---:|---:|---:|\n");
        for (Group g : groups) {
            double[] elo = elos(g, rated);
            String cell = "-";
            String sd = "-";
            if (elo.length > 0) {
                SeedStats.Interval iv = SeedStats.tInterval(elo, LEVEL);
                cell = elo.length == 1 ? String.format(Locale.ROOT, "%.0f", iv.mean())
                        : String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", iv.mean(), iv.lo(), iv.hi());
                sd = elo.length == 1 ? "-" : String.format(Locale.ROOT, "%.0f", iv.sd());
            }
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s |", g.label(), g.runs().size(), cell, sd));
            for (String o : rated.opponents()) {
                double[] sc = g.runs().stream().map(r -> rated.finalSpec(r)).filter(s -> s != null)
                        .mapToDouble(s -> rated.score(s, o)).filter(x -> !Double.isNaN(x)).toArray();
                md.append(sc.length == 0 ? " - |" : String.format(Locale.ROOT, " %.2f |", mean(sc)));
            }
            md.append(String.format(Locale.ROOT, " %.0f | %.0f | %.0f |%n",
                    mean(g.runs().stream().mapToDouble(r -> r.state().seconds()).toArray()),
                    mean(g.runs().stream().mapToDouble(r -> r.state().positions()).toArray()),
                    mean(g.runs().stream().mapToDouble(r -> r.state().learnerSteps()).toArray())));
        }
        md.append('\n');
    }

    private static void significance(StringBuilder md, String axis, List<Group> groups,
            AblationEvaluation.Result rated) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            for (int j = i + 1; j < groups.size(); j++) {
                double[] a = elos(groups.get(i), rated);
                double[] b = elos(groups.get(j), rated);
                double p = SeedStats.welchP(a, b);
                String pair = axis + " " + groups.get(i).label() + " vs " + groups.get(j).label();
                if (Double.isNaN(p)) {
                    lines.add("- " + pair + ": not tested (fewer than 2 rated runs on a side)");
                } else {
                    double d = mean(a) - mean(b);
                    lines.add(String.format(Locale.ROOT, "- %s: difference %+.0f Elo, Welch p = %.3f: %s", pair, d, p,
                            p < 0.05 ? "**significant** at the 5% level" : "no significant difference"));
                }
            }
        }
        if (!lines.isEmpty()) {
            md.append(String.join("\n", lines)).append("\n\n");
        }
    }

    /** A one-screen summary for the terminal: each axis' means with intervals. */
    static String summary(AblationPlan plan, List<AblationRun> runs, AblationEvaluation.Result rated) {
        StringBuilder sb = new StringBuilder();
        String md = report(plan, runs, rated);
        for (String line : md.split("\n")) {
            if (line.startsWith("## Runs")) {
                break;
            }
            if (line.startsWith("|") || line.startsWith("## ") || line.startsWith("- ")) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    private static XYChart chart(AblationPlan plan, List<Point> points, ToDoubleFunction<Point> x, String xTitle,
            String title) {
        XYChart chart = new XYChart(900, 560, Styler.ChartTheme.XChart);
        chart.setTitle(title + " (diamonds: mean over seeds, bars 1 sd; dots: each seed)");
        chart.setXAxisTitle(xTitle);
        chart.setYAxisTitle("Elo (" + "first fixed opponent = 0)");
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setMarkerSize(8);
        boolean any = false;
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        java.util.List<Color> palette = List.of(new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
                new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f));
        int index = 0;
        for (AblationPlan.Variant v : plan.variants()) {
            // Group the variant's checkpoints by generation (the final one by "last"), averaging over seeds.
            Map<String, List<Point>> byGen = new LinkedHashMap<>();
            List<Point> mine = points.stream()
                    .filter(p -> p.run().variant().equals(v) && p.rating() != null && p.generation() >= 0).toList();
            mine.stream().sorted((a, b) -> Integer.compare(a.generation(), b.generation()))
                    .forEach(p -> byGen.computeIfAbsent(p.last() ? "last" : "g" + p.generation(),
                            k -> new ArrayList<>()).add(p));
            if (byGen.isEmpty()) {
                continue;
            }
            Color color = palette.get(index++ % palette.size());
            List<double[]> rows = new ArrayList<>();
            for (List<Point> ps : byGen.values()) {
                double[] elo = ps.stream().mapToDouble(p -> p.rating().elo()).toArray();
                double[] xs = ps.stream().mapToDouble(x).toArray();
                SeedStats.Interval iv = SeedStats.tInterval(elo, LEVEL);
                double sd = Double.isNaN(iv.sd()) ? 0 : iv.sd();
                rows.add(new double[] {mean(xs), iv.mean(), sd});
                yMin = Math.min(yMin, iv.mean() - sd);
                yMax = Math.max(yMax, iv.mean() + sd);
            }
            rows.sort((a, b) -> Double.compare(a[0], b[0]));
            XYSeries s = chart.addSeries(v.name() + " (mean)", rows.stream().mapToDouble(r -> r[0]).toArray(),
                    rows.stream().mapToDouble(r -> r[1]).toArray(), rows.stream().mapToDouble(r -> r[2]).toArray());
            s.setXYSeriesRenderStyle(rows.size() == 1 ? XYSeries.XYSeriesRenderStyle.Scatter
                    : XYSeries.XYSeriesRenderStyle.Line);
            s.setMarkerColor(color);
            s.setLineColor(color);
            s.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.DIAMOND);
            // Every run's own point, so the spread over seeds shows as it is.
            double[] rx = mine.stream().mapToDouble(x).toArray();
            double[] ry = mine.stream().mapToDouble(p -> p.rating().elo()).toArray();
            XYSeries runs = chart.addSeries(v.name() + " (each seed)", rx, ry);
            runs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            runs.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.CIRCLE);
            runs.setMarkerColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 110));
            for (int i = 0; i < rx.length; i++) {
                xMin = Math.min(xMin, rx[i]);
                xMax = Math.max(xMax, rx[i]);
                yMin = Math.min(yMin, ry[i]);
                yMax = Math.max(yMax, ry[i]);
            }
            any = true;
        }
        if (any) {
            double dx = Math.max(xMax - xMin, Math.max(1, Math.abs(xMax) * 0.05));
            double dy = Math.max(yMax - yMin, 20);
            chart.getStyler().setXAxisMin(Math.max(0, xMin - 0.1 * dx));
            chart.getStyler().setXAxisMax(xMax + 0.1 * dx);
            chart.getStyler().setYAxisMin(yMin - 0.1 * dy);
            chart.getStyler().setYAxisMax(yMax + 0.1 * dy);
            chart.getStyler().setXAxisDecimalPattern("#,###");
            chart.getStyler().setYAxisDecimalPattern("#,###");
        }
        if (!any) {
            chart.addSeries("no rated checkpoint", new double[] {0}, new double[] {0});
        }
        return chart;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? Double.NaN : s / v.length;
    }

    static String num(double x) {
        if (Double.isNaN(x)) {
            return "";
        }
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return String.format(Locale.ROOT, "%.4f", x).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** One CSV line, quoted by the lab's CSV ({@link Csv}). */
    static String csv(String... fields) {
        return Csv.line(fields);
    }
}
