package org.owarelab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.owarelab.evaluation.tournament.TournamentConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware tournament}: round robin or gauntlet, saved game by game, resumable, rated and reported. */
@Command(name = "tournament", mixinStandardHelpOptions = true,
        description = {"Round robin or gauntlet between agents: Elo with 95%% intervals, tables, plots; resumable.",
            "Play a round robin between the players (or a gauntlet: one player against each of the "
                + "others), N games per pairing in colour-swapped pairs on shared openings of K random plies, games in "
                + "parallel on T threads. Every game is appended to DIR/games.jsonl as it ends: stop the tournament "
                + "any time and run the same command to resume it (games already saved are kept, failed ones played "
                + "again); add players or games and only the new games are played.",
            "At the end: ratings (Elo by maximum likelihood with 95%% intervals, anchored on the --anchor player, "
                + "else random = 0 when it plays, else the first player), head-to-head W/D/L with score and interval, "
                + "and pentanomial statistics of the paired games; DIR gets ratings.csv "
                + "(player,elo,lo,hi,games,score), report.md and PNG plots ('oware report DIR' renders them again).",
            "A player that cannot be built (unknown spec, missing model) or that fails during a game (an engine that "
                + "dies or sends an illegal move) forfeits that game; failed games are reported per game and per "
                + "player, and not rated. The same seed gives the same games and ratings whatever the thread count "
                + "(time-limited agents aside)."},
        footer = {"", "Agent specs are name[:key=value,...], e.g. random, greedy, mcts:sims=1000, "
                + "alphabeta:depth=4, puct:model=runs/a/checkpoints/step-1000,sims=800, uci:cmd=\"java -jar e.jar\".",
            "", "Examples:",
            "  oware tournament --players random greedy mcts:sims=100 mcts:sims=1000 --games-per-pair 20 --out t1",
            "  oware tournament --gauntlet mcts:sims=1000 --players random greedy mcts:sims=300 --out g1",
            "  oware tournament --players random greedy alphabeta:depth=2 --balanced --openings 6 --seed 7 --out t2"})
final class TournamentCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--players", arity = "1..*", required = true, paramLabel = "SPEC",
            description = "The players' agent specs (their names in the results), at least two for a round robin.")
    List<String> players;

    @Option(names = "--gauntlet", paramLabel = "SPEC",
            description = "Play a gauntlet: this player meets each of --players, who do not meet each other.")
    String gauntlet;

    @Option(names = "--anchor", paramLabel = "SPEC",
            description = "The player rated Elo 0 (default: random when it plays, else the first player).")
    String anchor;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "tournament",
            description = "The tournament directory: games, ratings, report (default ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ArenaOptions arena = new ArenaOptions();

    @Mixin
    RatingOptions rating = new RatingOptions();

    @Override
    public Integer call() throws Exception {
        TournamentConfig config = new TournamentConfig(players, gauntlet, arena.gamesPerPair, arena.threads(),
                arena.settings(), anchor);
        TournamentRun.run(config, out, rating.options(arena.seed), rating.poolIntervals(), spec.commandLine().getOut(),
                spec.commandLine().getErr());
        return 0;
    }
}
