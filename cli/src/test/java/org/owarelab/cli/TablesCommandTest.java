package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code oware tables build/check} and {@code oware accuracy}, bad table files included. */
class TablesCommandTest {
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void build() {
        file = dir.resolve("t6.owtb");
        Cli r = Cli.run("tables", "build", "--seeds", "6", "--out", file.toString(), "--threads", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("wrote " + file + ": rules default, up to 6 seeds"), r.out());
        assertTrue(r.err().contains("tables: 6 seeds: 12376 positions"), r.err());
        assertTrue(r.out().contains(": matches the published table (default rules, up to 6 seeds)"), r.out());
    }

    @Test
    void checkFindsNoViolations() {
        Cli r = Cli.run("tables", "check", "--tables", file.toString(), "--positions", "100", "--max-seeds", "4",
                "--budget", "100000");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("violations 0"), r.out());
        assertTrue(r.out().contains("bellman: 0 violations over every entry up to 6 seeds"), r.out());
        assertTrue(r.out().contains("distances: 0 violations over every entry up to 6 seeds"), r.out());
        assertTrue(r.out().startsWith("sha256 0924c967"), r.out());
        assertTrue(r.out().contains(": matches the published table (default rules, up to 6 seeds)"), r.out());
    }

    @Test
    void accuracyOfGreedyPrintsATableAndJsonLast() throws Exception {
        Path plot = dir.resolve("acc.png");
        Cli r = Cli.run("accuracy", "--agent", "greedy", "--seeds", "3-5", "--positions", "30", "--tables",
                file.toString(), "--plot", plot.toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.outLines();
        JsonNode json = new ObjectMapper().readTree(lines[lines.length - 1]);
        assertEquals("greedy", json.get("agent").asText());
        assertEquals(3, json.get("rows").size());
        for (JsonNode row : json.get("rows")) {
            assertEquals(30, row.get("positions").asInt());
            double opt = row.get("optimal").asDouble();
            assertTrue(row.get("optimal_lo").asDouble() <= opt && opt <= row.get("optimal_hi").asDouble());
            assertTrue(row.get("outcome").asDouble() >= opt, "a perfect move keeps the outcome");
        }
        assertTrue(Files.size(plot) > 1000);
    }

    @Test
    void threadsGiveTheSameFiguresAndABadCountIsRefused() throws Exception {
        String[] args = {"accuracy", "--agent", "mcts:sims=30", "--seeds", "4-5", "--positions", "24", "--tables",
            file.toString(), "--plot", dir.resolve("t.png").toString()};
        Cli one = Cli.run(args);
        String[] more = Arrays.copyOf(args, args.length + 2);
        more[args.length] = "--threads";
        more[args.length + 1] = "3";
        Cli three = Cli.run(more);
        assertEquals(0, one.code(), one.err());
        assertEquals(0, three.code(), three.err());
        String[] a = one.outLines();
        String[] b = three.outLines();
        assertEquals(a[a.length - 1], b[b.length - 1], "the JSON figures of 1 and 3 threads");
        more[args.length + 1] = "0";
        assertBadInput(Cli.run(more), "--threads 0: expected 1..");
    }

    @Test
    void alphaBetaWithTheTablePlaysOnlyOptimalMoves() throws Exception {
        Cli r = Cli.run("accuracy", "--agent", "alphabeta:depth=1,tables=" + file, "--seeds", "3-6", "--positions",
                "40", "--tables", file.toString(), "--plot", dir.resolve("ab.png").toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.outLines();
        for (JsonNode row : new ObjectMapper().readTree(lines[lines.length - 1]).get("rows")) {
            assertEquals(1.0, row.get("optimal").asDouble(), row.toString());
        }
    }

    @Test
    void aCommandLineLimitNamesTheSpecAsGivenNotItsDefaultDepth() throws Exception {
        Cli r = Cli.run("accuracy", "--agent", "alphabeta:tables=off", "--seeds", "3-4", "--positions", "5",
                "--movetime", "5", "--tables", file.toString(), "--plot", dir.resolve("ab5.png").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("accuracy of alphabeta:tables=off (5 ms/move)"), r.out());
        String[] lines = r.outLines();
        assertEquals("alphabeta:tables=off", new ObjectMapper().readTree(lines[lines.length - 1]).get("agent").asText());
        Cli d = Cli.run("accuracy", "--agent", "alphabeta", "--seeds", "3-4", "--positions", "5", "--tables",
                file.toString(), "--plot", dir.resolve("ab6.png").toString());
        assertTrue(d.out().startsWith("accuracy of alphabeta:depth=8 (spec's limit)"), d.out());
    }

    private static void assertBadInput(Cli r, String expected) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    }

    @Test
    void badTableFilesExitWithTwoAndOneLine() throws Exception {
        assertBadInput(Cli.run("accuracy", "--agent", "greedy", "--seeds", "2-8", "--tables", file.toString()),
                "covers up to 6 seeds on the board, expected at least 8");
        assertBadInput(Cli.run("accuracy", "--agent", "greedy", "--seeds", "2-5", "--tables", file.toString(),
                "--rules", "grand-slam=capture-all"), "built for rules default, expected rules grand-slam=capture-all");
        byte[] bytes = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.owtb");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        assertBadInput(Cli.run("tables", "check", "--tables", cut.toString()), "truncated");
        assertBadInput(Cli.run("tables", "check", "--tables", file.toString(), "--threads", "0"),
                "--threads 0: expected >= 1");
        byte[] flipped = bytes.clone();
        flipped[flipped.length - 1] ^= 4;
        Path bad = dir.resolve("flip.owtb");
        Files.write(bad, flipped);
        assertBadInput(Cli.run("accuracy", "--agent", "greedy", "--seeds", "2-5", "--tables", bad.toString()),
                "checksum mismatch");
        assertBadInput(Cli.run("match", "alphabeta:depth=1,tables=" + bad, "random", "--games", "2"),
                "checksum mismatch");
        assertBadInput(Cli.run("accuracy", "--agent", "greedy", "--seeds", "9-2", "--tables", file.toString()),
                "--seeds '9-2'");
        assertBadInput(Cli.run("tables", "build", "--seeds", "30", "--out", dir.resolve("x.owtb").toString()),
                "--seeds 30: expected 0..24");
    }

    /** An output that is a directory is refused before the work, not after it (issue 27, section 3). */
    @Test
    void aDirectoryAsTheOutputFileIsRefusedBeforeAnyWork() throws Exception {
        Path taken = Files.createDirectories(dir.resolve("taken"));
        Cli build = Cli.run("tables", "build", "--seeds", "4", "--out", taken.toString(), "--threads", "1");
        assertEquals(2, build.code(), build.err());
        assertEquals("oware tables build: --out " + taken + ": is a directory (expected a file)", build.err().strip(),
                "one line, and no table built first");
        Cli acc = Cli.run("accuracy", "--agent", "greedy", "--seeds", "3-4", "--positions", "5", "--tables",
                file.toString(), "--plot", taken.toString());
        assertEquals(2, acc.code(), acc.err());
        assertEquals("oware accuracy: --plot " + taken + ": is a directory (expected a file)", acc.err().strip());
        assertEquals("", acc.out(), "no position played");
        assertEquals(0, Files.list(taken).count());
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Cli under = Cli.run("tables", "build", "--seeds", "2", "--out", file.resolve("t.owtb").toString());
        assertEquals(2, under.code(), under.err());
        assertTrue(under.err().contains(file + " is a file, not a directory"), under.err());
    }
}
