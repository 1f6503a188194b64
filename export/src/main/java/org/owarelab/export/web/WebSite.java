package org.owarelab.export.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.export.ExportException;
import org.owarelab.export.SearchSettings;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.CheckpointInfo;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.ModelRef;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.play.Pages;
import org.owarelab.play.web.WebSearchSettings;

/**
 * Writes the static web player of a checkpoint ({@code oware export RUN --web DIR}):
 * <pre>
 * DIR/index.html, style.css, app.js, view.js   the play page, shared with oware serve (resources of the play module)
 * DIR/port.js                         its game port: the game kept with rules.js, the agent asked through the worker
 * DIR/worker.js                       the agent: PUCT in a Web Worker
 * DIR/rules.js, encoder.js, search.js, network.js   the lab's rules, encoders, search and evaluator in JavaScript
 * DIR/model.onnx                      the network (see OnnxWriter)
 * DIR/player.json                     what the page needs: rules, encoder, ONNX names, search settings, name
 * DIR/ort/                            onnxruntime-web {@value #ORT_VERSION}: its wasm build and loader
 * </pre>
 * Every file the page loads is in {@code DIR}: it works from any static host and from a local
 * server such as {@code python3 -m http.server} (browsers refuse ES modules and workers from
 * {@code file://} pages), and sends no request anywhere else.
 *
 * <p>onnxruntime-web comes from the npm registry at build time (the play module's
 * {@code package-lock.json}); the export copies its files from {@code node_modules}, found
 * through {@link #ortDirectory()}. Where the build had no npm, the export says so and writes
 * nothing. Atomic: written into a temporary sibling of {@code DIR} and renamed at the end; {@code
 * DIR} must not exist or be empty.
 */
public final class WebSite {
    /** The onnxruntime-web version the site is built and tested with (play/package.json). */
    public static final String ORT_VERSION = "1.30.0";
    /** The files of onnxruntime-web's {@code dist/} the site needs: the wasm backend's ES module and its binary. */
    static final List<String> ORT_FILES = List.of("ort.wasm.bundle.min.mjs", "ort-wasm-simd-threaded.wasm");
    /** System property naming onnxruntime-web's {@code dist/} directory (tests and unusual layouts). */
    public static final String ORT_PROPERTY = "oware.web.ort";
    static final String CARD = "player.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * What to write.
     *
     * @param source a checkpoint directory, or a run directory (its latest checkpoint)
     * @param out the site directory to create
     * @param search the search limit the page starts with (the user can change it)
     * @param name the player's name shown on the page; null for one made of the checkpoint
     * @param ort onnxruntime-web's {@code dist/} directory; null for {@link #ortDirectory()}
     */
    public record Options(Path source, Path out, SearchSettings search, String name, Path ort) {
    }

    private WebSite() {
    }

    /**
     * Where onnxruntime-web's files are: the system property {@value #ORT_PROPERTY}, else
     * {@code play/node_modules/onnxruntime-web/dist} under the checkout the {@code oware}
     * launcher names ({@code oware.home}), else under the working directory.
     */
    public static Path ortDirectory() {
        String p = System.getProperty(ORT_PROPERTY);
        if (p != null && !p.isBlank()) {
            return Path.of(p);
        }
        Path home = Path.of(System.getProperty("oware.home", "."));
        return home.resolve("play/node_modules/onnxruntime-web/dist");
    }

