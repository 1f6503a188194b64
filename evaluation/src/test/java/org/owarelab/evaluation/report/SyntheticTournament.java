package org.owarelab.evaluation.report;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.TestGames;

/**
 * A seeded round robin of paired games between players of known strength, as game records:
 * what a tournament would have saved. Moves are left empty: nothing here replays them.
 */
final class SyntheticTournament {
    private SyntheticTournament() {
    }

    /** {@code pairsPerPairing} colour-swapped pairs per pairing, draws with probability {@code draws}. */
    static List<MatchRecord> games(String[] players, double[] elo, int pairsPerPairing, double draws, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<MatchRecord> games = new ArrayList<>();
        int pair = 0;
        for (int i = 0; i < players.length; i++) {
            for (int j = i + 1; j < players.length; j++) {
                for (int p = 0; p < pairsPerPairing; p++, pair++) {
                    games.add(game(games.size(), pair, players[i], players[j], elo[i] - elo[j], draws, rng));
                    games.add(game(games.size(), pair, players[j], players[i], elo[j] - elo[i], draws, rng));
                }
            }
        }
        return games;
    }

    private static MatchRecord game(int n, int pair, String south, String north, double diff, double draws,
            SplittableRandom rng) {
        double e = 1 / (1 + Math.pow(10, -diff / 400));
        double d = Math.min(draws, 2 * Math.min(e, 1 - e));
        double u = rng.nextDouble();
        String result = u < e - d / 2 ? MatchRecord.SOUTH_WINS : u < e + d / 2 ? MatchRecord.DRAW : MatchRecord.NORTH_WINS;
        return TestGames.game(n, pair, south, north, result, rng.nextLong());
    }
}
