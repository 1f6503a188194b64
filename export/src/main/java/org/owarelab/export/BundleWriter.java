package org.owarelab.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.CheckpointInfo;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.ModelRef;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.util.AtomicDirectory;

/**
 * Writes an exported player, a directory that runs with Java 17 alone:
 * <pre>
 * DIR/engine            sh launcher of the UCI engine (EngineMain), from any working directory
 * DIR/serve             sh launcher of the play page for this player (EngineMain --serve, see PlayServer)
 * DIR/lib/              the engine's jars (the lab's env, agents, model, export; DJL, libtorch CPU, ...)
 * DIR/checkpoint/       the network's parameters and metadata (params.djl, meta.json)
 * DIR/model.onnx        the network as ONNX (see OnnxWriter)
 * DIR/model.json        the model card (see ModelCard), also the engine's name and search settings
 * DIR/probe.json        positions with the expected outputs (see Probe)
 * </pre>
 * Atomic, through {@link AtomicDirectory}: everything is written into a temporary sibling of
 * {@code DIR}, which is renamed to {@code DIR} at the end; on any failure or interrupt (Ctrl-C)
 * the temporary directory is removed and {@code DIR} is untouched. {@code DIR} must not exist or
 * be an empty directory. A temporary directory left by an export that was killed (its process
 * gone) is removed by the next export to the same {@code DIR}.
 */
public final class BundleWriter {
    public static final String CHECKPOINT = "checkpoint";
    public static final String ONNX = "model.onnx";
    public static final String MODEL_CARD = "model.json";
    public static final String PROBE = "probe.json";
    public static final String LAUNCHER = "engine";
    public static final String SERVE_LAUNCHER = "serve";
    public static final String LIB = "lib";
    private static final long PROBE_SEED = 20261124L;

    /**
     * What to export.
     *
     * @param source a checkpoint directory, or a run directory (its latest checkpoint)
     * @param out the bundle directory to create
     * @param search the search settings of the engine
     * @param name the engine's name (UCI {@code id name}); null for one made of the run and step
     */
    public record Options(Path source, Path out, SearchSettings search, String name) {
    }

    private BundleWriter() {
    }

    /**
     * Writes the bundle.
     *
     * @return the bundle directory (absolute)
     * @throws ExportException for a missing, corrupt or mismatched checkpoint, an output that exists
     *     and is not an empty directory, or one that cannot be written
     * @throws IOException for an I/O failure while writing (the output is left untouched)
     */
    public static Path write(Options o) throws IOException {
        Path out = o.out().toAbsolutePath().normalize();
        for (Path stale : removeStale(out)) {
            System.err.println("export: removed " + stale + ", left by an export whose process is gone");
        }
        checkOutput(out);
        if (!Files.exists(o.source())) {
            throw new ExportException(o.source() + ": no such checkpoint or run directory");
        }
        ModelRef ref;
        try {
            ref = ModelRef.resolve(o.source(), o.source().toString());
        } catch (AgentSpecException e) {
            throw new ExportException(o.source() + ": not a checkpoint or a run directory (a checkpoint holds "
                    + Checkpoints.META + ", a run directory checkpoints/)");
        } catch (CheckpointException e) {
            throw new ExportException(e.getMessage(), e);
        }
        String name = o.name() != null ? o.name() : defaultName(ref);
        if (name.isBlank() || name.length() > 64 || !name.matches("[A-Za-z0-9._+-]+")) {
            throw new ExportException("--name '" + name + "': expected 1..64 letters, digits, '.', '_', '+' or '-'");
        }
        try {
            return AtomicDirectory.write(out, true, tmp -> {
                fill(tmp, ref, o.search(), name);
                return out;
            });
        } catch (DirectoryNotEmptyException | FileAlreadyExistsException e) {
            throw new ExportException(out + " was filled while exporting; nothing written", e);
        } catch (CheckpointException e) {
            throw new ExportException(e.getMessage(), e);
        } catch (AccessDeniedException e) {
            throw new ExportException("--out " + out + ": cannot write to " + e.getFile() + " (permission denied)", e);
        }
    }

    /**
     * Removes the temporary directories of earlier exports to {@code out} whose writing process is
     * gone (killed before it could clean up); returns them (see {@link AtomicDirectory#removeStale}).
     */
    static java.util.List<Path> removeStale(Path out) {
        return AtomicDirectory.removeStale(out);
    }

