package org.owarelab.evaluation;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes files atomically: into a temporary file beside the target, then renamed over it, so a
 * reader (or a crash) sees the old file or the new one, never half of one.
 */
public final class AtomicFiles {
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /** Writes what {@code body} writes to the stream. */
    public interface Body {
        /** Writes the file's content. */
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code text} as UTF-8. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes the bytes {@code body} produces; the directory must exist. */
    public static void write(Path target, Body body) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        // Not createTempFile: its owner-only permissions would stick to the target.
        Path tmp = dir.resolve("." + abs.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + COUNTER.incrementAndGet() + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                body.writeTo(out);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
