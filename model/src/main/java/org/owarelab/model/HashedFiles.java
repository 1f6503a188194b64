package org.owarelab.model;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import org.owarelab.util.Sha256;

/**
 * Writes files with their size and SHA-256, synced to disk (used by the checkpoint writer in
 * the training module); checks files against them (used when loading).
 */
public final class HashedFiles {
    /** Writes the content of a file. */
    public interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private HashedFiles() {
    }

    public static CheckpointInfo.FileInfo write(Path file, Writer writer) throws IOException {
        MessageDigest sha = Sha256.newDigest();
        try (FileOutputStream fos = new FileOutputStream(file.toFile())) {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new DigestOutputStream(fos, sha), 1 << 16));
            writer.write(out);
            out.flush();
            fos.getFD().sync();
        }
        return new CheckpointInfo.FileInfo(Files.size(file), Sha256.hex(sha.digest()));
    }

    /**
     * @throws CheckpointException when the file is missing, of another size (truncated) or has another hash (corrupt)
     */
    public static void verify(Path dir, String name, CheckpointInfo.FileInfo expected) {
        Path file = dir.resolve(name);
        try {
            long size = Files.size(file);
            if (expected == null || size != expected.bytes()) {
                throw new CheckpointException(file + " is truncated or corrupt: " + size + " bytes, the metadata says "
                        + (expected == null ? "nothing" : expected.bytes()));
            }
            String got = Sha256.of(file);
            if (!got.equals(expected.sha256())) {
                throw new CheckpointException(file + " is corrupt: its SHA-256 is " + got + ", the metadata says "
                        + expected.sha256());
            }
        } catch (NoSuchFileException e) {
            throw new CheckpointException(file + " is missing from the checkpoint");
        } catch (IOException e) {
            throw new CheckpointException("cannot read " + file + ": " + e, e);
        }
    }
}
