package org.owarelab.training.loop;

import java.util.List;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.model.ModelAgents;

/**
 * How the loop evaluates its network: the trained agent ({@code puct} over the latest checkpoint
 * at {@code simulations} per move) plays paired games against each fixed opponent.
 *
 * @param opponents agent specs of the baselines, e.g. {@code random}, {@code greedy},
 *     {@code alphabeta:depth=3}
 * @param games games per opponent at each periodic evaluation (even: colour-swapped pairs)
 * @param finalGames games per opponent in the evaluation that ends the run
 * @param simulations PUCT simulations per move of the trained agent
 * @param openingPlies random plies of each opening pair
 * @param threads games played in parallel
 * @param tables an endgame table file ({@code oware tables build}) for the rule set trained, or
 *     empty: with one, every evaluation also measures the trained agent's accuracy against perfect
 *     play ({@code accuracy} in {@code metrics.jsonl}); the run checks the file before it starts
 * @param accuracyPositions positions per seed count (2 up to the table's seeds) of that measure
 */
public record ArenaConfig(List<String> opponents, int games, int finalGames, int simulations, int openingPlies,
        int threads, String tables, int accuracyPositions) {

    public static final ArenaConfig DEFAULT = new ArenaConfig(List.of("random", "greedy"),
            20, 60, 100, 4, 2, "", 50);

    /** Whether evaluations measure accuracy with endgame tables. */
    public boolean hasTables() {
        return !tables.isEmpty();
    }

    /** The configuration without tables (no accuracy measure). */
    public ArenaConfig(List<String> opponents, int games, int finalGames, int simulations, int openingPlies,
            int threads) {
        this(opponents, games, finalGames, simulations, openingPlies, threads, "", 50);
    }

    public ArenaConfig {
        opponents = List.copyOf(opponents);
        try (AgentRegistry agents = ModelAgents.registry()) {
            for (String spec : opponents) {
                agents.validate(spec);
            }
        }
        LoopConfig.check("arena.games", games, 0, 1_000_000);
        LoopConfig.check("arena.finalGames", finalGames, 0, 1_000_000);
        LoopConfig.check("arena.simulations", simulations, 1, 1_000_000);
        LoopConfig.check("arena.openingPlies", openingPlies, 0, 100);
        LoopConfig.check("arena.threads", threads, 1, 1024);
        LoopConfig.check("arena.accuracyPositions", accuracyPositions, 1, 100_000);
        tables = tables == null ? "" : tables.trim();
        if (games % 2 != 0 || finalGames % 2 != 0) {
            throw new IllegalArgumentException("arena.games and arena.finalGames must be even (colour-swapped pairs), got "
                    + games + " and " + finalGames);
        }
    }
}
