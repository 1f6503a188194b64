package org.owarelab.evaluation;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.TreeMap;

/**
 * Writes game records as JSON lines ({@link GameRecord#toJson()}), one per game in game order
 * whatever order they finish in, to a temporary file beside the target that {@link #close()}
 * renames onto it (atomically where the file system can), so a reader never sees half a file.
 * Usable as a {@link MatchListener}. Thread-safe.
 */
public final class GameRecordWriter implements MatchListener, Closeable {
    private final Path target;
    private final Path temp;
    private final BufferedWriter out;
    /** Records that finished before an earlier game; guarded by this. */
    private final TreeMap<Integer, GameRecord> pending = new TreeMap<>();
    private int next;
    private boolean closed;

    /**
     * Opens a writer for {@code target}, creating its parent directories.
     *
     * @throws IOException if the temporary file cannot be created
     */
    public GameRecordWriter(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        Files.createDirectories(dir);
        this.temp = dir.resolve(this.target.getFileName() + ".tmp");
        this.out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
    }

    /** The file the records end up in. */
    public Path target() {
        return target;
    }

    @Override
    public void gameFinished(GameRecord record, Tally tally, int total) {
        write(record);
    }

    /** Adds a record; it is written once every game before it has been. */
    public synchronized void write(GameRecord record) {
        pending.put(record.game(), record);
        try {
            while (!pending.isEmpty() && pending.firstKey() == next) {
                out.write(pending.pollFirstEntry().getValue().toJson());
                out.write('\n');
                next++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + temp, e);
        }
    }

    /** Writes any records still waiting (after a gap), then moves the file into place. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        for (GameRecord r : pending.values()) {
            out.write(r.toJson());
            out.write('\n');
        }
        pending.clear();
        out.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
