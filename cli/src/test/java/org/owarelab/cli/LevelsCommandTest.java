package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