    private static void fill(Path dir, ModelRef ref, SearchSettings search, String name) throws IOException {
        CheckpointInfo info = Checkpoints.readInfo(ref.checkpoint());
        PolicyValueNet net = ref.load(DeviceChoice.CPU);
        try (net; DjlEvaluator djl = new DjlEvaluator(net, ref.encoder(), Probe.POSITIONS)) {
            Path ckpt = Files.createDirectory(dir.resolve(CHECKPOINT));
            Files.copy(ref.checkpoint().resolve(Checkpoints.META), ckpt.resolve(Checkpoints.META));
            Files.copy(ref.checkpoint().resolve(Checkpoints.PARAMS), ckpt.resolve(Checkpoints.PARAMS));
            Files.write(dir.resolve(ONNX), OnnxWriter.toBytes(net, name + ": " + net.describe()));
            Files.write(dir.resolve(PROBE), Probe.json(net, ref.encoder(), djl, PROBE_SEED));
            Files.write(dir.resolve(MODEL_CARD), ModelCard.json(name, ref.checkpoint(), info, net, search));
        }
        BundleJars.copy(Files.createDirectory(dir.resolve(LIB)));
        Path launcher = dir.resolve(LAUNCHER);
        Files.writeString(launcher, launcher(name, "an Oware engine (the UCI dialect of the Oware RL lab)", ""),
                StandardCharsets.UTF_8);
        Path serve = dir.resolve(SERVE_LAUNCHER);
        Files.writeString(serve, launcher(name, "a web page to play this player in a browser ([--port 8080]"
                + " [--bind 127.0.0.1])", " --serve"), StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(serve, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: run the launcher with sh
        }
    }

    /**
     * An sh launcher of EngineMain with {@code mode} before the user's arguments: finds its own
     * directory, so it runs from anywhere; one libtorch thread (see TorchThreads).
     */
    static String launcher(String name, String what, String mode) {
        return "#!/bin/sh\n"
                + "# " + name + ": " + what + ", exported by oware export.\n"
                + "# Needs Java 17 or later: java on the PATH, or JAVA_HOME. libtorch is unpacked into ~/.djl.ai\n"
                + "# on the first search. OMP_NUM_THREADS: libtorch threads (1: small nets at batch 1 gain nothing\n"
                + "# from more). JAVA_OPTS: extra JVM options.\n"
                + "here=$(CDPATH= cd -- \"$(dirname -- \"$0\")\" && pwd -P) || exit 2\n"
                + "java=java\n"
                + "[ -n \"${JAVA_HOME:-}\" ] && java=\"$JAVA_HOME/bin/java\"\n"
                + "OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}\n"
                + "export OMP_NUM_THREADS\n"
                + "# shellcheck disable=SC2086\n"
                + "exec \"$java\" ${JAVA_OPTS:-} -Dai.djl.offline=true -Dai.djl.pytorch.num_threads=$OMP_NUM_THREADS \\\n"
                + "  -cp \"$here/lib/*\" org.owarelab.export.EngineMain --bundle \"$here\"" + mode + " \"$@\"\n";
    }

    private static String defaultName(ModelRef ref) {
        Path ckpt = ref.checkpoint();
        Path parent = ckpt.getParent();
        String run = parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("checkpoints")
                && parent.getParent() != null && parent.getParent().getFileName() != null
                ? parent.getParent().getFileName().toString() + "-" : "";
        return ("OwareLab-" + run + ckpt.getFileName()).replaceAll("[^A-Za-z0-9._+-]", "_");
    }

    private static void checkOutput(Path out) {
        if (Files.exists(out)) {
            if (!Files.isDirectory(out)) {
                throw new ExportException("--out " + out + " exists and is not a directory");
            }
            try (Stream<Path> s = Files.list(out)) {
                if (s.findAny().isPresent()) {
                    throw new ExportException("--out " + out + " exists and is not empty (choose a new directory)");
                }
            } catch (IOException e) {
                throw new ExportException("--out " + out + ": cannot read it (" + e.getMessage() + ")", e);
            }
        }
        Path parent = out.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new ExportException("--out " + out + ": the parent directory " + parent + " does not exist");
        }
    }

}
