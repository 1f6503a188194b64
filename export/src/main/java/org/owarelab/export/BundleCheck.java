package org.owarelab.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a bundle's files must be, written at export and checked at every start: {@code lib/}{@value
 * #JAR_LIST} lists each jar of {@code lib/} with its size, one {@code NAME SIZE} a line, and
 * {@code model.json} holds {@code model.onnx}'s SHA-256 ({@link BundleCard}). A bundle copied
 * without a jar, or with a truncated one, is named in one line before the JVM meets a missing
 * class. Uses the JDK alone: {@link EngineMain} calls it before any other jar is needed. A bundle
 * exported before the list existed has none and is not checked.
 */
final class BundleCheck {
    /** The list of {@code lib/}'s jars, in {@code lib/}. */
    static final String JAR_LIST = "jars.txt";

    private BundleCheck() {
    }

    /** Writes {@code lib/}{@value #JAR_LIST} for the jars now in {@code lib}. */
    static void writeJarList(Path lib) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> s = Files.list(lib)) {
            for (Path jar : s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                text.append(jar.getFileName()).append(' ').append(Files.size(jar)).append('\n');
            }
        }
        Files.writeString(lib.resolve(JAR_LIST), text, StandardCharsets.UTF_8);
    }

    /**
     * Null when every jar of the bundle's list is in {@code lib/} at its size (or there is no
     * list: an older bundle); otherwise one line naming what is missing or cut short.
     */
    static String jars(Path bundle) {
        Path lib = bundle.resolve(BundleWriter.LIB);
        Path list = lib.resolve(JAR_LIST);
        if (!Files.isRegularFile(list)) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
                String[] f = line.strip().split(" ");
                if (f.length != 2 || !f[1].matches("\\d{1,18}")) {
                    continue; // not a line the export writes: nothing to check against
                }
                Path jar = lib.resolve(f[0]);
                if (!Files.isRegularFile(jar)) {
                    missing.add(f[0]);
                } else if (Files.size(jar) != Long.parseLong(f[1])) {
                    wrong.add(f[0] + " (" + Files.size(jar) + " bytes, expected " + f[1] + ")");
                }
            }
        } catch (IOException e) {
            return "cannot read " + list + " (" + e.getMessage() + ")";
        }
        if (missing.isEmpty() && wrong.isEmpty()) {
            return null;
        }
        String what = (missing.isEmpty() ? "" : "missing " + String.join(", ", missing))
                + (missing.isEmpty() || wrong.isEmpty() ? "" : "; ")
                + (wrong.isEmpty() ? "" : "not the exported size: " + String.join(", ", wrong));
        return "the bundle " + bundle + " is incomplete: " + lib + " is " + what + " (the export listed its jars in "
                + list + "; copy the whole bundle again)";
    }

}