    /**
     * Writes the site.
     *
     * @return the site directory (absolute)
     * @throws ExportException for a missing or corrupt checkpoint, an output that exists and is not
     *     empty or cannot be written, or onnxruntime-web missing from the build
     * @throws IOException for an I/O failure while writing (the output is left untouched)
     */
    public static Path write(Options o) throws IOException {
        Path out = o.out().toAbsolutePath().normalize();
        checkOutput(out);
        Path ort = o.ort() != null ? o.ort() : ortDirectory();
        if (o.ort() == null) {
            installOrtIfMissing(ort);
        }
        checkOrt(ort);
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
        String name = o.name() != null ? o.name() : "OwareLab-" + ref.checkpoint().getFileName();
        Path tmp = createTemp(out);
        try {
            try (PolicyValueNet net = ref.load(DeviceChoice.CPU)) {
                Files.write(tmp.resolve("model.onnx"), OnnxWriter.toBytes(net, name + ": " + net.describe()));
                Files.write(tmp.resolve(CARD), card(name, ref, net, o.search()));
            } catch (CheckpointException e) {
                throw new ExportException(e.getMessage(), e);
            }
            for (String f : Stream.concat(Pages.PAGE_FILES.stream().map(x -> Pages.PAGE + x),
                    Pages.WEB_FILES.stream().map(x -> Pages.WEB + x))
                    .toList()) {
                try (InputStream in = WebSite.class.getResourceAsStream(f)) {
                    if (in == null) {
                        throw new IllegalStateException("web player file " + f + " is missing from the build");
                    }
                    Files.copy(in, tmp.resolve(f.substring(f.lastIndexOf('/') + 1)));
                }
            }
            Path ortOut = Files.createDirectory(tmp.resolve("ort"));
            for (String f : ORT_FILES) {
                Files.copy(ort.resolve(f), ortOut.resolve(f));
            }
            Files.writeString(ortOut.resolve("NOTICE.txt"), "onnxruntime-web " + ORT_VERSION
                    + " (https://www.npmjs.com/package/onnxruntime-web), MIT License, Copyright (c) Microsoft "
                    + "Corporation. Files copied unchanged from its dist/ directory.\n");
            try {
                // createTempDirectory made it private; a site is as readable as any directory made by hand
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system
            }
            Files.deleteIfExists(out); // an empty directory only (checked above)
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
            return out;
        } finally {
            deleteTree(tmp);
        }
    }

    /** player.json: what the page and its worker read. */
    static byte[] card(String name, ModelRef ref, PolicyValueNet net, SearchSettings search) throws IOException {
        ObjectNode c = JSON.createObjectNode();
        c.put("format", "oware-web-player").put("formatVersion", 1).put("name", name)
                .put("rules", net.rules().spec()).put("network", net.describe()).put("model", "model.onnx");
        // What the page's header says of how the player was made (its details list the rest).
        CheckpointInfo info = Checkpoints.readInfo(ref.checkpoint());
        c.putObject("training").put("steps", info.step()).put("parameters", info.parameters());
        ObjectNode onnx = c.putObject("onnx");
        boolean wdl = net.spec().value() == NetworkSpec.ValueHead.WDL;
        onnx.put("encoder", ref.encoderTag()).put("input", OnnxWriter.INPUT).put("policy", OnnxWriter.POLICY);
        if (wdl) {
            onnx.put("wdl", OnnxWriter.WDL);
        } else {
            onnx.put("value", OnnxWriter.VALUE);
        }
        ObjectNode s = c.putObject("search");
        s.put("algorithm", "puct");
        if (search.simulations() > 0) {
            s.put("simulations", search.simulations());
        } else {
            s.put("movetimeMillis", search.movetimeMillis());
        }
        // The puct agent's defaults, which the exported engine plays (see the model card's search.options),
        // and the engine's batching constants: the page's search has no copy of its own.
        s.set("settings", WebSearchSettings.json());
        // The calibrated levels (players/NAME/levels.json beside a shipped player's checkpoint): the
        // page's level selector plays each as its simulations and temperature.
        Path levels = ref.checkpoint().resolve(LevelsFile.FILE);
        if (Files.isRegularFile(levels)) {
            try {
                c.set("levels", LevelsFile.read(levels).toJson());
            } catch (IllegalArgumentException e) {
                throw new ExportException(e.getMessage() + " (fix or remove it to export)", e);
            }
        }
        return JSON.writeValueAsBytes(c);
    }

