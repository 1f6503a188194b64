package org.owarelab.export;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * The platforms an exported engine runs on, and the repacking of ONNX Runtime's jar for them.
 * The Maven jar holds the natives of every platform under {@value #NATIVE} (about 186 MB
 * unpacked, 54 MB packed, over half of it the macOS debug symbols); a bundle keeps the classes,
 * the natives of the chosen platforms and the notices, and drops every {@code .dSYM} directory
 * (debug symbols, never loaded). The repacked jar keeps the original's file name, so launchers
 * put it on the class path as before.
 */
public final class OnnxNatives {
    /** Where ONNX Runtime's jar keeps the natives, one folder per platform. */
    static final String NATIVE = "ai/onnxruntime/native/";
    /** The platforms ONNX Runtime's jar holds natives for, as {@code --platform} names them. */
    public static final List<String> PLATFORMS = List.of("linux-x64", "linux-aarch64", "osx-aarch64", "win-x64");
    /** {@code --platform}'s value for every platform (the default). */
    public static final String ALL = "all";

    private OnnxNatives() {
    }

    /**
     * Checks a {@code --platform} value.
     *
     * @throws ExportException naming the value and the accepted ones
     */
    public static String check(String platform) {
        if (platform == null || platform.equals(ALL) || PLATFORMS.contains(platform)) {
            return platform == null ? ALL : platform;
        }
        throw new ExportException("--platform '" + platform + "': expected " + ALL + " or one of "
                + String.join(", ", PLATFORMS));
    }

    /** Whether the jar entry {@code name} goes into a bundle for {@code platform} ({@value #ALL} or one of {@link #PLATFORMS}). */
    static boolean keep(String name, String platform) {
        if (name.contains(".dSYM/") || name.endsWith(".dSYM")) {
            return false;
        }
        if (!name.startsWith(NATIVE) || platform.equals(ALL)) {
            return true;
        }
        String rest = name.substring(NATIVE.length());
        return rest.isEmpty() || rest.startsWith(platform + "/") || rest.equals(platform);
    }

    /**
     * Copies ONNX Runtime's jar {@code from} to {@code to} with only what {@link #keep} keeps. The
     * entries are copied as they are stored (compressed bytes, CRC, times), never inflated and
     * deflated again: a few hundred milliseconds instead of a minute.
     */
    static void repack(Path from, Path to, String platform) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(from).get();
             ZipArchiveOutputStream out = new ZipArchiveOutputStream(to)) {
            for (Enumeration<ZipArchiveEntry> en = zip.getEntriesInPhysicalOrder(); en.hasMoreElements(); ) {
                ZipArchiveEntry e = en.nextElement();
                if (keep(e.getName(), platform)) {
                    try (InputStream raw = zip.getRawInputStream(e)) {
                        out.addRawArchiveEntry(e, raw);
                    }
                }
            }
        }
    }
}
