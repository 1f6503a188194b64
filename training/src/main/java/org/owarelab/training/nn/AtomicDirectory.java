package org.owarelab.training.nn;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Writes a directory all at once: its files go into a temporary sibling {@code .NAME.tmp-*},
 * which is synced and then renamed to {@code NAME} (one atomic {@code rename} on POSIX file
 * systems), so readers and a restarted process see the whole directory or none of it. A kill
 * leaves at most a temporary directory behind ({@link #deleteTemporaries} removes them).
 */
final class AtomicDirectory {
    /** The work of filling the temporary directory. */
    interface Body<T> {
        T fill(Path tmp) throws IOException;
    }

    private AtomicDirectory() {
    }

    /**
     * @throws FileAlreadyExistsException when {@code dir} exists (it is never replaced)
     */
    static <T> T write(Path dir, Body<T> body) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        if (Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "exists already and is never overwritten");
        }
        Path tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".tmp-");
        boolean moved = false;
        try {
            T result = body.fill(tmp);
            sync(tmp);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
            sync(parent);
            return result;
        } finally {
            if (!moved) {
                deleteTree(tmp);
            }
        }
    }

    /** Deletes the temporary directories a killed writer left in {@code parent}; returns how many. */
    static int deleteTemporaries(Path parent) throws IOException {
        int n = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, ".*.tmp-*")) {
            for (Path p : ds) {
                if (Files.isDirectory(p)) {
                    deleteTree(p);
                    n++;
                }
            }
        }
        return n;
    }

    /** Flushes a file's or directory's metadata and data to the disk (a no-op where the OS refuses for directories). */
    static void sync(Path p) {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some systems cannot open directories for syncing; the rename is still atomic.
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
