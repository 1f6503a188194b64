package org.owarelab.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Training's entry point for child processes: bad arguments are one line with exit code 2. */
class TrainMainTest {
    @TempDir
    Path tmp;

    private record Result(int code, String err) {
    }

    private Result run(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TrainMain.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badArgumentsAreOneLineWithExitCodeTwoAndWriteNothing() throws Exception {
        Path out = tmp.resolve("run");
        for (String[] args : new String[][] {
            {"--config"},
            {"--out", out.toString()},
            {"--resume", out.toString(), "--config", "x.yaml"},
            {"--nosuch", "1"},
            {"--config", tmp.resolve("nosuch.yaml").toString(), "--out", out.toString()},
            {"--resume", out.toString()},
            {"--config", Files.writeString(tmp.resolve("empty.yaml"), "# nothing\n").toString(), "--out", out.toString()},
        }) {
            Result r = run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("train: "), r.err());
            assertFalse(Files.exists(out), "nothing written: " + String.join(" ", args));
        }
    }
}