    /**
     * The {@code oware} launcher's build leaves onnxruntime-web out (so the main job's first build
     * does not wait on npm); the first {@code --web} export of a checkout installs it, pinned by
     * the play module's lockfile, with the module's own {@code fetch-web-runtime.sh} (npm ci from
     * the npm registry). Nothing happens when the files are there, when {@value #ORT_PROPERTY}
     * names them, or outside a checkout; {@link #checkOrt} then says what is missing.
     */
    private static void installOrtIfMissing(Path dist) throws IOException {
        if (System.getProperty(ORT_PROPERTY) != null || ORT_FILES.stream().allMatch(f -> Files.isRegularFile(dist.resolve(f)))) {
            return;
        }
        Path script = Path.of(System.getProperty("oware.home", ".")).resolve("play/fetch-web-runtime.sh");
        if (!Files.isRegularFile(script)) {
            return;
        }
        System.err.println("--web: installing onnxruntime-web " + ORT_VERSION + " from the npm registry into "
                + script.resolveSibling("node_modules") + " (once per checkout) ...");
        try {
            int rc = installer(script).start().waitFor();
            if (rc != 0) {
                System.err.println("--web: " + script + " exited with " + rc);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("--web: interrupted while installing onnxruntime-web", e);
        }
    }

    /**
     * The install script as a process whose output, the script's and npm's, all goes to this
     * process's stderr: stdout carries the export's own result.
     */
    static ProcessBuilder installer(Path script) {
        return new ProcessBuilder("sh", "-c", "exec sh \"$0\" 1>&2", script.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
    }

    /** onnxruntime-web's files present, of the pinned version; else what is missing and how to get it. */
    static void checkOrt(Path dist) {
        String fix = "it comes from the npm registry (install Node.js and npm, e.g. apt-get install nodejs npm, "
                + "then run: cd play && npm ci --ignore-scripts; mvn builds of the play module do that too)";
        for (String f : ORT_FILES) {
            if (!Files.isRegularFile(dist.resolve(f))) {
                throw new ExportException("--web: onnxruntime-web " + ORT_VERSION + " is missing (no " + dist.resolve(f)
                        + "): " + fix);
            }
        }
        Path pkg = dist.resolveSibling("package.json");
        try {
            JsonNode p = JSON.readTree(pkg.toFile());
            String v = p == null ? null : p.path("version").asText(null);
            if (!ORT_VERSION.equals(v)) {
                throw new ExportException("--web: " + pkg + " is onnxruntime-web " + v + ", this build needs "
                        + ORT_VERSION + ": " + fix);
            }
        } catch (IOException e) {
            throw new ExportException("--web: cannot read " + pkg + " (" + e.getMessage() + "): " + fix, e);
        }
    }

    private static void checkOutput(Path out) {
        if (Files.exists(out)) {
            if (!Files.isDirectory(out)) {
                throw new ExportException("--web " + out + " exists and is not a directory");
            }
            try (Stream<Path> s = Files.list(out)) {
                if (s.findAny().isPresent()) {
                    throw new ExportException("--web " + out + " exists and is not empty (choose a new directory)");
                }
            } catch (IOException e) {
                throw new ExportException("--web " + out + ": cannot read it (" + e.getMessage() + ")", e);
            }
        }
        Path parent = out.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new ExportException("--web " + out + ": the parent directory " + parent + " does not exist");
        }
    }

    private static Path createTemp(Path out) {
        try {
            return Files.createTempDirectory(out.getParent(), "." + out.getFileName() + ".tmp-");
        } catch (AccessDeniedException e) {
            throw new ExportException("--web " + out + ": cannot write to " + out.getParent() + " (permission denied)", e);
        } catch (IOException e) {
            throw new ExportException("--web " + out + ": cannot write to " + out.getParent() + " (" + e.getMessage()
                    + ")", e);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the temporary directory " + dir, e);
        }
    }
}
