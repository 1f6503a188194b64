package org.owarelab.evaluation.tournament;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.Balance;
import org.owarelab.evaluation.Opening;
import org.owarelab.evaluation.OpeningJudge;
import org.owarelab.evaluation.Openings;
import org.owarelab.evaluation.ScheduledGame;
import org.owarelab.evaluation.MatchSeeds;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;

/**
 * The games of a tournament, a pure function of its config: round {@code q} of every pairing is
 * played on opening {@code q} (the openings are shared, so every pairing meets the same
 * positions), game {@code 2q} with A (the pairing's first player) as South and {@code 2q+1} with
 * A as North. Games are listed round by round, every pairing in each round, so a tournament cut
 * short has played about the same number of games in every pairing.
 *
 * <p>A game's seed depends only on the tournament seed, its South and North specs and its round,
 * not on its place in the list: a tournament grown with more players or more games per pair keeps
 * the games it has, and a resumed one recognizes them ({@link #key(ScheduledGame)}).
 */
public final class Schedule {
    /** The stream under the tournament seed that seeds the openings. */
    static final long OPENINGS_STREAM = -1;

    private final List<Opening> openings;
    private final List<ScheduledGame> games;
    private final int rounds;
    private final int pairings;

    private Schedule(List<Opening> openings, List<ScheduledGame> games, int rounds, int pairings) {
        this.openings = List.copyOf(openings);
        this.games = List.copyOf(games);
        this.rounds = rounds;
        this.pairings = pairings;
    }

    /**
     * The schedule of {@code config}; with a balance filter, its judge agent is built from the
     * registry ({@link OpeningJudge#agent}) and closed after use.
     *
     * @throws org.owarelab.agents.AgentSpecException if the balance judge cannot be built
     */
    public static Schedule of(AgentRegistry agents, TournamentConfig config) {
        Balance b = config.settings().balance();
        if (b == null) {
            return of(config, null);
        }
        try (OpeningJudge judge = OpeningJudge.agent(agents, b.judge(), config.settings().rules())) {
            return of(config, judge);
        }
    }

    /** The schedule of {@code config}, judging openings with {@code judge} when the config asks for balance. */
    public static Schedule of(TournamentConfig config, OpeningJudge judge) {
        ArenaSettings s = config.settings();
        int rounds = (config.gamesPerPair() + 1) / 2;
        Predicate<Board> accept = null;
        if (s.balance() != null) {
            if (judge == null) {
                throw new IllegalArgumentException("tournament: balanced openings need a judge");
            }
            accept = judge.balanced(s.balance().maxValue());
        }
        List<Opening> openings = Openings.generate(s.start(), s.openingPlies(), rounds,
                MatchSeeds.derive(s.seed(), OPENINGS_STREAM), accept);
        if (openings.isEmpty()) {
            throw new IllegalArgumentException("tournament: no opening of " + s.openingPlies() + " plies passes the "
                    + "balance filter (|value| <= " + s.balance().maxValue() + " by " + s.balance().judge()
                    + "): allow a larger value or use fewer plies");
        }
        List<String[]> pairings = pairings(config);
        List<ScheduledGame> games = new ArrayList<>();
        for (int q = 0; q < rounds; q++) {
            Opening opening = openings.get(q % openings.size());
            for (String[] p : pairings) {
                for (int colour = 0; colour < 2 && 2 * q + colour < config.gamesPerPair(); colour++) {
                    int sideOfA = colour == 0 ? Side.SOUTH : Side.NORTH;
                    String south = colour == 0 ? p[0] : p[1];
                    String north = colour == 0 ? p[1] : p[0];
                    games.add(new ScheduledGame(games.size(), q, opening, p[0], p[1], sideOfA,
                            gameSeed(s.seed(), south, north, q)));
                }
            }
        }
        return new Schedule(openings, games, rounds, pairings.size());
    }

    /**
     * The pairings {A, B}: the gauntlet player against each player, or every pair in player order
     * (with neighbours K, only the pairs at most K apart in the list).
     */
    static List<String[]> pairings(TournamentConfig config) {
        List<String[]> list = new ArrayList<>();
        List<String> players = config.players();
        if (config.gauntlet() != null) {
            for (String p : players) {
                list.add(new String[] {config.gauntlet(), p});
            }
            return list;
        }
        for (int i = 0; i < players.size(); i++) {
            int last = config.neighbours() > 0 ? Math.min(players.size() - 1, i + config.neighbours()) : players.size() - 1;
            for (int j = i + 1; j <= last; j++) {
                list.add(new String[] {players.get(i), players.get(j)});
            }
        }
        return list;
    }

    /** The seed of the round-{@code round} game with these South and North specs. */
    static long gameSeed(long tournamentSeed, String south, String north, int round) {
        long s = MatchSeeds.derive(tournamentSeed, hash(south));
        s = MatchSeeds.derive(s, hash(north));
        return MatchSeeds.derive(s, round);
    }

    /** A 64-bit FNV-1a hash of the text's UTF-8 bytes: stable across JVMs, unlike String.hashCode. */
    static long hash(String text) {
        long h = 0xcbf29ce484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /**
     * What identifies a game across runs of a tournament: its South and North specs and its seed
     * (which holds the round). Two games with equal keys under equal settings are the same game.
     */
    public static String key(ScheduledGame g) {
        return key(g.south(), g.north(), g.seed());
    }

    /** The key of a game with these players and seed. */
    public static String key(String south, String north, long seed) {
        return south + '\u0000' + north + '\u0000' + seed;
    }

    /** The distinct openings (reused in turn when fewer than the rounds). */
    public List<Opening> openings() {
        return openings;
    }

    /** The games, numbered 0.. in list order. */
    public List<ScheduledGame> games() {
        return games;
    }

    /** The number of pairings (pairs of players that meet). */
    public int pairings() {
        return pairings;
    }

    /** Rounds per pairing: openings needed. */
    public int rounds() {
        return rounds;
    }
}
