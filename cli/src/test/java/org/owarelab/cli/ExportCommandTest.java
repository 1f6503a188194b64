package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code oware export}'s bad input: one line on stderr, exit code 2, nothing written. */
class ExportCommandTest {
    @Test
    void aMissingCheckpointIsOneLineAndExitCode2(@TempDir Path tmp) {
        Cli r = Cli.run("export", tmp.resolve("nope").toString(), "--out", tmp.resolve("out").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("oware export: "), r.err());
        assertTrue(r.err().contains("no such checkpoint or run directory"), r.err());
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void simsAndMovetimeExcludeEachOther(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("run"));
        Cli r = Cli.run("export", tmp.resolve("run").toString(), "--out", tmp.resolve("out").toString(),
                "--sims", "10", "--movetime", "100");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--sims and --movetime"), r.err());
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void webIntoANonEmptyDirectoryIsOneLineAndExitCode2AndLeavesNothing(@TempDir Path tmp) throws IOException {
        Path site = Files.createDirectories(tmp.resolve("site"));
        Files.writeString(site.resolve("mine.txt"), "keep");
        Cli r = Cli.run("export", tmp.resolve("run").toString(), "--web", site.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("oware export: --web "), r.err());
        assertTrue(r.err().contains("exists and is not empty"), r.err());
        try (java.util.stream.Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of("site"), s.map(p -> p.getFileName().toString()).toList(), "no temporary directory left");
        }
        try (java.util.stream.Stream<Path> s = Files.list(site)) {
            assertEquals(List.of("mine.txt"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void neitherOutNorWebIsOneLineAndExitCode2(@TempDir Path tmp) {
        Cli r = Cli.run("export", tmp.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("give --out DIR"), r.err());
    }
}
