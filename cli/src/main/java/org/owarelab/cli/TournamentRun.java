package org.owarelab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.GameFarm;
import org.owarelab.evaluation.report.Report;
import org.owarelab.evaluation.report.ReportData;
import org.owarelab.evaluation.report.TextReport;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.evaluation.tournament.Tournament;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.evaluation.tournament.TournamentPlan;
import org.owarelab.evaluation.tournament.TournamentResult;
import org.owarelab.model.ModelAgents;

/**
 * What {@code oware tournament} and {@code oware ladder} share: plan the tournament in its
 * directory and say what will be played (resumed games, players that cannot be built), play it
 * with progress on stderr, then rate and render the report and print its tables.
 */
final class TournamentRun {
    private TournamentRun() {
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
            agents.checkAll(config.participants(), config.settings().rules());
            TournamentPlan plan = Tournament.prepare(agents, config, dir);
            for (String w : plan.warnings()) {
                err.println("oware tournament: warning: " + w);
            }
            err.flush();
            describe(plan, out);
            out.flush();
            long t0 = System.nanoTime();
            TournamentProgress progress = new TournamentProgress(err, System.console() != null);
            if (farms == null) {
                result = plan.play(progress);
            } else {
                GameFarm farm = farms.apply(plan);
                try {
                    result = plan.play(progress, farm);
                } finally {
                    if (farm instanceof AutoCloseable c) {
                        try {
                            c.close();
                        } catch (Exception e) {
                            err.println("oware tournament: warning: closing the cluster: " + e.getMessage());
                        }
                    }
                }
            }
            secs = (System.nanoTime() - t0) / 1e9;
        }
        out.printf(Locale.ROOT, "played %d game%s in %.1f s%s%n", result.played().size(),
                result.played().size() == 1 ? "" : "s", secs,
                result.failedGames() > 0 ? " (" + result.failedGames() + " ended by an agent's failure)" : "");
        report(dir, rating.withAnchor(config.anchorOrDefault(), 0), true, pool, out);
    }

    private static void describe(TournamentPlan plan, PrintWriter out) {
        TournamentConfig c = plan.config();
        ArenaSettings s = c.settings();
        int pairings = plan.schedule().pairings();
        int distinct = plan.schedule().openings().size();
        out.printf(Locale.ROOT, "tournament: %d players, %s: %d pairing%s x %d games = %d games; %d opening%s of %d "
                + "plies%s%s, both colours; seed %d, %d thread%s, rules %s%n", c.participants().size(),
                c.gauntlet() == null ? "round robin" : "gauntlet of " + c.gauntlet(), pairings, pairings == 1 ? "" : "s",
                c.gamesPerPair(), plan.schedule().games().size(), distinct, distinct == 1 ? "" : "s", s.openingPlies(),
                s.balance() == null ? "" : " judged even by " + s.balance().judge() + " (|value| <= "
                        + s.balance().maxValue() + ")",
                distinct < plan.schedule().rounds() ? " (reused in turn: no more distinct ones)" : "", s.seed(),
                c.threads(), c.threads() == 1 ? "" : "s", s.rules().isDefault() ? "default" : s.rules().spec());
        out.println("directory: " + plan.dir() + " (stop any time; the same command resumes from the saved games)");
        if (!plan.kept().isEmpty() || plan.failedBefore() > 0) {
            out.printf(Locale.ROOT, "resuming: %d game%s saved, %d to play%s%n", plan.kept().size(),
                    plan.kept().size() == 1 ? "" : "s", plan.toPlay().size(), plan.failedBefore() > 0
                            ? " (" + plan.failedBefore() + " failed games played again)" : "");
        }
        if (!plan.foreign().isEmpty()) {
            out.println("kept " + plan.foreign().size() + " saved games of players not in this tournament (they are "
                    + "rated with the others)");
        }
        for (Map.Entry<String, String> e : plan.problems().entrySet()) {
            out.println("player '" + e.getKey() + "' cannot be built: " + e.getValue()
                    + "; its games will be recorded as failed");
        }
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
