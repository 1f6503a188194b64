package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.TestGames;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.rules.RuleSet;

/** Pooling tournament directories: the same ratings as one directory holding all the games, and what is refused. */
class TournamentPoolTest {
    private static final List<String> LADDER = List.of("random", "greedy", "mcts:sims=2", "mcts:sims=16");
    private static final EloOptions RANDOM_ZERO = EloOptions.defaults().withAnchor("random", 0);

    @TempDir
    Path tmp;

    /** A tournament directory of {@code players}: its tournament.json and seeded games between neighbours in the list. */
    private Path tournament(String name, List<String> players, long seed, int pairsPerPairing, ArenaSettings settings)
            throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        TournamentFile.write(dir, new TournamentConfig(players, null, 2 * pairsPerPairing, 1, settings, null, 2));
        MatchRecords.write(dir.resolve(MatchRecords.FILE), games(players, seed, pairsPerPairing));
        return dir;
    }

    private Path tournament(String name, List<String> players, long seed, int pairsPerPairing) throws Exception {
        return tournament(name, players, seed, pairsPerPairing, ArenaSettings.of(RuleSet.DEFAULT, seed));
    }

    /** Paired games between each player and the next two; the stronger (later) player wins 3 of 4 games. */
    private static List<MatchRecord> games(List<String> players, long seed, int pairsPerPairing) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<MatchRecord> games = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            for (int j = i + 1; j <= i + 2 && j < players.size(); j++) {
                for (int p = 0; p < 2 * pairsPerPairing; p++) {
                    String south = p % 2 == 0 ? players.get(i) : players.get(j);
                    String north = p % 2 == 0 ? players.get(j) : players.get(i);
                    boolean strongerWins = rng.nextDouble() < 0.75;
                    String result = strongerWins == south.equals(players.get(j)) ? MatchRecord.SOUTH_WINS
                            : MatchRecord.NORTH_WINS;
                    games.add(TestGames.game(games.size(), p / 2, south, north, result, rng.nextLong()));
                }
            }
        }
        return games;
    }

    @Test
    void poolingTwoDirectoriesRatesAsOneDirectoryHoldingTheSameGames() throws Exception {
        Path ladder = tournament("ladder", LADDER, 1, 10);
        Path bottom = tournament("bottom", LADDER.subList(0, 3), 11, 100);
        Path both = tournament("both", LADDER, 1, 10);
        List<MatchRecord> all = new ArrayList<>(MatchRecords.read(ladder.resolve(MatchRecords.FILE)));
        all.addAll(MatchRecords.read(bottom.resolve(MatchRecords.FILE)));
        MatchRecords.write(both.resolve(MatchRecords.FILE), all);

        TournamentPool pool = TournamentPool.read(List.of(ladder, bottom));
        assertEquals(5 * 20 + 3 * 200, pool.games().size(), "5 pairings of the ladder and 3 of the bottom");
        List<Rating> pooled = pool.ratings(RANDOM_ZERO);
        List<Rating> single = TournamentPool.read(List.of(both)).ratings(RANDOM_ZERO);
        assertEquals(single, pooled);
        assertEquals(List.of(ladder, bottom), pool.dirs());
        assertEquals(LADDER, pool.first().players());

        // The bottom's games count: greedy's rating and its interval move with them.
        Rating alone = rating(TournamentPool.read(List.of(ladder)).ratings(RANDOM_ZERO), "greedy");
        Rating withBottom = rating(pooled, "greedy");
        assertEquals(3 * 20, alone.games());
        assertEquals(3 * 20 + 2 * 200, withBottom.games());
        assertTrue(withBottom.hi() - withBottom.lo() < alone.hi() - alone.lo(), alone + " against " + withBottom);
        assertNotEquals(alone.elo(), withBottom.elo());
    }

    @Test
    void directoriesThatDisagreeAreRefusedNamingTheDirectory() throws Exception {
        Path ladder = tournament("ladder", LADDER, 1, 2);
        Path sameSeed = tournament("same-seed", LADDER.subList(0, 3), 1, 2);
        // A second tournament with the first one's seed plays the same games again: they would count twice.
        String twice = refused(List.of(ladder, sameSeed));
        assertTrue(twice.startsWith(sameSeed + ": game 0 (random vs greedy, seed ") && twice.contains("is also in "
                + ladder) && twice.contains("another --seed"), twice);

        Path stranger = tournament("stranger", List.of("random", "alphabeta:depth=1"), 12, 2);
        String player = refused(List.of(ladder, stranger));
        assertEquals(stranger + ": player 'alphabeta:depth=1' is not one of " + ladder + "'s (expected its players or "
                + "some of them)", player);

        Path sixPlies = tournament("six", LADDER, 13, 2, ArenaSettings.of(RuleSet.DEFAULT, 13).withOpeningPlies(6));
        String plies = refused(List.of(ladder, sixPlies));
        assertTrue(plies.startsWith(sixPlies + ": played with opening plies 6 (" + ladder + ": 4)"), plies);

        assertTrue(refused(List.of(ladder, ladder)).equals(ladder + ": listed twice (expected each tournament once)"));
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(empty + ": not a tournament directory (no tournament.json)", refused(List.of(ladder, empty)));
        assertEquals("no tournament directory (expected at least one)", refused(List.of()));
    }

    private static String refused(List<Path> dirs) {
        String message = assertThrows(IllegalArgumentException.class, () -> TournamentPool.read(dirs)).getMessage();
        assertEquals(1, message.lines().count(), message);
        return message;
    }

    private static Rating rating(List<Rating> ratings, String player) {
        return ratings.stream().filter(r -> r.player().equals(player)).findFirst().orElseThrow();
    }
}
