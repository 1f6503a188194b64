package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;
import org.owarelab.util.OutputPaths;

/**
 * What a directory given for a training run means, judged before anything is trained or written
 * ({@code oware train --out DIR} or {@code --resume RUN}): a new run's directory may be missing
 * (created with its parents) or empty; one holding a run ({@code state.json}) or a run killed
 * before it began ({@code config.yaml}) is left to {@link Trainer#start} to judge (it refuses the
 * first and starts the second over). Without a name, a new run goes to
 * {@code runs/<config>-<date-time>}.
 *
 * <p>Each check throws an {@link IllegalArgumentException} whose message is one line naming the
 * option and the directory.
 */
public final class RunPaths {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunPaths() {
    }

    /**
     * Checks the directories of {@code oware train} (and {@code TrainMain}): {@code --out} as a new
     * run's directory when there is no {@code --resume}, {@code --resume} as a run to resume; a file
     * given for either is refused. A resumed run's directory is {@link Trainer#resume}'s to read.
     *
     * @param out the directory of {@code --out}, or null
     * @param resume the directory of {@code --resume}, or null
     * @throws IllegalArgumentException naming the option and the directory: a file, a directory that
     *     is neither empty nor a run's, or one that cannot be written
     */
    public static void check(Path out, Path resume) {
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + ": is a file, not a directory (expected a new run "
                    + "directory)");
        }
        if (out != null && resume == null) {
            RunDirectory run = new RunDirectory(out);
            if (Files.exists(run.config()) || Files.exists(run.state()) || holdsOnlyItsLock(run, out)) {
                OutputPaths.checkDirectory("--out", out);
            } else if (Files.exists(out)) {
                OutputPaths.checkNewDirectory("--out", out);
            } else {
                OutputPaths.checkDirectory("--out", out); // created with its parents
            }
        }
        if (resume != null && Files.exists(resume) && !Files.isDirectory(resume)) {
            throw new IllegalArgumentException("--resume " + resume + ": is a file, not a directory (expected a run "
                    + "directory)");
        }
    }

    /**
     * A run that stopped before it wrote its config (a bad network, a refused device) leaves only
     * its lock file: the same {@code --out} may start the run again, and {@link RunLock} still
     * refuses it while another process holds the lock.
     */
    private static boolean holdsOnlyItsLock(RunDirectory run, Path out) {
        if (!Files.isDirectory(out)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(out)) {
            List<Path> all = entries.limit(2).toList();
            return all.size() == 1 && all.get(0).getFileName().equals(run.lock().getFileName());
        } catch (IOException e) {
            return false; // checkNewDirectory names the reason
        }
    }

    /**
     * The directory of a new run that names none: {@code runs/NAME-yyyyMMdd-HHmmss}, NAME the config
     * file's name without {@code .yaml} or {@code .yml}, {@code quick} for the embedded config.
     *
     * @param config the config file, or null for the embedded quick config
     */
    public static Path defaultDirectory(Path config, LocalDateTime now) {
        String name = config == null ? "quick" : config.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return Path.of("runs", name + "-" + now.format(STAMP));
    }
}
