package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.owarelab.agents.AgentSpec;
import org.owarelab.evaluation.report.TrainingPoint;
import org.owarelab.rules.RuleSet;

/**
 * A training run's checkpoints against a fixed ladder of opponents (by default alpha-beta at
 * depths 1..N) and each other: the players of a round-robin tournament, and the
 * {@link TrainingPoint}s that let the report plot Elo against training steps and wall-clock
 * time. Since the ladder's opponents and settings stay fixed, ratings from ladders of different
 * runs sit on one scale, and a ladder re-run after more checkpoints plays only the new games
 * ({@link Tournament}).
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

    private final String run;
    private final List<String> opponents;
    private final Map<Checkpoint, String> specs;
    private final Map<Checkpoint, String> excluded;

    private Ladder(String run, List<String> opponents, Map<Checkpoint, String> specs, Map<Checkpoint, String> excluded) {
        this.run = run;
        this.opponents = List.copyOf(opponents);
        this.specs = specs;
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
        Map<Checkpoint, String> specs = new LinkedHashMap<>();
        Map<Checkpoint, String> excluded = new LinkedHashMap<>();
        for (Checkpoint c : RunCheckpoints.list(run)) {
            if (c.rules() != null && !RuleSet.parse(c.rules()).equals(rules)) {
                excluded.put(c, "trained for rules '" + c.rules() + "', the ladder plays '" + rules.spec() + "'");
            } else {
                specs.put(c, specOf.apply(c));
            }
        }
        Path name = run.toAbsolutePath().normalize().getFileName();
        return new Ladder(name == null ? run.toString() : name.toString(), opponents, specs, excluded);
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
        int i = 0;
        int last = specs.size() - 1;
        for (Map.Entry<Checkpoint, String> e : specs.entrySet()) {
            if (i % k == 0 || i == last) {
                kept.put(e.getKey(), e.getValue());
            }
            i++;
        }
        return new Ladder(run, opponents, kept, excluded);
    }

    /** The run's name (its directory's name). */
    public String run() {
        return run;
    }

    /** The tournament's players: the opponents, then the checkpoints by step. */
    public List<String> players() {
        List<String> all = new ArrayList<>(opponents);
        all.addAll(specs.values());
        return all;
    }

    /** The checkpoints that play, with their specs, by step. */
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
        specs.forEach((c, spec) -> points.add(new TrainingPoint(spec, run, c.step(), c.seconds())));
        return points;
    }
}
