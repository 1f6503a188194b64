package org.owarelab.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A directory this process cannot write to, for tests of outputs that cannot be written. As an
 * ordinary user, {@code chmod 555} is enough. Tests here run as root, whom file modes do not stop,
 * so there the directory is bind-mounted read-only onto itself (the "Read-only file system" a
 * user meets on a read-only volume); {@link #close} unmounts it. Where neither works (root
 * without the right to mount) the test is skipped, saying why.
 */
final class ReadOnlyDirectory implements AutoCloseable {
    private final Path dir;
    private final boolean mounted;

    private ReadOnlyDirectory(Path dir, boolean mounted) {
        this.dir = dir;
        this.mounted = mounted;
    }

    /** Makes {@code dir} (existing, with its files already written) read-only. */
    static ReadOnlyDirectory of(Path dir) throws IOException, InterruptedException {
        Path d = dir.toAbsolutePath();
        if (!"root".equals(System.getProperty("user.name"))) {
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("r-xr-xr-x"));
            return new ReadOnlyDirectory(d, false);
        }
        boolean ok = sh("mount --bind '" + d + "' '" + d + "' && mount -o remount,ro,bind '" + d + "'");
        if (!ok) {
            sh("umount '" + d + "'");
        }
        assumeTrue(ok, "skipped: as root, a read-only directory needs a read-only bind mount, and mount failed");
        return new ReadOnlyDirectory(d, true);
    }

    private static boolean sh(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor() == 0;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (mounted) {
            if (!sh("umount '" + dir + "'")) {
                throw new IOException("could not unmount the read-only bind mount " + dir);
            }
        } else {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
