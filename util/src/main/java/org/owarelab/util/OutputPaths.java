package org.owarelab.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Checks a command's output path before any work, so that a command that cannot write its
 * result says so at once, with exit code 2, and leaves nothing behind (not after an hour of
 * building tables, as "I/O error: Is a directory").
 *
 * <p>Each check throws an {@link IllegalArgumentException} whose message is one line naming the
 * option, the path and what was expected: {@code --out tables: is a directory (expected a file)}.
 * The checks read only; they create nothing. A parent that does not exist yet is fine where the
 * command creates it ({@link #checkFile}, {@link #checkDirectory}): then the nearest existing
 * ancestor must be a writable directory.
 */
public final class OutputPaths {
    private OutputPaths() {
    }

    /** A file the command writes or replaces: not a directory, in a directory it can write to (or create). */
    public static void checkFile(String option, Path file) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(option + " " + file + ": is a directory (expected a file)");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + " " + file + ": is not a regular file (expected a file to write)");
        }
        checkAncestor(option, file);
    }

    /**
     * A directory the command creates or fills, that may hold its own earlier output (a
     * tournament resumed from its saved games): not a file, and writable or creatable.
     */
    public static void checkDirectory(String option, Path dir) {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException(option + " " + dir + ": is a file, not a directory (expected a "
                        + "directory)");
            }
            if (!Files.isWritable(dir)) {
                throw new IllegalArgumentException(option + " " + dir + ": cannot write to it (permission denied)");
            }
            return;
        }
        checkAncestor(option, dir);
    }

    /**
     * A new directory: it does not exist or is empty, and its parent exists and is writable
     * (as {@code oware export --out} has always wanted).
     */
    public static void checkNewDirectory(String option, Path dir) {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException(option + " " + dir + ": is a file, not a directory (expected a new "
                        + "directory)");
            }
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw new IllegalArgumentException(option + " " + dir + ": exists and is not empty (expected a "
                            + "new or empty directory)");
                }
            } catch (IOException e) {
                throw new IllegalArgumentException(option + " " + dir + ": cannot read it (" + Texts.reason(e) + ")", e);
            }
        }
        Path parent = dir.toAbsolutePath().normalize().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IllegalArgumentException(option + " " + dir + ": the parent directory " + parent
                    + " does not exist");
        }
        if (!Files.isWritable(parent)) {
            throw new IllegalArgumentException(option + " " + dir + ": cannot write to " + parent
                    + " (permission denied)");
        }
    }

    /** The nearest existing ancestor of {@code path} is a directory this process can write to. */
    private static void checkAncestor(String option, Path path) {
        Path p = path.toAbsolutePath().normalize().getParent();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return; // nothing exists above it: the file system will say why when it is created
        }
        if (!Files.isDirectory(p)) {
            throw new IllegalArgumentException(option + " " + path + ": " + p + " is a file, not a directory");
        }
        if (!Files.isWritable(p)) {
            throw new IllegalArgumentException(option + " " + path + ": cannot write to " + p + " (permission denied)");
        }
    }
}
