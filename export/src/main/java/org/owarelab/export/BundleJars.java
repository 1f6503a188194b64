package org.owarelab.export;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.owarelab.agents.Agent;
import org.owarelab.formats.Mappers;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.play.serve.PlayServer;
import org.owarelab.protocol.jsonl.AgentProtocol;
import org.owarelab.rules.Board;
import org.owarelab.tables.TableBuilder;
import org.owarelab.util.Texts;

/**
 * The jars an exported engine runs on, copied from this program's class path into the bundle's
 * {@code lib/}: the lab's util, formats, env, tables, agents, onnx, protocol, play and export modules, and the third-party jars
 * the engine needs at run time (ONNX Runtime, Jackson), whose file names the build lists in
 * {@value #LIST}. No DJL, no libtorch: the engine evaluates its network with ONNX Runtime (the
 * onnx module), and the export module's DJL classes (the writer) are never loaded by it. Nothing
 * of the training code, the CLI or the ONNX writer goes in. ONNX Runtime's jar is repacked with
 * the natives of the chosen platform only ({@link OnnxNatives}). A module found as a classes
 * directory (tests, an IDE) is packed into a jar.
 */
final class BundleJars {
    static final String LIST = "engine-jars.txt";
    private static final Map<String, Class<?>> MODULES = new LinkedHashMap<>();

    static {
        MODULES.put("oware-util.jar", Texts.class);
        MODULES.put("oware-formats.jar", Mappers.class);
        MODULES.put("oware-env.jar", Board.class);
        MODULES.put("oware-agents.jar", Agent.class);
        MODULES.put("oware-tables.jar", TableBuilder.class);
        MODULES.put("oware-onnx.jar", OnnxModel.class);
        MODULES.put("oware-protocol.jar", AgentProtocol.class);
        MODULES.put("oware-play.jar", PlayServer.class);
        MODULES.put("oware-export.jar", BundleJars.class);
    }

    private BundleJars() {
    }

    /** The third-party jar file names the engine needs, as the build listed them. */
    static List<String> thirdParty() throws IOException {
        try (InputStream in = BundleJars.class.getResourceAsStream(LIST)) {
            if (in == null) {
                throw new IllegalStateException(LIST + " is missing from the export module's jar (a broken build)");
            }
            List<String> names = new ArrayList<>();
            for (String s : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("[,\\s]+")) {
                if (!s.isBlank()) {
                    names.add(s.substring(s.lastIndexOf('/') + 1));
                }
            }
            return names;
        }
    }

    /**
     * Copies the engine's jars into {@code lib}, ONNX Runtime's with the natives of {@code platform}
     * ({@link OnnxNatives#ALL} or one of {@link OnnxNatives#PLATFORMS}).
     *
     * @throws ExportException when a jar the engine needs is not on this program's class path
     */
    static void copy(Path lib, String platform) throws IOException {
        Map<String, Path> onPath = new HashMap<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                Path p = Path.of(entry);
                onPath.putIfAbsent(p.getFileName().toString(), p);
            }
        }
        for (String name : thirdParty()) {
            Path p = onPath.get(name);
            if (p == null || !Files.isRegularFile(p)) {
                throw new ExportException("the engine needs " + name + ", which is not on this program's class path"
                        + " (a broken build?)");
            }
            if (name.startsWith("onnxruntime-")) {
                OnnxNatives.repack(p, lib.resolve(name), platform);
            } else {
                Files.copy(p, lib.resolve(name));
            }
        }
        for (Map.Entry<String, Class<?>> m : MODULES.entrySet()) {
            Path src = codeSource(m.getValue());
            if (Files.isDirectory(src)) {
                jar(src, lib.resolve(m.getKey()));
            } else {
                Files.copy(src, lib.resolve(m.getKey()));
            }
        }
    }

    private static Path codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot locate the classes of " + c.getName(), e);
        }
    }

    /** Packs a classes directory into a jar (entries in path order, so the same tree gives the same jar). */
    private static void jar(Path dir, Path target) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream os = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(os)) {
            for (Path f : files) {
                String name = dir.relativize(f).toString().replace(File.separatorChar, '/');
                JarEntry e = new JarEntry(name);
                e.setTime(0);
                jar.putNextEntry(e);
                Files.copy(f, jar);
                jar.closeEntry();
            }
        }
    }
}
