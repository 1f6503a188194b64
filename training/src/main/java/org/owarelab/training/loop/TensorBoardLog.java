package org.owarelab.training.loop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.owarelab.formats.Mappers;
import org.owarelab.formats.tensorboard.EventWriter;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.util.AtomicFiles;

/**
 * A run's TensorBoard curves, in {@code RUN/tensorboard/} (one event file per session), so that
 * {@code tensorboard --logdir runs} shows every run as it trains. The step is the generation.
 * Each generation logs every number of its {@code metrics.jsonl} line as a scalar named by its
 * path ({@code train/loss}, {@code selfplay/gamesPerSec}, {@code arena/random/score},
 * {@code arena/random/lo}, {@code accuracy/seeds8/optimal}; the run totals as {@code run/step},
 * {@code run/games}, ...), an Elo per arena opponent from its score ({@code arena/NAME/elo}), and
 * histograms of the generation's games: {@code selfplay/gameLength} (plies), {@code
 * selfplay/valueTarget} (each position's value target for its side to move: the game's result, or
 * the table's with {@code replay.tableTargets}), {@code selfplay/rootValue} (the search's root
 * value) and {@code selfplay/rootPolicyEntropy} (nats, of the search's policy target), and {@code train/networkValue} (the network's value outputs on the
 * generation's last learner batch, before its update). Each session logs the config and the versions as text at its
 * first generation, the config's settings for the HParams dashboard ({@link #hparams}), and what
 * the writer itself cost in the generation before as {@code tensorboard/writerMs}.
 *
 * <p>Resuming: {@link #trim} rewrites each earlier file with only the steps up to the resume
 * point (atomically), and the new session's file opens with a SessionLog START at the next
 * generation; so a generation that a killed session logged past its checkpoint shows once, and no
 * curve goes back. The log only observes: it draws no random number and changes no file that the
 * run reads back.
 */
final class TensorBoardLog implements Closeable {
    /** The run directory's sub-directory of event files. */
    static final String DIR = "tensorboard";

    private final EventWriter writer;
    private double lastMillis = Double.NaN;

    private TensorBoardLog(EventWriter writer) {
        this.writer = writer;
    }

    /** The event directory of {@code run}. */
    static Path dir(RunDirectory run) {
        return run.root().resolve(DIR);
    }

    /**
     * The {@code --logdir} that shows {@code run} beside its siblings: its parent directory,
     * relative to the working directory when it lies under it ({@code runs}).
     */
    static Path logdir(RunDirectory run) {
        Path parent = run.root().toAbsolutePath().normalize().getParent();
        if (parent == null) {
            return run.root();
        }
        Path cwd = Path.of("").toAbsolutePath();
        return parent.equals(cwd) ? Path.of(".") : parent.startsWith(cwd) ? cwd.relativize(parent) : parent;
    }

    /**
     * Opens a new event file for a session that goes on after generation {@code generation}:
     * a session start at the next one, then the config and {@code versions} as text.
     */
    static TensorBoardLog open(RunDirectory run, TrainConfig cfg, int generation, Map<String, Object> versions)
            throws IOException {
        long t0 = System.nanoTime();
        EventWriter w = EventWriter.create(dir(run));
        long step = generation + 1;
        w.sessionStart(step, generation == 0 ? "training" : "resumed after generation " + generation);
        w.text("config", step, indented(cfg.toYaml()));
        w.text("versions", step, indented(RunDirectory.JSON.writeValueAsString(versions)));
        w.hparams(step, hparams(cfg));
        w.flush();
        TensorBoardLog log = new TensorBoardLog(w);
        log.lastMillis = (System.nanoTime() - t0) / 1e6;
        return log;
    }

