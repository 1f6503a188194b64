package org.owarelab.env.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Runs the docs/environment.md example and checks what it prints. */
class EnvironmentExampleTest {
    @Test
    void theReadmeExampleRuns() {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            EnvironmentExample.main(new String[0]);
        } finally {
            System.setOut(saved);
        }
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\\R");
        assertEquals(3, lines.length, String.join("\n", lines));
        assertTrue(lines[0].matches("game: (threshold|no-moves|repetition|truncated) after \\d+ plies, \\d+:\\d+, "
                + "South's return -?\\d\\.\\d{3}"), lines[0]);
        assertTrue(lines[1].matches("vs random: North's reward [+-][01]"), lines[1]);
        // 256,000 random sub-env steps of games that last about a hundred plies finish well over a thousand games.
        assertTrue(lines[2].matches("vector: \\d{4,} games finished, 3584 floats per batch"), lines[2]);
    }
}
