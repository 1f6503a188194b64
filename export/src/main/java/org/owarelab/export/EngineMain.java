package org.owarelab.export;

import java.nio.file.Path;

/**
 * The entry point of an exported bundle ({@code DIR/engine}, {@code DIR/serve} and their
 * {@code .bat} twins run it): {@code java -cp "DIR/lib/*" org.owarelab.export.EngineMain --bundle DIR
 * [--seed S] [--jsonl | --serve [--port P] [--bind A]]}; the engine itself is {@link Engine}.
 *
 * <p>This class uses the JDK alone, so that it loads when the rest of {@code lib/} does not: it
 * first checks the bundle's jars against the list the export wrote ({@link BundleCheck}), and a
 * bundle copied without ONNX Runtime's or Jackson's jar gets one line naming what is missing, and
 * exit status 2, instead of a Java stack trace. Only then is {@link Engine} (Jackson, ONNX Runtime)
 * loaded: the JVM resolves a class at its first use.
 */
public final class EngineMain {
    private EngineMain() {
    }

    public static void main(String[] args) {
        Path bundle = null;
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--bundle")) {
                bundle = Path.of(args[i + 1]);
            }
        }
        if (bundle != null) {
            String problem = BundleCheck.jars(bundle);
            if (problem != null) {
                System.err.println("engine: " + problem);
                System.exit(2);
            }
        }
        Engine.main(args);
    }
}
