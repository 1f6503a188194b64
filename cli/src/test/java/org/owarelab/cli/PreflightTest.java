package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27 §2: every player is built before the first game, request or write
 * ({@code AgentRegistry.checkAll}); a bad one is one line naming it, exit 2, and nothing is
 * written. Each command that takes players is tried with a bad value and a missing checkpoint.
 */
class PreflightTest {
    @TempDir
    Path tmp;

    private static void refused(Cli r, String command, String spec) {
        assertEquals(2, r.code(), r.out() + r.err());
        String err = r.err().strip();
        assertEquals(1, err.split("\\R").length, err);
        assertTrue(err.startsWith("oware " + command + ": "), err);
        assertTrue(err.contains(spec), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void serveRefusesABadValueAndAMissingCheckpointBeforeListening() {
        refused(Cli.run("serve", "--agent", "alphabeta:depth=abc", "--port", "0"), "serve", "alphabeta:depth=abc");
        refused(Cli.run("serve", "--agent", "puct:model=" + tmp.resolve("nonexistent"), "--port", "0"), "serve",
                "puct:model=");
    }

    @Test
    void jsonlRefusesAMissingCheckpointBeforeReadingALine() {
        refused(Cli.runWithInput("{}\n", "jsonl", "--agent", "puct:model=" + tmp.resolve("nonexistent")), "jsonl",
                "puct:model=");
    }

    @Test
    void uciRefusesABadValueBeforeReadingALine() {
        refused(Cli.runWithInput("uci\ngo\n", "uci", "--agent", "alphabeta:depth=abc"), "uci", "alphabeta:depth=abc");
    }

    @Test
    void playRefusesABadValue() {
        refused(Cli.runWithInput("", "play", "--agent", "alphabeta:depth=abc"), "play", "alphabeta:depth=abc");
    }

    @Test
    void matchRefusesAMissingCheckpointAndWritesNothing() {
        Path out = tmp.resolve("m");
        refused(Cli.run("match", "random", "puct:model=" + tmp.resolve("nonexistent"), "--games", "2", "--out",
                out.toString()), "match", "puct:model=");
        assertFalse(Files.exists(out));
    }

    @Test
    void ladderRefusesABadOpponentAndWritesNothing() throws Exception {
        Path run = tmp.resolve("run");
        Path ckpt = run.resolve("checkpoints").resolve("step-2");
        Files.createDirectories(ckpt);
        Files.writeString(ckpt.resolve("meta.json"), "{\"step\":2,\"wallSeconds\":5}");
        Path out = tmp.resolve("ladder");
        refused(Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "nosuch", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2", "--out", out.toString()), "ladder", "nosuch");
        assertFalse(Files.exists(out));
    }

    @Test
    void tournamentRefusesABadValueAndWritesNothing() {
        Path out = tmp.resolve("t");
        refused(Cli.run("tournament", "--players", "random", "alphabeta:depth=abc", "--out", out.toString()),
                "tournament", "alphabeta:depth=abc");
        assertFalse(Files.exists(out));
    }
}
