package org.owarelab.onnx;

import ai.onnxruntime.OrtEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loads ONNX Runtime's natives so that nothing is left in the temporary directory. ONNX Runtime
 * 1.29 unpacks them into a fresh {@code onnxruntime-java*} directory and deletes them only at exit,
 * with {@code deleteOnExit}, the directory registered after its files: the JVM deletes in reverse
 * order, tries the directory while it is still full, and so every start left an empty directory
 * behind (issue 48 counted 34 after about 35 engine starts; 3 starts left 3 here), and a process
 * killed by its GUI would leave the natives too.
 *
 * <p>Here the natives of this platform are copied from ONNX Runtime's jar into a private temporary
 * directory (mode 700, as ONNX Runtime makes its own), loaded from there through ONNX Runtime's
 * {@code onnxruntime.native.path}, and deleted with their directory as soon as they are loaded
 * (a loaded library needs no file on Linux and macOS). Windows cannot delete a loaded DLL: there
 * the files and directory are left to {@code deleteOnExit}, in an order that works. ONNX Runtime
 * still makes its own directory, which stays empty and which it deletes at once. A user's own
 * {@code -Donnxruntime.native.path} is honoured as given; a platform whose natives the jar lacks
 * is left to ONNX Runtime, which says so.
 */
public final class OrtNatives {
    /** ONNX Runtime's system property: the directory it loads its natives from. */
    static final String PATH_PROPERTY = "onnxruntime.native.path";
    private static final List<String> LIBRARIES = List.of("onnxruntime", "onnxruntime4j_jni");
    /** Guarded by the class. */
    private static boolean loaded;

    private OrtNatives() {
    }

    /** Loads the natives (once; later calls return at once) and returns ONNX Runtime's environment. */
    public static synchronized OrtEnvironment environment() {
        if (!loaded) {
            load(); // on failure it throws with the property as it was, and the next call tries again
            loaded = true;
        }
        return OrtEnvironment.getEnvironment();
    }

    private static void load() {
        if (System.getProperty(PATH_PROPERTY) != null) {
            return;
        }
        String folder = "/ai/onnxruntime/native/" + platform() + "/";
        if (OrtNatives.class.getResource(folder + fileName(LIBRARIES.get(0))) == null) {
            return;
        }
        Path dir = null;
        List<Path> files = new ArrayList<>();
        boolean set = false;
        try {
            dir = Files.createTempDirectory("oware-onnxruntime");
            for (String lib : LIBRARIES) {
                Path f = dir.resolve(fileName(lib));
                try (InputStream in = OrtNatives.class.getResourceAsStream(folder + fileName(lib))) {
                    if (in == null) {
                        throw new IOException("ONNX Runtime's jar has no " + folder + fileName(lib));
                    }
                    Files.copy(in, f);
                }
                files.add(f);
            }
            System.setProperty(PATH_PROPERTY, dir.toString());
            set = true;
            OrtEnvironment.getEnvironment(); // loads the natives from dir
            set = false; // loaded: the property may stay (ONNX Runtime reads it only when loading)
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack ONNX Runtime's natives into " + dir, e);
        } finally {
            if (set) { // the load failed (say a noexec temporary directory): no property naming a deleted directory
                System.clearProperty(PATH_PROPERTY);
            }
            remove(dir, files);
        }
    }

    /** Deletes the files then the directory; what cannot go now (a loaded DLL) goes at exit. */
    private static void remove(Path dir, List<Path> files) {
        if (dir == null) {
            return;
        }
        boolean all = true;
        for (Path f : files) {
            all &= f.toFile().delete();
        }
        if (all && dir.toFile().delete()) {
            return;
        }
        // deleteOnExit runs in reverse order of registration: the directory first, so it goes last.
        dir.toFile().deleteOnExit();
        for (Path f : files) {
            f.toFile().deleteOnExit();
        }
    }

    private static String fileName(String library) {
        return System.mapLibraryName(library).replace("jnilib", "dylib");
    }

    /** The platform folder of ONNX Runtime's jar for this JVM, named as ONNX Runtime names it. */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.contains("mac") || os.contains("darwin") ? "osx" : os.contains("win") ? "win" : "linux";
        String a = arch.startsWith("amd64") || arch.startsWith("x86_64") ? "x64"
                : arch.startsWith("aarch64") || arch.startsWith("arm64") ? "aarch64" : arch;
        return o + "-" + a;
    }
}
