package org.owarelab.util;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Python that the tests which run Python use (test helper, shared through util's test jar):
 * the one {@code OWARE_PYTHON} names, else the checkout's {@code python/.venv} (made by
 * {@code python/venv.sh}, which {@code .ci/run} runs), else the fallbacks given, the first that
 * can import what the test needs. The tests skip, saying so, when none can.
 */
public final class Pythons {
    /** The checkout, seen from a module's directory (where Maven runs its tests). */
    public static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    private Pythons() {
    }

    /**
     * The first candidate that runs {@code import IMPORTS} within 60 s, or null.
     *
     * @param imports what to import, e.g. {@code "torch, onnx"}
     * @param fallbacks further interpreters to try after the named one and the venv's
     */
    public static String find(String imports, String... fallbacks) throws InterruptedException {
        List<String> candidates = new ArrayList<>();
        String named = System.getenv("OWARE_PYTHON");
        if (named != null && !named.isBlank()) {
            candidates.add(named);
        }
        candidates.add(REPO.resolve("python/.venv/bin/python").toString());
        candidates.addAll(List.of(fallbacks));
        for (String c : candidates) {
            try {
                Process p = new ProcessBuilder(c, "-c", "import " + imports).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                } else if (p.exitValue() == 0) {
                    return c;
                }
            } catch (IOException e) {
                // not this one
            }
        }
        return null;
    }
}
