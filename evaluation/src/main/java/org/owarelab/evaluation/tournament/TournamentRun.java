package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.GameFarm;

/**
 * What {@code oware tournament} and {@code oware ladder} share, below their printing: plan the
 * tournament in its directory after building every player once, say in lines what the plan will
 * play (resumed games, foreign games, players that cannot be built), play it on a farm that is
 * closed after the games, and say in one line what was played. Stateless; the plan's own
 * thread-safety applies.
 */
public final class TournamentRun {
    private TournamentRun() {
    }

    /**
     * Builds every player of {@code config} once (a bad one throws {@link IllegalArgumentException}
     * before {@code dir} is touched), then plans the tournament in {@code dir}.
     */
    public static TournamentPlan plan(AgentRegistry agents, TournamentConfig config, Path dir) throws IOException {
        agents.checkAll(config.participants(), config.settings().rules());
        return Tournament.prepare(agents, config, dir);
    }

    /**
     * Plays {@code plan} on {@code farm} (null: this machine's threads, as the config says); a farm
     * that is {@link AutoCloseable} is closed after the games, and a failure to close it is given to
     * {@code closeWarning} as {@code closing the cluster: MESSAGE}, not thrown.
     */
    public static TournamentResult play(TournamentPlan plan, TournamentListener listener, GameFarm farm,
            Consumer<String> closeWarning) throws IOException, InterruptedException {
        if (farm == null) {
            return plan.play(listener);
        }
        try {
            return plan.play(listener, farm);
        } finally {
            if (farm instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    closeWarning.accept("closing the cluster: " + e.getMessage());
                }
            }
        }
    }

    /** The lines that say what {@code plan} will play, before it plays: the schedule, the directory, what resumes. */
    public static List<String> describe(TournamentPlan plan) {
        TournamentConfig c = plan.config();
        ArenaSettings s = c.settings();
        int pairings = plan.schedule().pairings();
        int distinct = plan.schedule().openings().size();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "tournament: %d players, %s: %d pairing%s x %d games = %d games; %d "
                + "opening%s of %d plies%s%s, both colours; seed %d, %d thread%s, rules %s", c.participants().size(),
                c.gauntlet() != null ? "gauntlet of " + c.gauntlet()
                        : c.neighbours() > 0 ? "ladder of " + c.neighbours() + " neighbour" + (c.neighbours() == 1 ? "" : "s")
                        : "round robin", pairings, pairings == 1 ? "" : "s",
                c.gamesPerPair(), plan.schedule().games().size(), distinct, distinct == 1 ? "" : "s", s.openingPlies(),
                s.balance() == null ? "" : " judged even by " + s.balance().judge() + " (|value| <= "
                        + s.balance().maxValue() + ")",
                distinct < plan.schedule().rounds() ? " (reused in turn: no more distinct ones)" : "", s.seed(),
                c.threads(), c.threads() == 1 ? "" : "s", s.rules().isDefault() ? "default" : s.rules().spec()));
        lines.add("directory: " + plan.dir() + " (stop any time; the same command resumes from the saved games)");
        if (!plan.kept().isEmpty() || plan.failedBefore() > 0) {
            lines.add(String.format(Locale.ROOT, "resuming: %d game%s saved, %d to play%s", plan.kept().size(),
                    plan.kept().size() == 1 ? "" : "s", plan.toPlay().size(), plan.failedBefore() > 0
                            ? " (" + plan.failedBefore() + " failed games played again)" : ""));
        }
        if (!plan.foreign().isEmpty()) {
            lines.add("kept " + plan.foreign().size() + " saved games of players not in this tournament (they are "
                    + "rated with the others)");
        }
        for (Map.Entry<String, String> e : plan.problems().entrySet()) {
            lines.add("player '" + e.getKey() + "' cannot be built: " + e.getValue()
                    + "; its games will be recorded as failed");
        }
        return lines;
    }

    /** {@code played N game(s) in S s}, with the games an agent's failure ended, if any. */
    public static String played(TournamentResult result, double seconds) {
        return String.format(Locale.ROOT, "played %d game%s in %.1f s%s", result.played().size(),
                result.played().size() == 1 ? "" : "s", seconds,
                result.failedGames() > 0 ? " (" + result.failedGames() + " ended by an agent's failure)" : "");
    }
}
