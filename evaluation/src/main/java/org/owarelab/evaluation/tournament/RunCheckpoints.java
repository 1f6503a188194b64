package org.owarelab.evaluation.tournament;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Lists the checkpoints of a training run directory: every directory under {@code RUN/checkpoints/}
 * that holds a {@code meta.json} (hidden directories, such as a checkpoint still being written,
 * are skipped), sorted by step, then name. From {@code meta.json} it reads
 * <ul>
 *   <li>{@code step} (required): learner steps;
 *   <li>{@code wallSeconds} (optional): seconds into the run when saved;
 *   <li>{@code created} (optional): when it was saved, an ISO-8601 instant
 *       ({@code 2026-01-31T12:00:00Z}) or epoch seconds;
 *   <li>{@code rules} (optional): the rule set spec it was trained for.
 * </ul>
 * Wall-clock time: {@code wallSeconds} when every checkpoint has it; otherwise the seconds
 * between each checkpoint's creation ({@code created}, else the time {@code meta.json} was last
 * modified) and the earliest checkpoint's, so the first checkpoint is at 0.
 */
public final class RunCheckpoints {
    /** The checkpoints' directory under a run. */
    public static final String DIR = "checkpoints";
    /** A checkpoint's metadata file. */
    public static final String META = "meta.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunCheckpoints() {
    }

    /**
     * The run's checkpoints, by step.
     *
     * @throws IllegalArgumentException if {@code run} is not a directory, has no checkpoints, or a
     *     {@code meta.json} is unreadable or has no step (naming the file)
     */
    public static List<Checkpoint> list(Path run) throws IOException {
        if (!Files.isDirectory(run)) {
            throw new IllegalArgumentException("training run " + run + ": not a directory");
        }
        Path dir = run.resolve(DIR);
        List<Path> dirs = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> !p.getFileName().toString().startsWith(".") && Files.isRegularFile(p.resolve(META)))
                        .forEach(dirs::add);
            }
        }
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("training run " + run + " has no checkpoints (no directory with a "
                    + META + " under " + dir + ")");
        }
        List<Meta> metas = new ArrayList<>();
        for (Path d : dirs) {
            metas.add(read(d));
        }
        boolean allWall = metas.stream().allMatch(m -> m.wallSeconds >= 0);
        double first = metas.stream().mapToDouble(m -> m.created).min().orElse(0);
        List<Checkpoint> list = new ArrayList<>();
        for (Meta m : metas) {
            list.add(new Checkpoint(m.dir, m.dir.getFileName().toString(), m.step,
                    allWall ? m.wallSeconds : m.created - first, m.rules));
        }
        list.sort(Comparator.comparingLong(Checkpoint::step).thenComparing(Checkpoint::name));
        return list;
    }

    /** What one meta.json says; negative wallSeconds when absent, created in epoch seconds. */
    private record Meta(Path dir, long step, double wallSeconds, double created, String rules) {
    }

    private static Meta read(Path dir) throws IOException {
        Path file = dir.resolve(META);
        JsonNode o;
        try {
            o = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not JSON: " + org.owarelab.util.Texts.jsonProblem(e.getOriginalMessage()), e);
        }
        if (o == null || !o.isObject()) {
            throw new IllegalArgumentException(file + ": expected a JSON object");
        }
        JsonNode step = o.get("step");
        if (step == null || !step.isIntegralNumber() || step.longValue() < 0) {
            throw new IllegalArgumentException(file + ": \"step\" must be a whole number >= 0, not " + step);
        }
        double wall = -1;
        JsonNode w = o.get("wallSeconds");
        if (w != null && !w.isNull()) {
            if (!w.isNumber() || !(w.doubleValue() >= 0)) {
                throw new IllegalArgumentException(file + ": \"wallSeconds\" must be a number >= 0, not " + w);
            }
            wall = w.doubleValue();
        }
        double created = Files.getLastModifiedTime(file).toMillis() / 1000.0;
        JsonNode c = o.get("created");
        if (c != null && !c.isNull()) {
            if (c.isNumber()) {
                created = c.doubleValue();
            } else {
                try {
                    Instant t = Instant.parse(c.asText());
                    created = t.getEpochSecond() + t.getNano() / 1e9;
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException(file + ": \"created\" must be an ISO-8601 instant or epoch "
                            + "seconds, not " + c, e);
                }
            }
        }
        JsonNode r = o.get("rules");
        return new Meta(dir, step.longValue(), wall, created, r != null && r.isTextual() ? r.asText() : null);
    }
}
