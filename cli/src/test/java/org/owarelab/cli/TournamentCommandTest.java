package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.report.RatingsCsv;
import org.owarelab.evaluation.stats.Rating;

class TournamentCommandTest {
    @TempDir
    Path tmp;

    private Cli tournament(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("tournament", "--players", "random", "greedy",
                "mcts:sims=8", "--games-per-pair", "4", "--seed", "3", "--out", out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    static boolean hasAlphaBeta() {
        try {
            BuiltInAgents.registry().validate("alphabeta:depth=1");
            return true;
        } catch (AgentSpecException e) {
            return false;
        }
    }

    @Test
    void playsRatesAndWritesTheReport() throws Exception {
        Path out = tmp.resolve("t");
        Cli r = tournament(out, "--threads", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("round robin: 3 pairings x 4 games = 12 games"), r.out());
        assertTrue(r.out().contains("Ratings (Elo with confidence interval; random = 0)"), r.out());
        assertTrue(r.out().contains("Head to head"), r.out());
        assertTrue(r.out().contains("Paired games (pentanomial"), r.out());
        assertTrue(r.err().contains("[12/12]"), r.err());
        for (String f : List.of("games.jsonl", "tournament.json", "ratings.csv", "report.md", "ratings.png",
                "score-matrix.png")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        assertEquals("player,elo,lo,hi,games,score", Files.readAllLines(out.resolve("ratings.csv")).get(0));
        List<Rating> ratings = RatingsCsv.read(out.resolve("ratings.csv"));
        assertEquals(3, ratings.size());
        Rating random = ratings.stream().filter(x -> x.player().equals("random")).findFirst().orElseThrow();
        assertEquals(0, random.elo(), 0);
        assertEquals(8, random.games());
        assertEquals(12, MatchRecords.read(out.resolve("games.jsonl")).size());

        // The same command again resumes: nothing left to play, same games, same ratings.
        String csv = Files.readString(out.resolve("ratings.csv"));
        Cli again = tournament(out, "--threads", "1");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("resuming: 12 games saved, 0 to play"), again.out());
        assertEquals(csv, Files.readString(out.resolve("ratings.csv")));

        // oware report renders it again from the saved games; another anchor shifts the scale.
        Cli rep = Cli.run("report", out.toString());
        assertEquals(0, rep.code(), rep.err());
        assertEquals(csv, Files.readString(out.resolve("ratings.csv")));
        assertTrue(rep.out().contains("files: ratings.csv, ratings.png, score-matrix.png, report.md"), rep.out());
        Cli greedy = Cli.run("report", out.toString(), "--anchor", "greedy");
        assertEquals(0, greedy.code(), greedy.err());
        Rating g = RatingsCsv.read(out.resolve("ratings.csv")).stream().filter(x -> x.player().equals("greedy"))
                .findFirst().orElseThrow();
        assertEquals(0, g.elo(), 0);
    }

    @Test
    void sameSeedSameRatingsWhateverTheThreads() throws Exception {
        assertEquals(0, tournament(tmp.resolve("one"), "--threads", "1").code());
        assertEquals(0, tournament(tmp.resolve("two"), "--threads", "2").code());
        assertEquals(Files.readString(tmp.resolve("one/ratings.csv")), Files.readString(tmp.resolve("two/ratings.csv")));
    }

    @Test
    void aGauntletMeetsEachPlayerOnce() throws Exception {
        Path out = tmp.resolve("g");
        Cli r = Cli.run("tournament", "--gauntlet", "greedy", "--players", "random", "mcts:sims=4", "--games-per-pair",
                "2", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("gauntlet of greedy: 2 pairings x 2 games = 4 games"), r.out());
        for (MatchRecord game : MatchRecords.read(out.resolve("games.jsonl"))) {
            assertTrue(game.south().equals("greedy") || game.north().equals("greedy"), game.toJson());
        }
    }

    @Test
    void aLadderOfNeighboursMeetsOnlyTheNearestInTheList() throws Exception {
        Path out = tmp.resolve("n");
        Cli r = Cli.run("tournament", "--players", "random", "mcts:sims=2", "mcts:sims=8", "greedy", "--neighbours", "1",
                "--games-per-pair", "2", "--threads", "1", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("ladder of 1 neighbour: 3 pairings x 2 games = 6 games"), r.out());
        for (MatchRecord game : MatchRecords.read(out.resolve("games.jsonl"))) {
            String pair = game.south().compareTo(game.north()) < 0 ? game.south() + "|" + game.north()
                    : game.north() + "|" + game.south();
            assertTrue(java.util.Set.of("mcts:sims=2|random", "mcts:sims=2|mcts:sims=8", "greedy|mcts:sims=8")
                    .contains(pair), pair);
        }
        Cli bad = Cli.run("tournament", "--players", "random", "greedy", "--neighbours", "-1", "--out",
                tmp.resolve("bad").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--neighbours -1: expected 0"), bad.err());
        assertEquals(2, Cli.run("tournament", "--gauntlet", "greedy", "--players", "random", "--neighbours", "1",
                "--out", tmp.resolve("bad").toString()).code());
    }

    @Test
    void aPlayerThatCannotBeBuiltIsOneLineAndNothingIsWritten() throws Exception {
        Path out = tmp.resolve("bad");
        Cli r = Cli.run("tournament", "--players", "random", "greedy", "nosuch", "--games-per-pair", "2", "--threads",
                "1", "--out", out.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals("oware tournament: agent spec 'nosuch' at column 1: unknown agent 'nosuch'",
                r.err().strip().split("\\R")[0].replaceAll(" \\(expected one of .*", ""), r.err());
        assertEquals(1, r.err().strip().split("\\R").length, r.err());
        assertFalse(Files.exists(out), "nothing written for a tournament that cannot start");
    }

    @Test
    void badInputExitsWithTwo() throws Exception {
        Cli one = Cli.run("tournament", "--players", "random", "--out", tmp.resolve("x").toString());
        assertEquals(2, one.code());
        assertTrue(one.err().contains("a round robin needs at least two players"), one.err());
        assertEquals(2, Cli.run("tournament", "--players", "random", "random", "--out", tmp.resolve("x").toString())
                .code());
        Cli anchor = Cli.run("tournament", "--players", "random", "greedy", "--anchor", "mcts", "--out",
                tmp.resolve("x").toString());
        assertEquals(2, anchor.code());
        assertTrue(anchor.err().contains("the anchor 'mcts' is not a player"), anchor.err());
        assertEquals(2, Cli.run("tournament", "--players", "random", "greedy", "--games-per-pair", "0").code());
        // Resuming under another seed is refused, naming the difference.
        assertEquals(0, tournament(tmp.resolve("s")).code());
        Cli seed = Cli.run("tournament", "--players", "random", "greedy", "mcts:sims=8", "--games-per-pair", "4",
                "--seed", "4", "--out", tmp.resolve("s").toString());
        assertEquals(2, seed.code());
        assertTrue(seed.err().contains("holds a tournament played with seed 3 (now 4)"), seed.err());
        if (!hasAlphaBeta()) {
            Cli balanced = Cli.run("tournament", "--players", "random", "greedy", "--balanced", "--out",
                    tmp.resolve("b").toString());
            assertEquals(2, balanced.code());
            assertTrue(balanced.err().contains("this build has no alpha-beta agent: name another judge"),
                    balanced.err());
        }
        Cli balancedGreedy = Cli.run("tournament", "--players", "random", "greedy", "--balance-judge", "greedy",
                "--games-per-pair", "2", "--out", tmp.resolve("bg").toString());
        assertEquals(0, balancedGreedy.code(), balancedGreedy.err());
        assertTrue(balancedGreedy.out().contains("judged even by greedy (|value| <= 0.3)"), balancedGreedy.out());
    }

    @Test
    void reportOfNothingIsAnError() {
        Cli r = Cli.run("report", tmp.resolve("none").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not a directory"), r.err());
        Cli empty = Cli.run("report", tmp.toString());
        assertEquals(2, empty.code());
        assertTrue(empty.err().contains("no games.jsonl and no ratings.csv"), empty.err());
    }
}
