package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.owarelab.agents.AgentSpec;
import org.owarelab.evaluation.report.TrainingPoint;
import org.owarelab.rules.RuleSet;

/**
 * The checkpoints of one or more training runs against a fixed ladder of opponents (by default
 * alpha-beta at depths 1..N) and each other: the players of a round-robin tournament, and the
 * {@link TrainingPoint}s that let the report plot Elo against training steps and wall-clock
 * time, one line per run. Several runs in one ladder put two recipes' curves on one scale, and
 * {@link #nearest} picks each run's checkpoints at the same training times. Since the ladder's
 * opponents and settings stay fixed, ratings from ladders of different runs sit on one scale,
 * and a ladder re-run after more checkpoints plays only the new games ({@link Tournament}).
 *
 * <p>A checkpoint trained for another rule set than the ladder's is left out and reported
 * ({@link #excluded()}); any other problem (a missing model, another encoder) shows up when its
 * agent is built, and is reported per game and per player by the tournament.
 */
public final class Ladder {
    /** The spec of a checkpoint by default: PUCT search with the checkpoint's network. */
    public static final String DEFAULT_TEMPLATE = "puct:model={path},sims={sims}";
    /** Simulations per move of the default template. */
    public static final int DEFAULT_SIMS = 800;

    private final List<String> runs;
    private final List<String> opponents;
    private final Map<Checkpoint, String> specs;
    private final Map<Checkpoint, String> runOf;
    private final Map<Checkpoint, String> excluded;

    private Ladder(List<String> runs, List<String> opponents, Map<Checkpoint, String> specs,
            Map<Checkpoint, String> runOf, Map<Checkpoint, String> excluded) {
        this.runs = List.copyOf(runs);
        this.opponents = List.copyOf(opponents);
        this.specs = specs;
        this.runOf = runOf;
        this.excluded = excluded;
    }

    /** {@code alphabeta:depth=1} .. {@code alphabeta:depth=N}. */
    public static List<String> alphaBeta(int depths) {
        if (depths < 1) {
            throw new IllegalArgumentException("ladder: depths must be >= 1, got " + depths);
        }
        List<String> list = new ArrayList<>();
        for (int d = 1; d <= depths; d++) {
            list.add("alphabeta:depth=" + d);
        }
        return list;
    }

    /**
     * The ladder of run directory {@code run}.
     *
     * @param opponents the fixed opponents' specs
     * @param specOf the agent spec playing a checkpoint (e.g. {@link #template})
     * @param rules the rules the ladder plays
     * @throws IllegalArgumentException if the run has no checkpoints ({@link RunCheckpoints#list})
     */
    public static Ladder of(Path run, List<String> opponents, Function<Checkpoint, String> specOf, RuleSet rules)
            throws IOException {
        return of(List.of(run), opponents, specOf, rules);
    }

