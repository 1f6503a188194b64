package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input at the command line's edges: unknown commands, and bad bytes in a replay batch. */
class CliInputTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anUnknownCommandIsNamedOnceWithTheCommandsThatExist() {
        for (String[] args : new String[][] {{"nosuch"}, {"nosuch", "--help"}, {"nosuch", "-h", "x"}}) {
            Cli r = Cli.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.out() + r.err());
            assertEquals("", r.out(), "no help on stdout for an unknown command");
            String[] lines = r.err().strip().split("\\R");
            assertEquals("oware: unknown command 'nosuch' (expected one of train, worker, ablate, match, tournament, ladder, "
                    + "report, levels, play, uci, export, jsonl, serve, perft, tables, accuracy, tune-eval, replay, show, bench, help)", lines[0]);
            assertEquals(1, lines.length, "one line, as docs/development.md promises: " + r.err());
            assertFalse(r.err().contains("oware oware"), r.err());
        }
    }

    @Test
    void usageErrorsNameTheFullCommand() {
        Cli r = Cli.run("bench", "rules", "--seconds", "x");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("oware bench rules: "), r.err());
        assertTrue(r.err().contains("(see 'oware bench rules --help')"), r.err());
    }

    /** An unknown option of a subcommand, like an unknown command, is one line naming it and where help is. */
    @Test
    void anUnknownOptionOfASubcommandIsOneLine() {
        for (String[] args : new String[][] {{"match", "random", "greedy", "--games", "2", "--nosuch"}, {"export", "x", "--out", "y", "--nosuch"},
                {"bench", "rules", "--nosuch", "1"}}) {
            Cli r = Cli.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            String[] lines = r.err().strip().split("\\R");
            assertEquals(1, lines.length, String.join(" ", args) + ": " + r.err());
            assertTrue(lines[0].contains("'--nosuch'") && lines[0].contains("--help')"), lines[0]);
        }
    }

    @Test
    void aConfigFileWithoutConfigSaysWhereItGoes() {
        Cli r = Cli.run("train", "configs/default.yaml");
        assertEquals(2, r.code(), r.out() + r.err());
        String first = r.err().strip().split("\\R")[0];
        assertEquals("oware train: Unmatched argument at index 1: 'configs/default.yaml' (a config file goes after "
                + "--config: oware train --config configs/default.yaml) (see 'oware train --help')", first);
        Cli other = Cli.run("train", "extra");
        assertEquals(2, other.code());
        assertFalse(other.err().contains("goes after --config"), "only a YAML path gets the hint: " + other.err());
    }

    /** One line of bad UTF-8 is that line's error; a file reads exactly as stdin does. */
    @Test
    void aBadUtf8LineInABatchIsOneErrorFromAFileAsFromStdin(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write("{\"moves\":\"F\"}\n{\"moves\":\"".getBytes(StandardCharsets.UTF_8));
        bytes.write(new byte[] {(byte) 0xff, (byte) 0xfe});
        bytes.write("\"}\r\n\n{\"moves\":\"Ff\"}\nnot json\n{\"moves\":\"F\\u001b\"}".getBytes(StandardCharsets.UTF_8));
        Path file = dir.resolve("games.jsonl");
        Files.write(file, bytes.toByteArray());

        Cli fromFile = Cli.run("replay", "--batch", file.toString());
        Cli fromStdin = Cli.runWithBytes(bytes.toByteArray(), "replay", "--batch", "-");
        assertEquals(0, fromFile.code(), fromFile.err());
        assertEquals(fromStdin.out(), fromFile.out());
        assertEquals(fromStdin.code(), fromFile.code());

        String[] lines = fromFile.outLines();
        assertEquals(5, lines.length, fromFile.out());
        assertEquals(2, JSON.readTree(lines[0]).get("plies").size());
        JsonNode bad = JSON.readTree(lines[1]);
        assertEquals(1, bad.get("index").asInt());
        assertEquals("line 2: not valid UTF-8 at byte 11 (expected a UTF-8 JSON object {\"position\": ..., "
                + "\"moves\": ...})", bad.get("error").asText());
        assertEquals(3, JSON.readTree(lines[2]).get("plies").size(), "the games after a bad line go on");
        String notJson = JSON.readTree(lines[3]).get("error").asText();
        assertTrue(notJson.startsWith("line 5: not valid JSON at column 4: Unrecognized token 'not'"), notJson);
        assertFalse(notJson.contains("Source") || notJson.contains("REDACTED"), notJson);
        String control = JSON.readTree(lines[4]).get("error").asText();
        assertTrue(control.startsWith("line 6: illegal move '\\x1b'"), control);
    }

    @Test
    void aBatchLineWithADuplicatedKeyIsThatLinesErrorNotItsLastValue() {
        Cli r = Cli.runWithBytes("{\"moves\":\"F\",\"moves\":\"Ff\"}\n{\"moves\":\"F\"}\n".getBytes(StandardCharsets.UTF_8),
                "replay", "--batch", "-");
        String[] lines = r.outLines();
        assertEquals(2, lines.length, r.out());
        assertTrue(lines[0].contains("Duplicate field 'moves'") || lines[0].contains("duplicate"), lines[0]);
        assertTrue(lines[0].contains("\"error\""), lines[0]);
        assertTrue(lines[1].contains("\"plies\""), "the next line is replayed: " + lines[1]);
    }

    @Test
    void trainSaysAFileIsNotARunDirectory(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "x");
        Cli out = Cli.run("train", "--out", file.toString());
        assertEquals(2, out.code(), out.err());
        assertEquals("oware train: --out " + file + ": is a file, not a directory (expected a new run directory)",
                out.err().strip());
        Cli resume = Cli.run("train", "--resume", file.toString());
        assertEquals(2, resume.code(), resume.err());
        assertTrue(resume.err().contains("is a file, not a directory"), resume.err());
    }

    @Test
    void trainRefusesAnEmptyConfigAndADuplicatedKeyInsteadOfTrainingFromDefaults(@TempDir Path dir) throws Exception {
        for (String text : new String[] {"", "# only a comment\n", "{}\n"}) {
            Path empty = Files.writeString(dir.resolve("empty.yaml"), text);
            Path out = dir.resolve("run");
            Cli r = Cli.run("train", "--config", empty.toString(), "--out", out.toString());
            assertEquals(2, r.code(), r.err());
            assertEquals("oware train: config " + empty + ": the file is empty (expected a mapping of keys, e.g. "
                    + "'loop: {generations: 8}'; leave --config out for the embedded quick config)", r.err().strip());
            assertFalse(Files.exists(out), "nothing written");
        }
        Path dup = Files.writeString(dir.resolve("dup.yaml"), "seed: 1\nloop:\n  generations: 2\n  generations: 3\n");
        Cli r = Cli.run("train", "--config", dup.toString(), "--out", dir.resolve("run").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("oware train: " + dup + ":4:"), r.err());
        assertTrue(r.err().contains("'loop.generations': duplicate key 'generations' (expected each key once)"), r.err());
        assertEquals(1, r.err().strip().split("\\R").length, r.err());
    }

    @Test
    void aModelDirectoryWithoutACheckpointSaysWhatIsMissing(@TempDir Path dir) {
        Cli r = Cli.run("match", "puct:model=" + dir, "random", "--games", "2");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("oware match: "), r.err());
        assertTrue(r.err().contains(dir + ": not a checkpoint or a run directory (a checkpoint holds meta.json, "
                + "a run directory checkpoints/)"), r.err());
        assertEquals(1, r.err().strip().split("\\R").length, r.err());
    }
}
