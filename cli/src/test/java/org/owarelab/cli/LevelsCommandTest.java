package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.puct.LevelsFile;

/** {@code oware levels fit} and {@code check} on two small seeded tournaments of MCTS "levels". */
class LevelsCommandTest {
    @TempDir
    Path tmp;

    private Cli tournament(Path out, long seed) {
        return Cli.run("tournament", "--players", "random", "mcts:sims=2", "mcts:sims=16", "greedy", "--neighbours", "2",
                "--games-per-pair", "6", "--threads", "1", "--seed", Long.toString(seed), "--out", out.toString());
    }

    @Test
    void fitWritesTheLevelsAndCheckComparesThemWithASecondSeed() throws Exception {
        Path cal = tmp.resolve("cal");
        assertEquals(0, tournament(cal, 1).code());
        Path file = tmp.resolve("levels.json");
        Cli fit = Cli.run("levels", "fit", cal.toString(), "--player", "mcts", "--out", file.toString());
        assertEquals(0, fit.code(), fit.err());
        LevelsFile levels = LevelsFile.read(file);
        assertEquals(2, levels.levels().levels().size());
        assertEquals("random", levels.anchor());
        assertEquals(2, levels.references().size(), "random and greedy");
        assertTrue(levels.command().startsWith("./oware tournament --players random mcts:sims=2 mcts:sims=16 greedy "
                + "--neighbours 2 --games-per-pair 6 --openings 4 --seed 1"), levels.command());
        assertTrue(levels.levels().levels().stream().anyMatch(l -> l.simulations() == 2), "a level of 2 simulations");

        Path second = tmp.resolve("check");
        assertEquals(0, tournament(second, 2).code());
        Cli check = Cli.run("levels", "check", second.toString(), "--levels", file.toString());
        Matcher m = Pattern.compile("(\\d+) of (\\d+) levels measured within").matcher(check.out());
        assertTrue(m.find(), check.out());
        assertEquals("2", m.group(2));
        assertEquals(m.group(1).equals(m.group(2)) ? 0 : 1, check.code(), check.out() + check.err());
        assertEquals(2, check.out().lines().filter(l -> l.startsWith("| mcts:sims=")).count(), check.out());
    }

    @Test
    void fitAndCheckPoolTheGamesOfSeveralDirectories() throws Exception {
        Path cal = tmp.resolve("cal");
        assertEquals(0, tournament(cal, 1).code());
        Path bottom = tmp.resolve("cal-bottom");
        assertEquals(0, Cli.run("tournament", "--players", "random", "mcts:sims=2", "--games-per-pair", "20", "--threads",
                "1", "--seed", "11", "--out", bottom.toString()).code());
        Path file = tmp.resolve("levels.json");
        Cli fit = Cli.run("levels", "fit", cal.toString(), bottom.toString(), "--player", "mcts", "--out",
                file.toString());
        assertEquals(0, fit.code(), fit.err());
        assertTrue(fit.out().contains("from " + cal + " + " + bottom), fit.out());
        LevelsFile levels = LevelsFile.read(file);
        assertTrue(levels.command().contains("--seed 1 --out cal && ./oware tournament --players random mcts:sims=2 "
                + "--games-per-pair 20 --openings 4 --seed 11 --out cal-bottom"), levels.command());

        // The bottom's 20 games count in the check's table: mcts:sims=2 played 6 + 6 + 6 in the ladder, 20 more there.
        Cli check = Cli.run("levels", "check", cal.toString(), bottom.toString(), "--levels", file.toString());
        assertTrue(check.out().lines().anyMatch(l -> l.startsWith("| mcts:sims=2 |") && l.endsWith("| 38 | yes |")),
                check.out());
        Cli alone = Cli.run("levels", "check", cal.toString(), "--levels", file.toString());
        assertTrue(alone.out().lines().anyMatch(l -> l.startsWith("| mcts:sims=2 |") && l.contains("| 18 |")),
                alone.out());

        // The same seed again would count the same games twice: refused in one line naming the directory.
        Path again = tmp.resolve("again");
        assertEquals(0, Cli.run("tournament", "--players", "random", "mcts:sims=2", "--games-per-pair", "2", "--threads",
                "1", "--seed", "1", "--out", again.toString()).code());
        Cli twice = Cli.run("levels", "fit", cal.toString(), again.toString(), "--player", "mcts", "--out",
                tmp.resolve("l2.json").toString());
        assertEquals(2, twice.code());
        assertTrue(twice.err().contains(again + ": game ") && twice.err().contains("is also in " + cal), twice.err());
        assertEquals(1, twice.err().strip().lines().count(), twice.err());
        assertFalse(Files.exists(tmp.resolve("l2.json")));
    }

    @Test
    void badInputIsOneLineWithExitCodeTwo() throws Exception {
        Cli none = Cli.run("levels", "fit", tmp.resolve("none").toString(), "--out", tmp.resolve("l.json").toString());
        assertEquals(2, none.code());
        assertTrue(none.err().contains("not a tournament directory"), none.err());
        Path cal = tmp.resolve("cal");
        assertEquals(0, tournament(cal, 1).code());
        Cli noPlayer = Cli.run("levels", "fit", cal.toString(), "--out", tmp.resolve("l.json").toString());
        assertEquals(2, noPlayer.code());
        assertTrue(noPlayer.err().contains("no player named 'strong'"), noPlayer.err());
        Files.writeString(tmp.resolve("bad.json"), "{\"format\": 1, \"levels\": 3}");
        Cli bad = Cli.run("levels", "check", cal.toString(), "--levels", tmp.resolve("bad.json").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("bad.json") && bad.err().contains("\"levels\" must be an array"), bad.err());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
    }
}