    /**
     * The ladder of several run directories: each run's checkpoints by step, run after run, each
     * named by its run ({@link #runs}) in the training points.
     *
     * @throws IllegalArgumentException if a run has no checkpoints, a run is given twice, or two
     *     checkpoints would play as the same spec (a template without {@code {path}})
     */
    public static Ladder of(List<Path> runs, List<String> opponents, Function<Checkpoint, String> specOf,
            RuleSet rules) throws IOException {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("ladder: no training run");
        }
        List<String> names = names(runs);
        Map<Checkpoint, String> specs = new LinkedHashMap<>();
        Map<Checkpoint, String> runOf = new LinkedHashMap<>();
        Map<Checkpoint, String> excluded = new LinkedHashMap<>();
        Map<String, Checkpoint> bySpec = new HashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (Checkpoint c : RunCheckpoints.list(runs.get(i))) {
                if (c.rules() != null && !RuleSet.parse(c.rules()).equals(rules)) {
                    excluded.put(c, "trained for rules '" + c.rules() + "', the ladder plays '" + rules.spec() + "'");
                    continue;
                }
                String spec = specOf.apply(c);
                Checkpoint twin = bySpec.putIfAbsent(spec, c);
                if (twin != null) {
                    throw new IllegalArgumentException("ladder: checkpoints " + twin.dir() + " and " + c.dir()
                            + " would both play as '" + spec + "': name them apart in the checkpoint spec ({path})");
                }
                specs.put(c, spec);
                runOf.put(c, names.get(i));
            }
        }
        return new Ladder(names, opponents, specs, runOf, excluded);
    }

    /**
     * The runs' names: each run directory's name, or the path as given where two runs share a
     * name ({@code a/run} and {@code b/run}).
     */
    private static List<String> names(List<Path> runs) {
        List<Path> normal = runs.stream().map(r -> r.toAbsolutePath().normalize()).toList();
        List<String> simple = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (normal.indexOf(normal.get(i)) != i) {
                throw new IllegalArgumentException("ladder: training run " + runs.get(i) + " is named twice");
            }
            Path name = normal.get(i).getFileName();
            simple.add(name == null ? runs.get(i).toString() : name.toString());
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            boolean shared = simple.indexOf(simple.get(i)) != simple.lastIndexOf(simple.get(i));
            names.add(shared ? runs.get(i).toString() : simple.get(i));
        }
        return names;
    }

    /**
     * A checkpoint's spec from a template: {@code {path}} becomes the checkpoint directory (quoted
     * when it holds a comma, colon, '=', quote, backslash or space: {@link AgentSpec#quote}),
     * {@code {name}} its directory name,
     * {@code {step}} its step and {@code {sims}} {@code sims}.
     */
    public static Function<Checkpoint, String> template(String template, int sims) {
        if (!template.contains("{path}") && !template.contains("{name}") && !template.contains("{step}")) {
            throw new IllegalArgumentException("ladder: the checkpoint spec template '" + template
                    + "' names no checkpoint ({path}, {name} or {step})");
        }
        return c -> template.replace("{path}", AgentSpec.quote(c.dir().toString()))
                .replace("{name}", AgentSpec.quote(c.name()))
                .replace("{step}", Long.toString(c.step())).replace("{sims}", Integer.toString(sims));
    }

    /**
     * This ladder with every {@code k}-th of its checkpoints (by step): the first, each k-th after
     * it, and always the latest; {@code k = 1} keeps them all. The choice depends only on the
     * checkpoints' order, so a re-run after more checkpoints keeps the earlier choices and plays
     * only the new games; the games of a previous latest that is off the grid stay saved in
     * {@code games.jsonl}, as {@link Tournament} keeps those of a player no longer listed.
     */
    public Ladder every(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("ladder: every must be >= 1, got " + k);
        }
        Map<Checkpoint, String> kept = new LinkedHashMap<>();
        for (String run : runs) {
            List<Checkpoint> list = checkpointsOf(run);
            for (int i = 0; i < list.size(); i++) {
                if (i % k == 0 || i == list.size() - 1) {
                    kept.put(list.get(i), specs.get(list.get(i)));
                }
            }
        }
        return new Ladder(runs, opponents, kept, runOf, excluded);
    }

    /**
     * This ladder with, of each run, the checkpoint nearest each of the training times
     * {@code minutes} (by {@link Checkpoint#seconds()}; the earlier on a tie; a checkpoint nearest
     * two times counts once): the same points of training for every run, whatever their
     * checkpoint intervals.
     *
     * @throws IllegalArgumentException if {@code minutes} is empty or holds a negative or non-finite time
     */
    public Ladder nearest(List<Double> minutes) {
        if (minutes.isEmpty()) {
            throw new IllegalArgumentException("ladder: no training time to pick checkpoints at");
        }
        for (double m : minutes) {
            if (!(m >= 0) || Double.isInfinite(m)) {
                throw new IllegalArgumentException("ladder: a training time must be >= 0 minutes, not " + m);
            }
        }
        Set<Checkpoint> picked = new HashSet<>();
        for (String run : runs) {
            List<Checkpoint> list = checkpointsOf(run);
            for (double m : minutes) {
                Checkpoint best = null;
                for (Checkpoint c : list) {
                    if (best == null || Math.abs(c.seconds() - 60 * m) < Math.abs(best.seconds() - 60 * m)) {
                        best = c;
                    }
                }
                if (best != null) {
                    picked.add(best);
                }
            }
        }
        Map<Checkpoint, String> kept = new LinkedHashMap<>();
        specs.forEach((c, spec) -> {
            if (picked.contains(c)) {
                kept.put(c, spec);
            }
        });
        return new Ladder(runs, opponents, kept, runOf, excluded);
    }

    private List<Checkpoint> checkpointsOf(String run) {
        return specs.keySet().stream().filter(c -> runOf.get(c).equals(run)).toList();
    }

    /** The runs' names (a run directory's name, or its path where two share a name), as given. */
    public List<String> runs() {
        return runs;
    }

    /** The run a playing checkpoint belongs to, by name. */
    public String runOf(Checkpoint c) {
        return runOf.get(c);
    }

    /** The tournament's players: the opponents, then the checkpoints by run, then by step. */
    public List<String> players() {
        List<String> all = new ArrayList<>(opponents);
        all.addAll(specs.values());
        return all;
    }

    /** The checkpoints that play, with their specs, by run, then by step. */
    public Map<Checkpoint, String> checkpoints() {
        return Collections.unmodifiableMap(specs);
    }

    /** The checkpoints left out, with why. */
    public Map<Checkpoint, String> excluded() {
        return Collections.unmodifiableMap(excluded);
    }

    /** One training point per playing checkpoint, for {@code checkpoints.csv}. */
    public List<TrainingPoint> trainingPoints() {
        List<TrainingPoint> points = new ArrayList<>();
        specs.forEach((c, spec) -> points.add(new TrainingPoint(spec, runOf.get(c), c.step(), c.seconds())));
        return points;
    }
}
