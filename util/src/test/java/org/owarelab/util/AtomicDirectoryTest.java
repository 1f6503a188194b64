package org.owarelab.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directory appears whole or not at all; temporaries of dead writers are found and removed. */
class AtomicDirectoryTest {
    @TempDir
    Path tmp;

    private List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void theDirectoryAppearsWithItsFilesAndWithoutTheOwnerFile() throws IOException {
        Path dir = tmp.resolve("a/b/out");
        int n = AtomicDirectory.write(dir, t -> {
            Files.writeString(t.resolve("x.txt"), "x");
            assertTrue(Files.isRegularFile(t.resolve(AtomicDirectory.OWNER)), "the owner is named while writing");
            assertEquals(Long.toString(ProcessHandle.current().pid()), Files.readString(t.resolve(AtomicDirectory.OWNER)));
            return 7;
        });
        assertEquals(7, n);
        assertEquals(List.of(dir.resolve("x.txt")), list(dir));
        assertEquals(List.of(dir), list(dir.getParent()), "no temporary left beside it");
    }

    @Test
    void aFailingWriterLeavesNoTargetAndNoTemporary() throws IOException {
        Path dir = tmp.resolve("out");
        IOException e = assertThrows(IOException.class, () -> AtomicDirectory.write(dir, t -> {
            Files.writeString(t.resolve("part"), "half");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertFalse(Files.exists(dir));
        assertEquals(List.of(), list(tmp));
        assertThrows(IllegalStateException.class, () -> AtomicDirectory.write(dir, t -> {
            throw new IllegalStateException("bug");
        }));
        assertEquals(List.of(), list(tmp), "an unchecked failure cleans up too");
    }

    @Test
    void anExistingTargetIsNeverReplacedAndAnEmptyOneOnlyWhenAllowed() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        assertThrows(FileAlreadyExistsException.class, () -> AtomicDirectory.write(dir, t -> null));
        AtomicDirectory.write(dir, true, t -> Files.writeString(t.resolve("y"), "y"));
        assertEquals(List.of(dir.resolve("y")), list(dir));
        assertThrows(FileAlreadyExistsException.class, () -> AtomicDirectory.write(dir, true, t -> null),
                "a filled directory is not empty any more");
        assertEquals(List.of(dir.resolve("y")), list(dir));
        assertEquals(List.of(dir), list(tmp));
    }

    @Test
    void removeStaleRemovesOnlyThisTargetsTemporariesOfDeadProcesses() throws Exception {
        long dead = deadPid();
        Path killed = temporary(".out.tmp-1", dead);
        Path live = temporary(".out.tmp-2", ProcessHandle.current().pid());
        Path unknown = Files.createDirectories(tmp.resolve(".out.tmp-3"));
        Path other = temporary(".other.tmp-4", dead);

        assertEquals(List.of(killed), AtomicDirectory.removeStale(tmp.resolve("out")));
        assertEquals(List.of(other, live, unknown), list(tmp));
        assertEquals(List.of(), AtomicDirectory.removeStale(tmp.getRoot()), "the root has no parent to look in");
    }

    @Test
    void deleteTemporariesRemovesAllButThoseOfLiveProcesses() throws Exception {
        temporary(".out.tmp-1", deadPid());
        Path live = temporary(".out.tmp-2", ProcessHandle.current().pid());
        Files.createDirectories(tmp.resolve(".old.tmp-3")); // written before owners were recorded
        Path kept = Files.createDirectories(tmp.resolve("step-1"));
        assertEquals(2, AtomicDirectory.deleteTemporaries(tmp));
        assertEquals(List.of(live, kept), list(tmp));
    }

    private Path temporary(String name, long pid) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(name));
        Files.writeString(d.resolve(AtomicDirectory.OWNER), Long.toString(pid));
        Files.writeString(d.resolve("half"), "half written");
        return d;
    }

    /** The id of a process that has ended (and been reaped). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
