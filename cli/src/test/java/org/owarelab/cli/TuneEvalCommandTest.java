package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.training.selfplay.SelfPlayRecord;

class TuneEvalCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode lastLine(String out) throws Exception {
        String[] lines = out.strip().split("\n");
        return JSON.readTree(lines[lines.length - 1]);
    }

    /** A self-play record ({@code selfplay.jsonl}) of a game from the start. */
    private static String selfPlay(String moves, int winner, String rules) {
        return new SelfPlayRecord(0, 0, rules, moves, winner, "threshold", 0, 0, -1, -1, 0, 0).jsonLine();
    }

    @Test
    void fitsMatchRecordsAndSelfPlayRecords(@TempDir Path dir) throws Exception {
        Path games = dir.resolve("games.jsonl");
        Object[] m = MatchCommandTest.run("match", "alphabeta:depth=2", "greedy", "--games", "60", "--threads", "2",
                "--openings", "6", "--out", games.toString());
        assertEquals(0, m[0], (String) m[2]);
        // The same games as self-play records: moves from the start, "winner" instead of "result".
        List<String> selfPlay = new ArrayList<>();
        for (String line : Files.readAllLines(games, StandardCharsets.UTF_8)) {
            JsonNode g = JSON.readTree(line);
            String result = g.get("result").asText();
            int winner = result.equals("1-0") ? 0 : result.equals("0-1") ? 1 : -1;
            selfPlay.add(selfPlay(g.get("moves").asText(), winner, ""));
        }
        Path sp = dir.resolve("selfplay.jsonl");
        Files.write(sp, selfPlay, StandardCharsets.UTF_8);

        Object[] a = MatchCommandTest.run("tune-eval", "--games", games.toString(), "--min-ply", "0");
        assertEquals(0, a[0], (String) a[2]);
        JsonNode ja = lastLine((String) a[1]);
        Object[] b = MatchCommandTest.run("tune-eval", "--games", sp.toString(), "--min-ply", "0");
        assertEquals(0, b[0], (String) b[2]);
        JsonNode jb = lastLine((String) b[1]);
        assertEquals(ja, jb, "the two formats of the same games fit the same");
        assertEquals(60, ja.get("games").asInt());
        assertEquals("159/51/-12/134/-1", ja.get("defaultWeights").asText());
        assertTrue(ja.get("weights").asText().matches("-?\\d+/-?\\d+/-?\\d+/-?\\d+/-?\\d+"), ja.toString());
        assertTrue(ja.get("fitted").get("logLoss").asDouble() <= ja.get("default").get("logLoss").asDouble() + 1e-9,
                "the fit is at least as good as the defaults on its own positions: " + ja);
        assertTrue(((String) a[1]).contains("spec: alphabeta:weights=" + ja.get("weights").asText()), (String) a[1]);
        // The fitted spec is one alpha-beta accepts.
        Object[] play = MatchCommandTest.run("match", "alphabeta:depth=1,weights=" + ja.get("weights").asText(),
                "random", "--games", "2");
        assertEquals(0, play[0], (String) play[2]);

        Object[] skip = MatchCommandTest.run("tune-eval", "--games", games.toString(), "--min-ply", "20");
        assertTrue(lastLine((String) skip[1]).get("positions").asInt() + lastLine((String) skip[1]).get("heldOut").asInt()
                < ja.get("positions").asInt() + ja.get("heldOut").asInt(), "--min-ply skips the openings");
    }

    @Test
    void badFilesAndLinesExitWithTwoNamingTheLine(@TempDir Path dir) throws Exception {
        Object[] r = MatchCommandTest.run("tune-eval", "--games", dir.resolve("none.jsonl").toString());
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("none.jsonl: no such file"), (String) r[2]);

        String good = selfPlay("DaBd", 0, "");
        String[][] cases = {
            {"not json", ":2: not JSON"},
            {"{\"winner\":0}", ":2: not a game record (missing field"},
            {good.replace("\"winner\":0", "\"winner\":5"), ":2: not a game record (\"winner\" must be 0 (South)"},
            // a "result" makes it a match record, read by the match records' reader
            {"{\"format\":1,\"result\":\"1-0\"}", ":2: not a game record (missing field \"stores\""},
            {selfPlay("DaXd", 1, ""), ":2: move 3 'X'"},
            {selfPlay("Da", 1, "houses=99"), ":2: "},
        };
        for (String[] c : cases) {
            Path f = dir.resolve("bad.jsonl");
            Files.write(f, List.of(good, c[0]), StandardCharsets.UTF_8);
            r = MatchCommandTest.run("tune-eval", "--games", f.toString());
            assertEquals(2, r[0], c[0]);
            assertTrue(((String) r[2]).contains("bad.jsonl" + c[1]), c[0] + " -> " + r[2]);
            assertEquals("", r[1], "no fit printed for " + c[0]);
        }
        Path few = dir.resolve("few.jsonl");
        Files.write(few, List.of(good), StandardCharsets.UTF_8);
        r = MatchCommandTest.run("tune-eval", "--games", few.toString(), "--min-ply", "0");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("too few positions"), (String) r[2]);
        assertEquals(2, MatchCommandTest.run("tune-eval", "--games", few.toString(), "--validation", "1")[0]);
    }

    @Test
    void anEndlessLineIsRefusedWithoutReadingItAllAndADirectoryIsNamed(@TempDir Path dir) throws Exception {
        Path endless = Path.of("/dev/zero");
        if (Files.isReadable(endless)) {
            Cli zero = Cli.run("tune-eval", "--games", endless.toString());
            assertEquals(2, zero.code(), zero.err());
            assertTrue(zero.err().contains("/dev/zero:1: a line over " + org.owarelab.util.LineReader.DEFAULT_MAX
                    + " bytes"), zero.err());
        }
        Cli directory = Cli.run("tune-eval", "--games", dir.toString());
        assertEquals(2, directory.code(), directory.err());
        assertTrue(directory.err().contains(dir + ": a directory"), directory.err());
    }
}
