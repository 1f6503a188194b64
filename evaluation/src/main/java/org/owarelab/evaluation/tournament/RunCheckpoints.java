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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.owarelab.formats.Mappers;
import org.owarelab.util.Texts;

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
 * Wall-clock time: {@code wallSeconds} when every checkpoint has it; else, when the run's
 * {@code metrics.jsonl} has a line for every checkpoint's step, that line's {@code seconds} (the
 * training loop's seconds into the run, resumes included, time spent killed excluded); otherwise
 * the seconds between each checkpoint's creation ({@code created}, else the time {@code meta.json}
 * was last modified) and the earliest checkpoint's, so the first checkpoint is at 0.
 */
public final class RunCheckpoints {
    /** The checkpoints' directory under a run. */
    public static final String DIR = "checkpoints";
    /** A checkpoint's metadata file. */
    public static final String META = "meta.json";
    /** The training loop's per-generation metrics, one JSON object a line, under a run. */
    public static final String METRICS = "metrics.jsonl";

    private static final ObjectMapper JSON = Mappers.json();

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
        Map<Long, Double> trained = allWall ? Map.of() : metricsSeconds(run.resolve(METRICS));
        boolean allTrained = metas.stream().allMatch(m -> trained.containsKey(m.step));
        double first = metas.stream().mapToDouble(m -> m.created).min().orElse(0);
        List<Checkpoint> list = new ArrayList<>();
        for (Meta m : metas) {
            list.add(new Checkpoint(m.dir, m.dir.getFileName().toString(), m.step,
                    allWall ? m.wallSeconds : allTrained ? trained.get(m.step) : m.created - first, m.rules));
        }
        list.sort(Comparator.comparingLong(Checkpoint::step).thenComparing(Checkpoint::name));
        return list;
    }

    /**
     * Seconds into the run by learner step, from the {@code step} and {@code seconds} of each line
     * of {@code file}; empty when it does not exist. A line that is not such an object (a run killed
     * while writing leaves a cut last line) is skipped: the caller falls back to creation times when
     * a checkpoint's step is missing.
     */
    static Map<Long, Double> metricsSeconds(Path file) throws IOException {
        Map<Long, Double> seconds = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return seconds;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode o;
            try {
                o = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                continue;
            }
            if (o != null && o.path("step").isIntegralNumber() && o.path("seconds").isNumber()
                    && o.path("seconds").doubleValue() >= 0) {
                seconds.put(o.path("step").longValue(), o.path("seconds").doubleValue());
            }
        }
        return seconds;
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
            throw new IllegalArgumentException(file + ": not JSON: " + Texts.jsonProblem(e.getOriginalMessage()), e);
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
