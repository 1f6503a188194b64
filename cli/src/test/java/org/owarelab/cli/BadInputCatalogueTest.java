package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input catalogue: for every command, bad option values, missing files and malformed
 * positions get one line on stderr naming the input, exit code 2, no stack trace and no Java
 * type, and nothing written to the working directory. {@link #everyCommandHasACase} fails when a command is added without one.
 */
class BadInputCatalogueTest {
    @TempDir
    static Path tmp;

    /** {command as named in the catalogue, what the message must contain, arguments...}. */
    static Stream<Arguments> cases() {
        String none = "/nonexistent-oware-test/x";
        String[][] c = {
            {"train", "--set", "train", "--set", "no.such.key=1"},
            {"train", none, "train", "--config", none + ".yaml"},
            {"train", "replay.tableTargets", "train", "--set", "replay.tableTargets=" + none + ".owtb"},
            {"worker", "--join", "worker", "--join", "trainer-host", "--run", "r1"},
            {"worker", "--threads", "worker", "--join", "127.0.0.1:5701", "--run", "r1", "--threads", "x"},
            {"worker", "--run", "worker", "--join", "127.0.0.1:5701", "--run", "a b"},
            {"ablate", none, "ablate", none + ".yaml"},
            {"match", "--games", "match", "random", "greedy", "--games", "x"},
            {"match", "4-4-x", "match", "random", "greedy", "--games", "2", "--position", "4-4-x"},
            {"match", "grand-slam=sometimes", "match", "random", "greedy", "--games", "2", "--rules", "grand-slam=sometimes"},
            {"tournament", "--players random: a round robin needs at least two players", "tournament", "--players", "random"},
            {"tournament", "--confidence", "tournament", "--players", "random", "greedy", "--confidence", "1.5"},
            {"ladder", none, "ladder", "--run", none},
            {"report", none, "report", none},
            {"levels", none, "levels fit", "levels", "fit", none, "--out", none + ".json"},
            {"levels", "--levels", "levels check", "levels", "check", none, "--levels", none + ".json"},
            {"play", "4-4-x", "play", "--agent", "random", "--position", "4-4-x"},
            {"uci", "grand-slam=sometimes", "uci", "--agent", "random", "--rules", "grand-slam=sometimes"},
            {"export", none, "export", none, "--out", none + "-out"},
            {"export", "--sims", "export", none, "--out", none + "-out", "--sims", "0"},
            {"jsonl", "grand-slam=sometimes", "jsonl", "--env", "--rules", "grand-slam=sometimes"},
            {"jsonl", "--threads", "jsonl", "--threads", "x"},
            {"serve", "--port", "serve", "--agent", "random", "--port", "x"},
            {"serve", "grand-slam=sometimes", "serve", "--agent", "random", "--rules", "grand-slam=sometimes"},
            {"perft", "--depth", "perft", "--depth", "x"},
            {"perft", "4-4-x", "perft", "--depth", "2", "--position", "4-4-x"},
            {"tables", "--seeds", "tables build", "tables", "build", "--seeds", "x"},
            {"tables", none, "tables check", "tables", "check", "--tables", none},
            {"accuracy", none, "accuracy", "--agent", "random", "--tables", none},
            {"tune-eval", none, "tune-eval", "--games", none},
            {"replay", "Z", "replay", "--moves", "Z"},
            {"replay", "4-4-x", "replay", "--position", "4-4-x", "--moves", "F"},
            {"show", "4-4-x", "show", "--position", "4-4-x"},
            {"bench", "--seconds", "bench rules", "bench", "rules", "--seconds", "x"},
            {"bench", "nosuch", "bench", "bench", "nosuch"},
        };
        List<Arguments> out = new ArrayList<>();
        for (String[] row : c) {
            // The first cell is the command; the third the command as the message names it, then the arguments.
            int argsFrom = row[0].equals("tables") || row[0].equals("bench") || row[0].equals("levels") ? 3 : 2;
            String named = argsFrom == 3 ? row[2] : row[0];
            String[] args = java.util.Arrays.copyOfRange(row, argsFrom, row.length);
            out.add(Arguments.of(row[0], named, row[1], args));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("cases")
    void badInputIsOneLineAndExitCode2(String command, String named, String mentions, String[] args) throws Exception {
        Set<String> before = listing(Path.of(""));
        Cli r = Cli.runWithInput("", args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.code(), what);
        List<String> lines = r.err().strip().lines().toList();
        assertEquals(1, lines.size(), what);
        assertTrue(lines.get(0).startsWith("oware " + named + ": "), what);
        assertTrue(lines.get(0).contains(mentions), "names the input: " + what);
        assertFalse(r.err().matches("(?s).*(Exception|\\bat org\\.|java\\.|com\\.fasterxml|picocli\\.).*"), what);
        assertEquals(before, listing(Path.of("")), "nothing written to the working directory: " + what);
    }

    @Test
    void everyCommandHasACase() {
        Set<String> covered = new TreeSet<>();
        cases().forEach(a -> covered.add((String) a.get()[0]));
        Set<String> commands = new TreeSet<>(Main.commandLine().getSubcommands().keySet());
        commands.remove("help");
        assertEquals(commands, covered);
    }

    private static Set<String> listing(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
        }
    }
}
