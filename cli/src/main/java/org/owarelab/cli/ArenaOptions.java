package org.owarelab.cli;

import org.owarelab.evaluation.Balance;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.evaluation.OpeningJudge;
import org.owarelab.evaluation.tournament.ArenaSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code oware tournament} and {@code oware ladder} that decide how games are
 * played (a picocli mixin): games per pairing, openings, balance filter, ply cap, seed, threads,
 * rules.
 */
final class ArenaOptions {
    @Mixin
    RulesOptions rules = new RulesOptions();

    @Option(names = "--games-per-pair", paramLabel = "N", defaultValue = "20",
            description = "Games per pairing, in pairs with the colours swapped (default ${DEFAULT-VALUE}).")
    int gamesPerPair;

    @Option(names = "--openings", paramLabel = "K", defaultValue = "" + MatchConfig.DEFAULT_OPENING_PLIES,
            description = "Random plies per opening (default ${DEFAULT-VALUE}; 0 = every game from the start). "
                    + "Every pairing plays the same openings.")
    int openingPlies;

    @Option(names = "--balanced",
            description = "Keep only openings a shallow search calls roughly even (judge " + OpeningJudge.DEFAULT_SPEC
                    + ", |value| <= " + OpeningJudge.DEFAULT_MAX_VALUE + "; needs the alpha-beta agent, or name "
                    + "another judge with --balance-judge).")
    boolean balanced;

    @Option(names = "--balance-judge", paramLabel = "SPEC",
            description = "The agent whose decision value judges openings (implies --balanced).")
    String balanceJudge;

    @Option(names = "--balance-max", paramLabel = "V",
            description = "Largest |value| of a kept opening, from the side to move's view in [0, 1] (implies "
                    + "--balanced; default " + OpeningJudge.DEFAULT_MAX_VALUE + ").")
    Double balanceMax;

    @Option(names = "--max-plies", paramLabel = "P", defaultValue = "" + MatchConfig.DEFAULT_MAX_PLIES,
            description = "Ply cap per game, opening included; a game still running is scored by own-side "
                    + "gathering (default ${DEFAULT-VALUE}).")
    int maxPlies;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Tournament seed: openings and every game's seeds (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Games played at once (default: the number of processors). Results do not depend on it.")
    Integer threads;

    /** The settings these options give. */
    ArenaSettings settings() {
        Balance balance = null;
        if (balanced || balanceJudge != null || balanceMax != null) {
            Balance d = Balance.defaults();
            balance = new Balance(balanceJudge != null ? balanceJudge : d.judge(),
                    balanceMax != null ? balanceMax : d.maxValue());
        }
        return new ArenaSettings(rules.ruleSet(), rules.startPosition(), openingPlies, maxPlies, seed, balance);
    }

    /** --games-per-pair, checked: at least 1. */
    int gamesPerPair() {
        if (gamesPerPair < 1) {
            throw new BadInputException("--games-per-pair " + gamesPerPair + ": expected >= 1");
        }
        return gamesPerPair;
    }

    /** --threads for games played here, checked: at least 1. */
    int localThreads() {
        int t = threads();
        if (t < 1) {
            throw new BadInputException("--threads " + t + ": expected >= 1");
        }
        return t;
    }

    int threads() {
        return threads != null ? threads : Runtime.getRuntime().availableProcessors();
    }
}
