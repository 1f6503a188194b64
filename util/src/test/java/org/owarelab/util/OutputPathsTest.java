package org.owarelab.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputPathsTest {
    @TempDir
    Path tmp;

    private static String refusal(Runnable check) {
        return assertThrows(IllegalArgumentException.class, check::run).getMessage();
    }

    @Test
    void aFileOutputIsNotADirectoryNorUnderAFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertEquals("--out " + tmp + ": is a directory (expected a file)",
                refusal(() -> OutputPaths.checkFile("--out", tmp)));
        assertEquals("--out " + file.resolve("a/b") + ": " + file + " is a file, not a directory",
                refusal(() -> OutputPaths.checkFile("--out", file.resolve("a/b"))));
        OutputPaths.checkFile("--out", file); // replaced
        OutputPaths.checkFile("--out", tmp.resolve("new/sub/x.png")); // parents created
        assertEquals(1, Files.list(tmp).count(), "the checks create nothing");
    }

    @Test
    void aDirectoryOutputIsNotAFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertEquals("--out " + file + ": is a file, not a directory (expected a directory)",
                refusal(() -> OutputPaths.checkDirectory("--out", file)));
        OutputPaths.checkDirectory("--out", tmp); // may hold earlier output
        OutputPaths.checkDirectory("--out", tmp.resolve("a/b"));
    }

    @Test
    void aNewDirectoryIsMissingOrEmptyInAnExistingParent() throws Exception {
        Files.writeString(tmp.resolve("f"), "x");
        assertEquals("--out " + tmp + ": exists and is not empty (expected a new or empty directory)",
                refusal(() -> OutputPaths.checkNewDirectory("--out", tmp)));
        assertEquals("--out " + tmp.resolve("a/b") + ": the parent directory " + tmp.resolve("a") + " does not exist",
                refusal(() -> OutputPaths.checkNewDirectory("--out", tmp.resolve("a/b"))));
        OutputPaths.checkNewDirectory("--out", tmp.resolve("new"));
        OutputPaths.checkNewDirectory("--out", Files.createDirectories(tmp.resolve("empty")));
    }
}
