package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Asserts that two run directories hold the same run, bit for bit: metrics (timings left out),
 * self-play records, evaluation and gate games, the resume point (its clock left out), the
 * replay file, continuous self-play's games in flight, and every checkpoint's parameters, optimizer state and metadata.
 */
final class SameRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SameRun() {
    }

    static void assertSame(Path expected, Path actual) throws IOException {
        RunDirectory e = new RunDirectory(expected);
        RunDirectory a = new RunDirectory(actual);
        assertSameLines(withoutTimings(e.metrics(), expected), withoutTimings(a.metrics(), actual),
                "metrics.jsonl (timings left out)");
        assertSameLines(Files.readAllLines(e.selfplay()), Files.readAllLines(a.selfplay()), "selfplay.jsonl");
        assertEquals(names(e.eval()), names(a.eval()), "files in eval/");
        for (String name : names(e.eval())) {
            assertSameLines(withoutTimings(e.eval().resolve(name), expected),
                    withoutTimings(a.eval().resolve(name), actual), "eval/" + name + " (timings and run path left out)");
        }
        ObjectNode se = (ObjectNode) JSON.readTree(e.state().toFile());
        ObjectNode sa = (ObjectNode) JSON.readTree(a.state().toFile());
        se.remove("seconds");
        sa.remove("seconds");
        assertEquals(se, sa, "state.json (seconds left out)");
        String replay = se.get("replay").asText();
        assertArrayEquals(Files.readAllBytes(expected.resolve(replay)), Files.readAllBytes(actual.resolve(replay)), replay);
        assertEquals(names(expected).stream().filter(n -> n.startsWith("replay-")).toList(),
                names(actual).stream().filter(n -> n.startsWith("replay-")).toList(), "replay files");
        List<String> inFlight = names(expected).stream().filter(n -> n.startsWith("inflight-")).toList();
        assertEquals(inFlight, names(actual).stream().filter(n -> n.startsWith("inflight-")).toList(),
                "games-in-flight files");
        for (String name : inFlight) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(name)), Files.readAllBytes(actual.resolve(name)), name);
        }
        assertEquals(names(e.checkpoints()), names(a.checkpoints()), "checkpoints");
        for (String ckpt : names(e.checkpoints())) {
            for (String file : names(e.checkpoints().resolve(ckpt))) {
                assertArrayEquals(Files.readAllBytes(e.checkpoints().resolve(ckpt).resolve(file)),
                        Files.readAllBytes(a.checkpoints().resolve(ckpt).resolve(file)), ckpt + "/" + file);
            }
        }
    }

    private static List<String> names(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static <T> void assertSameLines(List<T> expected, List<T> actual, String what) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            assertEquals(expected.get(i), actual.get(i), what + ", line " + (i + 1));
        }
        assertEquals(expected.size(), actual.size(), what + ": lines");
    }

    /**
     * The lines of a JSONL file with every wall-clock field ({@code seconds}, {@code genSeconds},
     * {@code *PerSec}, {@code moveMicros}) removed and the run directory's path written as RUN.
     */
    static List<String> withoutTimings(Path file, Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode node = JSON.readTree(line);
            strip(node);
            out.add(node.toString().replace(root.toAbsolutePath().toString(), "RUN"));
        }
        return out;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (k.equals("seconds") || k.equals("genSeconds") || k.endsWith("PerSec") || k.equals("moveMicros")
                        || k.equals("wallShare")) {
                    it.remove();
                } else {
                    strip(o.get(k));
                }
            }
        }
    }
}
