package org.owarelab.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs the CLI in-process with captured output, for tests. */
record Cli(int code, String out, String err) {

    static Cli run(String... args) {
        return runWithInput(null, args);
    }

    /** Runs with {@code stdin} as standard input (null keeps the current one). */
    static Cli runWithInput(String stdin, String... args) {
        return runWithBytes(stdin == null ? null : stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    /** Runs with raw bytes as standard input (null keeps the current one), e.g. invalid UTF-8. */
    static synchronized Cli runWithBytes(byte[] stdin, String... args) {
        InputStream saved = System.in;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try {
            if (stdin != null) {
                System.setIn(new ByteArrayInputStream(stdin));
            }
            CommandLine cl = Main.commandLine();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            int code = cl.execute(args);
            return new Cli(code, out.toString(), err.toString());
        } finally {
            System.setIn(saved);
        }
    }

    String[] outLines() {
        return out.isEmpty() ? new String[0] : out.split("\\R");
    }
}
