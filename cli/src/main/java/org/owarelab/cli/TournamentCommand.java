package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.owarelab.distributed.ClusterGameFarm;
import org.owarelab.distributed.ClusterGameSource;
import org.owarelab.distributed.ClusterSettings;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.util.OutputPaths;
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
            "  oware tournament --players random greedy alphabeta:depth=2 --balanced --openings 6 --seed 7 --out t2",
            "  oware tournament --players random alphabeta:depth=1 alphabeta:depth=2 alphabeta:depth=3 alphabeta:depth=4 "
                + "--neighbours 2 --out ladder   (each meets its 2 nearest on each side)",
            "  oware tournament --players alphabeta:depth=6 mcts:sims=3000 --out t3 --cluster --bind 10.0.0.5 --threads 0",
            "      (then on each worker machine: oware worker --join 10.0.0.5:5701 --tournament ID --threads 16)",
            "",
            "With --cluster this process becomes a Hazelcast member on --bind:--port (default 127.0.0.1:5701), prints "
                + "the tournament id and queues the games; workers ('oware worker --tournament ID') take them, play "
                + "them with their own agents and send the records back; this process plays on --threads threads "
                + "too (0: it only coordinates). A puct:model=PATH player needs PATH on every worker (a shared file "
                + "system, or the same files at the same paths); a worker that cannot build a player leaves its "
                + "games to the others. A game lost with its worker is queued again; a record is counted once. "
                + "Kill and rerun the same command to resume: workers reconnect by themselves."})
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

    @Option(names = "--neighbours", paramLabel = "K", defaultValue = "0",
            description = "A ladder, not a full round robin: each player meets only the K players after it in "
                    + "--players (its K nearest on each side), so the games grow linearly with the players. List "
                    + "them in order of strength (default ${DEFAULT-VALUE}: every pair meets).")
    int neighbours;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "tournament",
            description = "The tournament directory: games, ratings, report (default ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ArenaOptions arena = new ArenaOptions();

    @Mixin
    RatingOptions rating = new RatingOptions();

    @Option(names = "--cluster", description = "Farm the games out to workers ('oware worker --tournament ID') over "
            + "a Hazelcast cluster; this process plays on --threads threads too (0: none).")
    boolean cluster;

    @Option(names = "--bind", paramLabel = "ADDR", description = "With --cluster: the address to listen on "
            + "(default: 127.0.0.1, this machine only; give a private-network IP for workers on other machines).")
    String bind;

    @Option(names = "--port", paramLabel = "P", description = "With --cluster: the port (default: 5701; taken "
            + "exactly, so workers find a restarted coordinator again).")
    Integer port;

    @Override
    public Integer call() throws Exception {
        // Checked before any game, and before the directory is touched: a refused tournament leaves nothing.
        OutputPaths.checkDirectory("--out", out);
        rating.options(arena.seed);
        arena.gamesPerPair();
        if (gauntlet == null && players != null && players.size() < 2) {
            throw new BadInputException("--players " + String.join(" ", players) + ": a round robin needs at least two "
                    + "players (or name one more with --gauntlet)");
        }
        if (neighbours < 0) {
            throw new BadInputException("--neighbours " + neighbours + ": expected 0 (every pair) or more");
        }
        if (neighbours > 0 && gauntlet != null) {
            throw new BadInputException("--neighbours " + neighbours + ": goes with a round robin, not with --gauntlet");
        }
        if (!cluster) {
            if (bind != null || port != null) {
                throw new BadInputException("--bind and --port go with --cluster");
            }
            TournamentConfig config = new TournamentConfig(players, gauntlet, arena.gamesPerPair, arena.localThreads(),
                    arena.settings(), anchor, neighbours);
            TournamentOutput.run(config, out, rating.options(arena.seed), rating.poolIntervals(),
                    spec.commandLine().getOut(), spec.commandLine().getErr());
            return 0;
        }
        int local = arena.threads();
        if (local < 0) {
            throw new BadInputException("--threads " + local + ": expected 0 or more with --cluster");
        }
        ClusterSettings d = ClusterSettings.defaults();
        ClusterSettings s = new ClusterSettings(bind == null ? d.bind() : bind, port == null ? d.port() : port,
                List.of(), d.maxStaleness(), d.recordQueue());
        ClusterGameSource.checkListenable(s); // before the directory is touched
        String id = ClusterGameFarm.tournamentId(out);
        TournamentConfig config = new TournamentConfig(players, gauntlet, arena.gamesPerPair, Math.max(1, local),
                arena.settings(), anchor, neighbours);
        PrintWriter o = spec.commandLine().getOut();
        ClusterGameFarm[] farm = new ClusterGameFarm[1];
        TournamentOutput.run(config, out, rating.options(arena.seed), rating.poolIntervals(), o,
                spec.commandLine().getErr(), plan -> {
                    farm[0] = new ClusterGameFarm(id, s, local, plan.problems().keySet(), System.err);
                    o.printf("cluster: tournament %s on %s:%d, %d local thread%s; workers join with:%n"
                            + "  oware worker --join %s:%d --tournament %s --threads N%n", id, s.bind(), s.port(),
                            local, local == 1 ? "" : "s", s.bind(), s.port(), id);
                    o.flush();
                    return farm[0];
                });
        if (farm[0] != null) {
            o.printf("cluster: games recorded by %s; %d queued again (worker lost), %d records dropped "
                    + "(duplicates, foreign)%n", farm[0].gamesByWorker(), farm[0].reissued(), farm[0].dropped());
            o.flush();
        }
        return 0;
    }
}