    /**
     * Keeps of every event file in {@code run}'s event directory only the steps up to
     * {@code generation} (a file left with none but its header stays: TensorBoard reads it as empty).
     * Only the writer's own files ({@code events.out.tfevents.*}) are trimmed; an atomic write's
     * temporary file left by a kill during an earlier trim ({@code .events.out.tfevents...tmp}),
     * which TensorBoard would read as one more event file, is deleted.
     */
    static void trim(RunDirectory run, int generation) throws IOException {
        Path dir = dir(run);
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> files;
        List<Path> leftovers;
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> all = s.sorted().toList();
            files = all.stream().filter(f -> f.getFileName().toString().startsWith("events.out.tfevents.")).toList();
            leftovers = all.stream().filter(f -> f.getFileName().toString().startsWith(".events.out.tfevents.")
                    && f.getFileName().toString().endsWith(".tmp")).toList();
        }
        for (Path f : leftovers) {
            Files.deleteIfExists(f);
        }
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            byte[] kept = EventWriter.keepUpTo(bytes, generation);
            if (kept.length != bytes.length) {
                AtomicFiles.write(f, kept);
            }
        }
    }

    /**
     * Logs generation {@code gen}: its metrics line {@code metrics}, histograms of {@code sp}'s
     * games and of {@code networkValues}, the network's values on the generation's last learner
     * batch (empty when the learner took no step).
     */
    void generation(int gen, ObjectNode metrics, GameBatch sp, float[] networkValues) {
        long t0 = System.nanoTime();
        metrics.fields().forEachRemaining(e -> {
            String key = e.getKey();
            if (!key.equals("format") && !key.equals("generation")) {
                scalars(e.getValue().isValueNode() ? "run/" + key : key, e.getValue(), gen);
            }
        });
        for (var e : (Iterable<Map.Entry<String, JsonNode>>) () -> metrics.path("arena").fields()) {
            double score = e.getValue().path("score").asDouble(Double.NaN);
            writer.scalar("arena/" + e.getKey() + "/elo", gen, elo(score));
        }
        writer.histogram("selfplay/gameLength", gen,
                sp.games().stream().mapToDouble(g -> g.moves().length()).toArray());
        List<PositionRecord> ps = sp.positions();
        writer.histogram("selfplay/valueTarget", gen, ps.stream().mapToDouble(PositionRecord::result).toArray());
        writer.histogram("selfplay/rootValue", gen, ps.stream().mapToDouble(PositionRecord::rootValue).toArray());
        writer.histogram("selfplay/rootPolicyEntropy", gen, ps.stream().mapToDouble(p -> entropy(p.policy())).toArray());
        double[] values = new double[networkValues.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = networkValues[i];
        }
        writer.histogram("train/networkValue", gen, values);
        writer.scalar("tensorboard/writerMs", gen, lastMillis);
        writer.flush();
        lastMillis = (System.nanoTime() - t0) / 1e6;
    }

    /** Every number under {@code node}, named by its path from {@code tag}. */
    private void scalars(String tag, JsonNode node, long step) {
        if (node.isNumber()) {
            writer.scalar(tag, step, node.asDouble());
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> scalars(tag + "/" + e.getKey(), e.getValue(), step));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode x = node.get(i);
                // accuracy.bySeeds: one object per seed count, named by it
                String name = x.has("seeds") ? "seeds" + x.get("seeds").asInt() : Integer.toString(i);
                scalars(tag.endsWith("/bySeeds") ? tag.substring(0, tag.length() - 8) + "/" + name
                        : tag + "/" + name, x, step);
            }
        }
    }

    /** The Elo difference that a score in (0, 1) means; NaN (not logged) at 0 or 1. */
    static double elo(double score) {
        return score > 0 && score < 1 ? -400 * Math.log10(1 / score - 1) : Double.NaN;
    }

    private static double entropy(float[] p) {
        double h = 0;
        for (float x : p) {
            if (x > 0) {
                h -= x * Math.log(x);
            }
        }
        return h;
    }

    /**
     * The config's settings for the HParams dashboard, by their dotted path
     * ({@code selfplay.simulations}); a list as its text.
     */
    static Map<String, Object> hparams(TrainConfig cfg) throws IOException {
        Map<String, Object> out = new java.util.TreeMap<>();
        flatten("", Mappers.yaml().readTree(cfg.toYaml()), out);
        return out;
    }

    private static void flatten(String path, JsonNode node, Map<String, Object> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> flatten(path.isEmpty() ? e.getKey() : path + "." + e.getKey(),
                    e.getValue(), out));
        } else if (node.isNumber()) {
            out.put(path, node.asDouble());
        } else if (node.isBoolean()) {
            out.put(path, node.asBoolean());
        } else if (!node.isNull() && !path.isEmpty()) {
            out.put(path, node.isValueNode() ? node.asText() : node.toString());
        }
    }

    /** Text as a Markdown code block (TensorBoard renders text summaries as Markdown). */
    private static String indented(String text) {
        return "    " + text.strip().replace("\n", "\n    ");
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}
