package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.StandardOpenOption;

/**
 * The exclusive lock of a run directory ({@code RUN/lock}), held by the one process that trains
 * in it for the whole session. Two processes in one directory would delete each other's replay
 * files and checkpoints (a run "killed" through a wrapper whose training process lived on, then
 * resumed, failed this way with {@code I/O error: RUN/replay-gN.bin}). The operating system
 * releases the lock when the process dies, {@code kill -9} included, so a resume after a kill is
 * never refused. The file is empty and stays in the directory: deleting it on release would let a
 * third process lock a file no one else sees.
 */
final class RunLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code run} (creating the lock file), without waiting.
     *
     * @throws RunInUseException when another process (or another session in this one) holds it
     */
    static RunLock acquire(RunDirectory run) throws IOException {
        FileChannel ch = FileChannel.open(run.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        if (l == null) {
            ch.close();
            throw new RunInUseException("run " + run.root() + " is in use: another 'oware train' is training in it "
                    + "(it holds " + run.lock() + "); wait for it to end, or stop it, then resume");
        }
        return new RunLock(ch, l);
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
