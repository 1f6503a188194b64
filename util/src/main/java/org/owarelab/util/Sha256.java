package org.owarelab.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 in lower-case hex, the one form in which the lab records a file's or a message's hash:
 * checkpoints' files, endgame tables against their published digests, an exported bundle's
 * network and jars, the network a cluster publishes to its workers.
 */
public final class Sha256 {
    private Sha256() {
    }

    /** A fresh SHA-256 digest (every Java platform has one). */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    /** The SHA-256 of {@code bytes}, lower-case hex (64 characters). */
    public static String of(byte[] bytes) {
        return hex(newDigest().digest(bytes));
    }

    /**
     * The SHA-256 of a file's content, read in 64 KiB blocks, lower-case hex.
     *
     * @throws java.nio.file.NoSuchFileException when the file does not exist
     */
    public static String of(Path file) throws IOException {
        MessageDigest md = newDigest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                md.update(buf, 0, n);
            }
        }
        return hex(md.digest());
    }

    /** A digest's bytes in lower-case hex. */
    public static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
