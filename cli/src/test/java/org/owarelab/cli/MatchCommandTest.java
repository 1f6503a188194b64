package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.gating.Gate;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine;

class MatchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs {@code oware args...}; returns {exit code, stdout, stderr}. */
    static Object[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Object[] {code, out.toString(), err.toString()};
    }

    private static JsonNode lastLine(String out) throws Exception {
        String[] lines = out.strip().split("\n");
        return JSON.readTree(lines[lines.length - 1]);
    }

    @Test
    void printsTheResultAndEndsWithOneJsonLine(@TempDir Path dir) throws Exception {
        Object[] r = run("match", "greedy", "random", "--games", "10", "--threads", "2", "--seed", "5",
                "--out", dir.toString());
        assertEquals(0, r[0], (String) r[2]);
        String out = (String) r[1];
        JsonNode json = lastLine(out);
        int w = json.get("wins").asInt();
        int d = json.get("draws").asInt();
        int l = json.get("losses").asInt();
        assertEquals(10, w + d + l);
        double score = json.get("score").asDouble();
        assertEquals((w + 0.5 * d) / 10, score, 1e-4);
        double lo = json.get("interval").get(0).asDouble();
        double hi = json.get("interval").get(1).asDouble();
        assertTrue(lo <= score && score <= hi && lo >= 0 && hi <= 1);
        assertTrue(out.contains("A wins " + w + ", draws " + d + ", losses " + l), out);
        assertTrue(((String) r[2]).contains("[10/10]"), "progress on stderr");

        List<String> lines = Files.readAllLines(dir.resolve("games.jsonl"), StandardCharsets.UTF_8);
        assertEquals(10, lines.size());
        double total = 0;
        for (String line : lines) {
            JsonNode g = JSON.readTree(line);
            total += g.get("scoreA").asDouble();
            Board b = new Board(Position.parse(g.get("position").asText(), RuleSet.DEFAULT));
            Moves.playAll(b, g.get("moves").asText());
            assertEquals(g.get("reason").asText(), b.isOver() ? b.endReason().text() : "ply-cap");
        }
        assertEquals(score * 10, total, 1e-9, "the records add up to the score");
    }

    @Test
    void theThreadCountDoesNotChangeTheResult() throws Exception {
        JsonNode one = lastLine((String) run("match", "mcts:sims=20", "greedy", "--games", "6", "--threads", "1")[1]);
        JsonNode two = lastLine((String) run("match", "mcts:sims=20", "greedy", "--games", "6", "--threads", "3")[1]);
        for (JsonNode j : new JsonNode[] {one, two}) {
            for (String times : new String[] {"msPerMoveA", "msPerMoveB"}) {
                // [mean, max] thinking time per move: measured, so left out of the comparison.
                assertEquals(2, j.path(times).size(), times + " in " + j);
                assertTrue(j.path(times).get(0).asDouble() <= j.path(times).get(1).asDouble(), times + " in " + j);
                ((ObjectNode) j).remove(times);
            }
        }
        assertEquals(one, two);
    }

    @Test
    void theSpecsRecordedAreThosePlayedWithTablesAutoResolved(@TempDir Path dir) throws Exception {
        Object[] r = run("match", "alphabeta:movetime=5", "greedy", "--games", "2", "--seed", "3", "--out",
                dir.toString());
        assertEquals(0, r[0], (String) r[2]);
        JsonNode json = lastLine((String) r[1]);
        String a = json.get("a").asText();
        // Off here, or the table that $OWARE_TABLES names: either way explicit, so the record replays anywhere.
        assertTrue(a.startsWith("alphabeta:movetime=5,tables="), a);
        assertEquals("greedy", json.get("b").asText(), "other specs stay as given");
        assertTrue(((String) r[1]).contains("specs as played here (tables=auto resolved): A = " + a), (String) r[1]);
        for (String line : Files.readAllLines(dir.resolve("games.jsonl"), StandardCharsets.UTF_8)) {
            JsonNode g = JSON.readTree(line);
            assertTrue(g.toString().contains(JSON.writeValueAsString(a)), "the records name the played spec: " + g);
        }
    }

    @Test
    void badSpecsAndOptionsExitWithTwo() {
        Object[] r = run("match", "nosuch", "random", "--games", "2");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("unknown agent 'nosuch' (expected one of "), (String) r[2]);
        assertEquals("", r[1], "nothing on stdout before the specs are checked");
        r = run("match", "mcts:depth=3", "random", "--games", "2");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("unknown option 'depth' for mcts (expected one of "), (String) r[2]);
        assertEquals(2, run("match", "random", "random", "--games", "0")[0]);
        assertEquals(2, run("match", "random", "random")[0], "--games is required");
        assertEquals(2, run("match", "random", "random", "--games", "2", "--rules", "houses=99")[0]);
    }

    @Test
    void anSprtStopsTheMatchOnceItDecides(@TempDir Path dir) throws Exception {
        Object[] r = run("match", "greedy", "random", "--games", "400", "--threads", "2", "--seed", "3",
                "--sprt", "0,200", "--out", dir.toString());
        assertEquals(0, r[0], (String) r[2]);
        JsonNode json = lastLine((String) r[1]);
        JsonNode sprt = json.get("sprt");
        assertEquals("accept", sprt.get("decision").asText(), json.toString());
        int games = json.get("games").asInt();
        assertTrue(games < 400, "stopped early: " + games);
        int pairs = sprt.get("pairs").asInt();
        // Counted in pair order: games that ended after a slower earlier one still count in the score only.
        assertTrue(pairs >= 1 && pairs <= games / 2, pairs + " pairs of " + games + " games");
        assertTrue(sprt.get("llr").asDouble() >= sprt.get("bounds").get(1).asDouble(), json.toString());
        assertTrue(((String) r[1]).contains("sprt: accept H1"), (String) r[1]);
        assertTrue(((String) r[2]).contains("LLR "), "the LLR is in the progress: " + r[2]);

        // The saved games, fed to a gate of the same test in game order, decide at the same pair.
        List<String> lines = Files.readAllLines(dir.resolve("games.jsonl"), StandardCharsets.UTF_8);
        assertEquals(games, lines.size());
        Gate gate = new Gate(new Sprt(0, 200, 0.05, 0.05), 200);
        int decidedAt = -1;
        for (int i = 0; i + 1 < lines.size() && decidedAt < 0; i += 2) {
            double first = JSON.readTree(lines.get(i)).get("scoreA").asDouble();
            double second = JSON.readTree(lines.get(i + 1)).get("scoreA").asDouble();
            if (gate.addPair(first, second).decided()) {
                decidedAt = i / 2 + 1;
            }
        }
        assertEquals(pairs, decidedAt);
        assertEquals(sprt.get("llr").asDouble(), gate.outcome().test().llr(), 1e-4);

        // The weaker side is rejected, and the decision does not depend on the thread count.
        JsonNode worse = lastLine((String) run("match", "random", "greedy", "--games", "400", "--threads", "1",
                "--seed", "3", "--sprt", "0,200")[1]).get("sprt");
        assertEquals("reject", worse.get("decision").asText(), worse.toString());
        JsonNode worse3 = lastLine((String) run("match", "random", "greedy", "--games", "400", "--threads", "3",
                "--seed", "3", "--sprt", "0,200")[1]).get("sprt");
        assertEquals(worse, worse3);
    }

    @Test
    void anSprtThatReachesTheCapSaysUndecided() throws Exception {
        JsonNode json = lastLine((String) run("match", "random", "random", "--games", "6", "--seed", "2",
                "--sprt", "-5,5,0.01,0.01")[1]);
        assertEquals(6, json.get("games").asInt());
        assertEquals("undecided", json.get("sprt").get("decision").asText(), json.toString());
        assertEquals(3, json.get("sprt").get("pairs").asInt());
        // An odd cap ends the match with the last pair half played: undecided too, never "continue".
        JsonNode odd = lastLine((String) run("match", "random", "random", "--games", "5", "--seed", "2",
                "--sprt", "-5,5,0.01,0.01")[1]);
        assertEquals("undecided", odd.get("sprt").get("decision").asText(), odd.toString());
        assertEquals(2, odd.get("sprt").get("pairs").asInt());
    }

    @Test
    void badSprtOptionsExitWithTwo() {
        for (String bad : new String[] {"10,0", "x,5", "0", "0,5,0.05", "0,5,1.5,0.05", "0,5,0.6,0.6"}) {
            Object[] r = run("match", "greedy", "random", "--games", "4", "--sprt", bad);
            assertEquals(2, r[0], bad);
            assertTrue(((String) r[2]).contains("--sprt: '" + bad + "' is not ELO0,ELO1[,ALPHA,BETA]"), (String) r[2]);
            assertEquals("", r[1], "nothing played for " + bad);
        }
    }

    @Test
    void aGameClockPlaysAndABadOneExitsWithTwo() throws Exception {
        Object[] r = run("match", "greedy", "random", "--games", "2", "--tc", "30+0.5");
        assertEquals(0, r[0], (String) r[2]);
        assertEquals(0, lastLine((String) r[1]).get("errors").asInt(), (String) r[1]);
        for (String bad : new String[] {"0+1", "ten", "5+-1"}) {
            Object[] b = run("match", "greedy", "random", "--games", "2", "--tc", bad);
            assertEquals(2, b[0], bad);
            assertTrue(((String) b[2]).contains("--tc: time control '" + bad + "': expected BASE+INC"), (String) b[2]);
            assertEquals("", b[1], "nothing played for " + bad);
        }
    }

    @Test
    void recordsFileOrDirectory(@TempDir Path dir) {
        assertEquals(dir.resolve("games.jsonl"), MatchCommand.recordsFile(dir.toString()));
        assertEquals(Path.of("new/games.jsonl"), MatchCommand.recordsFile("new/"));
        assertEquals(Path.of("x.jsonl"), MatchCommand.recordsFile("x.jsonl"));
    }

    @Test
    void resumeGoesOnFromTheSavedGamesAndEndsAsTheWholeMatch(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole.jsonl");
        Object[] w = run("match", "mcts:sims=20", "random", "--games", "10", "--threads", "2", "--seed", "5",
                "--out", whole.toString());
        assertEquals(0, w[0], (String) w[2]);
        // A match killed after four games, the fifth's line half written.
        List<String> lines = Files.readAllLines(whole, StandardCharsets.UTF_8);
        Path cut = dir.resolve("cut.jsonl");
        Files.writeString(cut, String.join("\n", lines.subList(0, 4)) + "\n" + lines.get(4).substring(0, 30),
                StandardCharsets.UTF_8);
        Object[] r = run("match", "mcts:sims=20", "random", "--games", "10", "--threads", "2", "--seed", "5",
                "--out", cut.toString(), "--resume");
        assertEquals(0, r[0], (String) r[2]);
        String err = (String) r[2];
        assertTrue(err.contains(cut + ":5: skipped the last line, cut short by an interrupted write"), err);
        assertTrue(err.contains("--resume: 4 saved games of " + cut + " kept, 6 to play"), err);
        assertTrue(err.contains("[10/10]") && !err.contains("[4/10]"), "progress counts the saved games: " + err);
        JsonNode a = lastLine((String) w[1]);
        JsonNode b = lastLine((String) r[1]);
        for (String k : new String[] {"wins", "draws", "losses", "score", "interval", "pentanomial"}) {
            assertEquals(a.get(k), b.get(k), k);
        }
        List<String> resumed = Files.readAllLines(cut, StandardCharsets.UTF_8);
        assertEquals(10, resumed.size(), "every game saved once, in game order");
        for (int g = 0; g < 10; g++) {
            assertEquals(g, JSON.readTree(resumed.get(g)).get("game").asInt());
            assertEquals(JSON.readTree(lines.get(g)).get("moves"), JSON.readTree(resumed.get(g)).get("moves"));
        }
    }

    @Test
    void resumeRefusesAnotherMatchsFileAndKeepsIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.jsonl");
        assertEquals(0, run("match", "greedy", "random", "--games", "4", "--seed", "5", "--out", file.toString())[0]);
        byte[] before = Files.readAllBytes(file);
        Object[] r = run("match", "greedy", "random", "--games", "4", "--seed", "6", "--out", file.toString(),
                "--resume");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("--resume: " + file + ": saved game 0: opening 0"), (String) r[2]);
        assertTrue(((String) r[2]).contains("drop --resume to start again"), (String) r[2]);
        assertEquals("", r[1].toString(), "refused before anything is printed or played");
        Files.writeString(file, "{\"format\":1,\"game\":\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        byte[] garbled = Files.readAllBytes(file);
        r = run("match", "greedy", "random", "--games", "4", "--seed", "5", "--out", file.toString(), "--resume");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("--resume: " + file + ":5: not a game record"), (String) r[2]);
        assertArrayEquals(garbled, Files.readAllBytes(file), "a refused file is left as it was");
        Files.write(file, before);
        r = run("match", "greedy", "random", "--games", "4", "--seed", "5", "--out", file.toString(), "--resume");
        assertEquals(0, r[0], (String) r[2]);
        assertTrue(((String) r[2]).contains("4 saved games of " + file + " kept, 0 to play"), (String) r[2]);
        r = run("match", "greedy", "random", "--games", "4", "--resume");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("--resume needs --out"), (String) r[2]);
        Path fresh = dir.resolve("fresh.jsonl");
        r = run("match", "greedy", "random", "--games", "2", "--out", fresh.toString(), "--resume");
        assertEquals(0, r[0], (String) r[2]);
        assertTrue(((String) r[2]).contains(fresh + " does not exist yet: starting the match"), (String) r[2]);
        assertEquals(2, Files.readAllLines(fresh).size());
    }
}
