package org.owarelab.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Writes a directory all at once, the one home of that pattern (checkpoints and exported
 * bundles use it): its files go into a temporary sibling {@code .NAME.tmp-*}, which is synced and
 * then renamed to {@code NAME} (one atomic {@code rename} on POSIX file systems), so readers and a
 * restarted process see the whole directory or none of it.
 *
 * <p>The temporary directory holds the writing process's id in {@value #OWNER} (removed before
 * the rename). A failure of the writer removes the temporary directory; so does an interrupt
 * (Ctrl-C, through a shutdown hook). One left by a killed writer ({@code kill -9}) stays until
 * {@link #removeStale} (temporaries of one target whose process is gone) or
 * {@link #deleteTemporaries} (all of a directory's, for a sole writer such as a resumed run)
 * removes it. The temporary directory is made with the process's default permissions, so the
 * result looks like any directory made by hand. Stateless and thread-safe.
 */
public final class AtomicDirectory {
    /** The file in a temporary directory naming the process that writes it. */
    public static final String OWNER = ".owner-pid";

    /** The work of filling the temporary directory. */
    @FunctionalInterface
    public interface Body<T> {
        /** Writes the directory's files into {@code tmp}; what it returns {@link #write} returns. */
        T fill(Path tmp) throws IOException;
    }

    private AtomicDirectory() {
    }

    /**
     * Writes the new directory {@code dir} (its parent directories are created).
     *
     * @throws FileAlreadyExistsException when {@code dir} exists (it is never replaced)
     * @throws IOException when the body or the file system fails; {@code dir} is then not there
     */
    public static <T> T write(Path dir, Body<T> body) throws IOException {
        return write(dir, false, body);
    }

    /**
     * Writes {@code dir} (its parent directories are created), which must not exist or, with
     * {@code replaceEmpty}, may be an empty directory.
     *
     * @throws FileAlreadyExistsException when {@code dir} exists and may not be replaced
     * @throws java.nio.file.DirectoryNotEmptyException when an empty {@code dir} was filled by
     *     someone else while writing (nothing is written)
     * @throws IOException when the body or the file system fails; {@code dir} is then as before
     */
    public static <T> T write(Path dir, boolean replaceEmpty, Body<T> body) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        if (target.getParent() == null || target.getFileName() == null) {
            throw new FileAlreadyExistsException(target.toString(), null, "the root cannot be written as a directory");
        }
        Path parent = target.getParent();
        Files.createDirectories(parent);
        if (Files.exists(target) && !(replaceEmpty && isEmptyDirectory(target))) {
            throw new FileAlreadyExistsException(target.toString(), null, replaceEmpty
                    ? "exists and is not an empty directory" : "exists already and is never overwritten");
        }
        Path tmp = createTemporary(target);
        Thread onInterrupt = new Thread(() -> deleteQuietly(tmp), "atomic-directory-cleanup");
        boolean hooked = hook(onInterrupt);
        boolean moved = false;
        try {
            Files.writeString(tmp.resolve(OWNER), Long.toString(ProcessHandle.current().pid()), StandardCharsets.UTF_8);
            T result = body.fill(tmp);
            Files.delete(tmp.resolve(OWNER));
            sync(tmp);
            if (replaceEmpty) {
                Files.deleteIfExists(target); // an empty directory only: a filled one throws DirectoryNotEmptyException
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
            sync(parent);
            return result;
        } finally {
            if (hooked) {
                try {
                    Runtime.getRuntime().removeShutdownHook(onInterrupt);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs anyway
                }
            }
            if (!moved) {
                deleteTree(tmp);
            }
        }
    }

    /**
     * Removes the temporary directories of earlier writes of {@code dir} whose writing process is
     * gone (killed before it could clean up); returns them. Those of a live process, or without a
     * readable owner, are left alone: this is safe while other processes write beside {@code dir}.
     */
    public static List<Path> removeStale(Path dir) {
        Path target = dir.toAbsolutePath().normalize();
        List<Path> removed = new ArrayList<>();
        if (target.getParent() == null || target.getFileName() == null || !Files.isDirectory(target.getParent())) {
            return removed;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(target.getParent(),
                p -> p.getFileName().toString().startsWith(prefix(target)) && Files.isDirectory(p))) {
            for (Path p : ds) {
                long pid;
                try {
                    pid = Long.parseLong(Files.readString(p.resolve(OWNER), StandardCharsets.UTF_8).trim());
                } catch (IOException | NumberFormatException e) {
                    continue;
                }
                if (alive(pid)) {
                    continue;
                }
                deleteQuietly(p);
                if (!Files.exists(p)) {
                    removed.add(p);
                }
            }
        } catch (IOException e) {
            // nothing listed, nothing removed: the write itself reports an unreadable parent
        }
        return removed;
    }

    /**
     * Deletes every temporary directory ({@code .*.tmp-*}) in {@code parent} except those of a
     * live process; returns how many. For a directory with one writer (a run's checkpoints, when
     * the run resumes), where a temporary without a readable owner is a dead one too.
     */
    public static int deleteTemporaries(Path parent) throws IOException {
        int n = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, ".*.tmp-*")) {
            for (Path p : ds) {
                if (!Files.isDirectory(p) || ownedByLiveProcess(p)) {
                    continue;
                }
                deleteTree(p);
                n++;
            }
        }
        return n;
    }

    /** Flushes a file's or directory's metadata and data to the disk (a no-op where the OS refuses for directories). */
    public static void sync(Path p) {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some systems cannot open directories for syncing; the rename is still atomic.
        }
    }

    private static String prefix(Path target) {
        return "." + target.getFileName() + ".tmp-";
    }

    /** Not Files.createTempDirectory: its owner-only permissions would stick to the result. */
    private static Path createTemporary(Path target) throws IOException {
        for (int attempt = 0;; attempt++) {
            Path tmp = target.resolveSibling(prefix(target) + Long.toUnsignedString(
                    ThreadLocalRandom.current().nextLong(), 36));
            try {
                return Files.createDirectory(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    private static boolean hook(Thread t) {
        try {
            Runtime.getRuntime().addShutdownHook(t);
            return true;
        } catch (IllegalStateException shuttingDown) {
            return false; // written during shutdown: a failure still removes the temporary directory
        }
    }

    private static boolean isEmptyDirectory(Path p) throws IOException {
        if (!Files.isDirectory(p)) {
            return false;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

    private static boolean ownedByLiveProcess(Path tmp) {
        try {
            return alive(Long.parseLong(Files.readString(tmp.resolve(OWNER), StandardCharsets.UTF_8).trim()));
        } catch (IOException | NumberFormatException e) {
            return false;
        }
    }

    /** Whether process {@code pid} runs: exists and, where /proc tells, is not a zombie waiting to be reaped. */
    private static boolean alive(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            int end = stat.lastIndexOf(')');
            return end < 0 || end + 2 >= stat.length() || stat.charAt(end + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    /** {@link #deleteTree}, best effort: what cannot be removed stays (a stale directory, or at JVM shutdown). */
    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException | UncheckedIOException e) {
            // left in place
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
