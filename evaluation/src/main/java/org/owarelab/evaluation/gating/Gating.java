package org.owarelab.evaluation.gating;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.Arena;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.GameRunner;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.evaluation.tournament.Schedule;
import org.owarelab.evaluation.tournament.TournamentConfig;

/**
 * Plays a gating match, candidate against best, until a {@link Gate} decides: pairs of games on
 * the openings a tournament between the two would use (the candidate is player A), on a thread
 * budget, no new game started once the gate has decided. The decision is the same for the same
 * settings whatever the thread count (time-limited agents aside): the gate counts pairs in order.
 */
public final class Gating {
    private Gating() {
    }

    /**
     * What to play.
     *
     * @param candidate the candidate's agent spec (player A)
     * @param best the current best's agent spec; must differ from the candidate's
     * @param settings rules, openings, ply cap and seed
     * @param sprt the test
     * @param maxPairs the most pairs before the gate gives up (rejects)
     * @param threads games played at once
     */
    public record Config(String candidate, String best, ArenaSettings settings, Sprt sprt, int maxPairs, int threads) {
        /** Checks the fields. */
        public Config {
            if (sprt == null || settings == null) {
                throw new IllegalArgumentException("gating: the SPRT and the settings are required");
            }
            if (maxPairs < 1 || threads < 1) {
                throw new IllegalArgumentException("gating: max pairs and threads must be >= 1, got " + maxPairs
                        + ", " + threads);
            }
            // The rest (specs present and distinct) is checked by the tournament config.
            new TournamentConfig(List.of(best), candidate, 2, 1, settings, null);
        }
    }

    /**
     * The gate's outcome and the games played (in game order; games still in flight when the gate
     * decided are included, though they did not count).
     */
    public record Result(Gate.Outcome outcome, List<MatchRecord> games) {
    }

    /**
     * Plays until the gate decides or {@code maxPairs} pairs are played.
     *
     * @param agents the registry both players are built from (the caller owns it)
     * @param sink told of each game as it ends (e.g. to save it), from the worker threads, one at a time
     * @throws InterruptedException if the calling thread is interrupted
     */
    public static Result run(AgentRegistry agents, Config config, Consumer<MatchRecord> sink)
            throws InterruptedException {
        TournamentConfig t = new TournamentConfig(List.of(config.best()), config.candidate(), 2 * config.maxPairs(),
                config.threads(), config.settings(), null);
        Schedule schedule = Schedule.of(agents, t);
        Gate gate = new Gate(config.sprt(), config.maxPairs());
        ArenaSettings s = config.settings();
        MatchRecord[] records = Arena.play(new GameRunner(agents, s.rules(), s.start(), s.maxPlies()), schedule.games(),
                config.threads(), r -> {
                    sink.accept(r);
                    gate.add(r);
                }, () -> gate.outcome().decided());
        List<MatchRecord> games = new ArrayList<>();
        for (MatchRecord r : records) {
            if (r != null) {
                games.add(r);
            }
        }
        games.sort(Comparator.comparingInt(MatchRecord::game));
        return new Result(gate.outcome(), games);
    }
}
