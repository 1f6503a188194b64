package org.owarelab.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.CheckpointInfo;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.ModelRef;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.util.AtomicDirectory;
import org.owarelab.util.OutputPaths;
import org.owarelab.util.Sha256;

/**
 * Writes an exported player, a directory that runs with Java 17 alone:
 * <pre>
 * DIR/engine            sh launcher of the UCI engine (EngineMain), from any working directory
 * DIR/engine.bat        the same for Windows (cmd.exe): the same java command line
 * DIR/serve             sh launcher of the play page for this player (EngineMain --serve, see PlayServer)
 * DIR/serve.bat         the same for Windows
 * DIR/lib/              the engine's jars (the lab's env, tables, agents, onnx, export; ONNX Runtime with
 *                       the natives of --platform, Jackson): no DJL, no libtorch; lib/jars.txt lists
 *                       them with their sizes, checked at every start (BundleCheck)
 * DIR/checkpoint/       the network's parameters and metadata (params.djl, meta.json), for the lab's
 *                       DJL tools (oware uci --agent puct:model=DIR/checkpoint, a re-export)
 * DIR/model.onnx        the network as ONNX (see OnnxWriter): what the engine evaluates
 * DIR/model.json        the model card (see ModelCard), also the engine's name and search settings and
 *                       model.onnx's SHA-256, checked at every start (BundleCard)
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
    /** The Windows launchers are the sh ones' names with this suffix. */
    public static final String BAT = ".bat";
    public static final String LIB = "lib";
    private static final long PROBE_SEED = 20261124L;

    /**
     * What to export.
     *
     * @param source a checkpoint directory, or a run directory (its latest checkpoint)
     * @param out the bundle directory to create
     * @param search the search settings of the engine
     * @param name the engine's name (UCI {@code id name}); null for one made of the run and step
     * @param platform the platform whose ONNX Runtime natives the bundle keeps ({@link OnnxNatives#PLATFORMS});
     *     null or {@link OnnxNatives#ALL} for every one
     */
    public record Options(Path source, Path out, SearchSettings search, String name, String platform) {
        /** Options for every platform. */
        public Options(Path source, Path out, SearchSettings search, String name) {
            this(source, out, search, name, null);
        }
    }

    private BundleWriter() {
    }

    /**
     * Writes the bundle of a network of the lab's ONNX contract ({@code o.source()}, a {@code .onnx}
     * file) read with {@code encoder} under {@code rules} (see {@link OnnxBundle}).
     *
     * @throws ExportException for a missing file, unknown encoder or rules, a file that does not fit
     *     the contract (one line, naming expected and found), a bad name or output
     */
    public static Path writeOnnx(Options o, String encoder, String rules) throws IOException {
        return OnnxBundle.write(o, encoder == null ? OnnxBundle.DEFAULT_ENCODER : encoder, rules == null ? "" : rules);
    }

    /** Whether {@code source} names an ONNX file (a {@code .onnx} name) rather than a checkpoint or run. */
    public static boolean isOnnxFile(Path source) {
        return OnnxBundle.isOnnxFile(source);
    }

    /**
     * Writes the bundle of a checkpoint or run.
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
        String platform = OnnxNatives.check(o.platform());
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
                fill(tmp, ref, o.search(), name, platform);
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

    private static void fill(Path dir, ModelRef ref, SearchSettings search, String name, String platform)
            throws IOException {
        CheckpointInfo info = Checkpoints.readInfo(ref.checkpoint());
        PolicyValueNet net = ref.load(DeviceChoice.CPU);
        try (net; DjlEvaluator djl = new DjlEvaluator(net, ref.encoder(), Probe.POSITIONS)) {
            Path ckpt = Files.createDirectory(dir.resolve(CHECKPOINT));
            Files.copy(ref.checkpoint().resolve(Checkpoints.META), ckpt.resolve(Checkpoints.META));
            Files.copy(ref.checkpoint().resolve(Checkpoints.PARAMS), ckpt.resolve(Checkpoints.PARAMS));
            byte[] onnx = OnnxWriter.toBytes(net, name + ": " + net.describe());
            Files.write(dir.resolve(ONNX), onnx);
            Files.write(dir.resolve(PROBE), Probe.json(net, ref.encoder(), djl, PROBE_SEED));
            Files.write(dir.resolve(MODEL_CARD), ModelCard.json(name, ref.checkpoint(), info, net, search,
                    Sha256.of(onnx)));
        }
        writeEngine(dir, name, platform);
    }

    /** The engine's jars ({@code lib/}, listed in {@code lib/jars.txt}) and its four launchers, for a bundle named {@code name}. */
    static void writeEngine(Path dir, String name, String platform) throws IOException {
        Path lib = Files.createDirectory(dir.resolve(LIB));
        BundleJars.copy(lib, platform);
        BundleCheck.writeJarList(lib);
        String engineWhat = "an Oware engine (the UCI dialect of the Oware RL lab)";
        String serveWhat = "a web page to play this player in a browser ([--port 8080] [--bind 127.0.0.1])";
        Path launcher = dir.resolve(LAUNCHER);
        Files.writeString(launcher, launcher(name, engineWhat, ""), StandardCharsets.UTF_8);
        Path serve = dir.resolve(SERVE_LAUNCHER);
        Files.writeString(serve, launcher(name, serveWhat, " --serve"), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(LAUNCHER + BAT), batLauncher(name, engineWhat, ""), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(SERVE_LAUNCHER + BAT), batLauncher(name, serveWhat, " --serve"),
                StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(serve, PosixFilePermissions.fromString("rwxr-xr-x"));
            // the .bat files keep the default permissions: cmd.exe runs them by name
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: run the launcher with sh
        }
    }

    /** The class both launchers run: the engine's one Java entry point. */
    static final String MAIN = "org.owarelab.export.EngineMain";
    private static final String NOTE = "Needs Java 17 or later: java on the PATH, or JAVA_HOME. ONNX Runtime's natives are\n"
            + "unpacked into the temporary directory at the first search, and deleted once loaded. The sh launcher\n"
            + "runs through symbolic links too (GUIs and package managers install engines so). JAVA_OPTS: extra\n"
            + "JVM options (e.g. -Doware.onnx.threads=2 for two threads per forward pass; 1 is the default and\n"
            + "the fastest for this small network).\n";

    /**
     * An sh launcher of EngineMain with {@code mode} before the user's arguments: finds its own
     * directory, through any symbolic links to it, so it runs from anywhere; refuses in one line a
     * bundle without the jar of EngineMain (which would check the other jars).
     */
    static String launcher(String name, String what, String mode) {
        return "#!/bin/sh\n"
                + "# " + name + ": " + what + ", exported by oware export.\n"
                + NOTE.replaceAll("(?m)^", "# ")
                // A link to the launcher (ln -s DIR/engine ~/bin/oware-engine) is followed to the launcher
                // itself, link after link, each relative one from its own directory: plain readlink, as
                // macOS and the BSDs have it too (GNU's readlink -f is not everywhere).
                + "self=$0\n"
                + "while [ -h \"$self\" ]; do\n"
                + "  link=$(readlink -- \"$self\") || exit 2\n"
                + "  case $link in\n"
                + "    /*) self=$link ;;\n"
                + "    *) self=$(dirname -- \"$self\")/$link ;;\n"
                + "  esac\n"
                + "done\n"
                + "here=$(CDPATH= cd -- \"$(dirname -- \"$self\")\" && pwd -P) || exit 2\n"
                + "if [ ! -f \"$here/lib/oware-export.jar\" ]; then\n"
                + "  echo \"$0: the bundle $here is incomplete: $here/lib/oware-export.jar is missing (copy the whole "
                + "bundle again)\" >&2\n"
                + "  exit 2\n"
                + "fi\n"
                + "java=java\n"
                + "[ -n \"${JAVA_HOME:-}\" ] && java=\"$JAVA_HOME/bin/java\"\n"
                + "# shellcheck disable=SC2086\n"
                + "exec \"$java\" ${JAVA_OPTS:-} -cp \"$here/lib/*\" " + MAIN + " --bundle \"$here\"" + mode + " \"$@\"\n";
    }

    /**
     * The cmd.exe launcher of the same command line as {@link #launcher}, with CRLF line ends.
     * {@code %~dp0} is the script's directory with a trailing backslash, which would escape the
     * closing quote of {@code "%~dp0"}: {@code "%~dp0."} names the same directory without it.
     */
    static String batLauncher(String name, String what, String mode) {
        String text = "@echo off\n"
                + "rem " + name + ": " + what + ", exported by oware export.\n"
                + NOTE.replaceAll("(?m)^", "rem ")
                + "setlocal\n"
                // a goto, not a ( ... ) block: a ")" in the path (C:\Program Files (x86)) would end the block
                + "if exist \"%~dp0lib\\oware-export.jar\" goto run\n"
                + "echo %~nx0: the bundle %~dp0 is incomplete: %~dp0lib\\oware-export.jar is missing, copy the whole "
                + "bundle again 1>&2\n"
                + "exit /b 2\n"
                + ":run\n"
                + "set \"java=java\"\n"
                + "if defined JAVA_HOME set \"java=%JAVA_HOME%\\bin\\java\"\n"
                + "\"%java%\" %JAVA_OPTS% -cp \"%~dp0lib\\*\" " + MAIN + " --bundle \"%~dp0.\"" + mode + " %*\n"
                + "exit /b %ERRORLEVEL%\n";
        return text.replace("\n", "\r\n");
    }

    private static String defaultName(ModelRef ref) {
        Path ckpt = ref.checkpoint();
        Path parent = ckpt.getParent();
        String run = parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("checkpoints")
                && parent.getParent() != null && parent.getParent().getFileName() != null
                ? parent.getParent().getFileName().toString() + "-" : "";
        return ("OwareLab-" + run + ckpt.getFileName()).replaceAll("[^A-Za-z0-9._+-]", "_");
    }

    static void checkOutput(Path out) {
        try {
            OutputPaths.checkNewDirectory("--out", out);
        } catch (IllegalArgumentException e) {
            throw new ExportException(e.getMessage(), e);
        }
    }

}
