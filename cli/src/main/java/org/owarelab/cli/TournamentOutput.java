package org.owarelab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.GameFarm;
import org.owarelab.evaluation.report.Report;
import org.owarelab.evaluation.report.ReportData;
import org.owarelab.evaluation.report.TextReport;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.evaluation.tournament.TournamentPlan;
import org.owarelab.evaluation.tournament.TournamentResult;
import org.owarelab.evaluation.tournament.TournamentRun;
import org.owarelab.model.ModelAgents;

/**
 * What {@code oware tournament} and {@code oware ladder} print around {@link TournamentRun} (which
 * plans and plays): the plan's warnings and lines, progress on stderr and the games played, then
 * the report's tables and the files written.
 */
final class TournamentOutput {
    private TournamentOutput() {
    }

    /**
     * Plays {@code config} in {@code dir}, then reports on it with {@code rating} (its anchor
     * replaced by the config's), intervals against the pool or the anchor.
     */
    static void run(TournamentConfig config, Path dir, EloOptions rating, boolean pool, PrintWriter out,
            PrintWriter err)
            throws IOException, InterruptedException {
        run(config, dir, rating, pool, out, err, null);
    }

    /**
     * As {@link #run(TournamentConfig, Path, EloOptions, boolean, PrintWriter, PrintWriter)}, the
     * games played by the farm {@code farms} gives for the plan (null: this machine's threads); a
     * farm that is {@link AutoCloseable} is closed after the games.
     */
    static void run(TournamentConfig config, Path dir, EloOptions rating, boolean pool, PrintWriter out,
            PrintWriter err, java.util.function.Function<TournamentPlan, GameFarm> farms)
            throws IOException, InterruptedException {
        TournamentResult result;
        double secs;
        try (AgentRegistry agents = ModelAgents.registry()) {
            // Every player is built once before the directory is touched: a bad one is one line, exit 2.
            TournamentPlan plan = TournamentRun.plan(agents, config, dir);
            for (String w : plan.warnings()) {
                err.println("oware tournament: warning: " + w);
            }
            err.flush();
            for (String line : TournamentRun.describe(plan)) {
                out.println(line);
            }
            out.flush();
            long t0 = System.nanoTime();
            TournamentProgress progress = new TournamentProgress(err, System.console() != null);
            result = TournamentRun.play(plan, progress, farms == null ? null : farms.apply(plan),
                    w -> err.println("oware tournament: warning: " + w));
            secs = (System.nanoTime() - t0) / 1e9;
        }
        out.println(TournamentRun.played(result, secs));
        report(dir, rating.withAnchor(config.anchorOrDefault(), 0), true, pool, out);
    }

    /**
     * Rates the games of {@code dir}, writes the report files and prints the tables and the
     * files written.
     *
     * @param fallback when the anchor has no rated game, anchor on the report's defaults instead
     * @param pool intervals of each player against the pool, shifted to the anchor (else relative to the anchor)
     */
    static void report(Path dir, EloOptions rating, boolean fallback, boolean pool, PrintWriter out)
            throws IOException {
        ReportData data = Report.load(dir, rating, fallback, pool);
        List<Path> files = Report.write(dir, data);
        out.println();
        out.print(TextReport.render(data));
        out.println();
        out.println("files: " + String.join(", ", files.stream().map(p -> p.getFileName().toString()).toList())
                + " in " + dir);
        out.flush();
    }
}
