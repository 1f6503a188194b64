package org.owarelab.training.loop;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableException;
import org.owarelab.training.config.ConfigLoader;
import org.owarelab.training.nn.LearnerConfig;
import org.owarelab.training.replay.ReplayConfig;
import org.owarelab.training.selfplay.SelfPlayConfig;

/**
 * Everything a training run is configured by, as bound from YAML ({@code configs/*.yaml}); each
 * section is the typed record of the component it configures. Keys left out of a file take the
 * values of {@link #DEFAULT}; unknown keys and bad values are errors with line and column.
 *
 * @param seed the run seed: self-play games, network initialisation, sampling and evaluation
 *     openings all derive from it
 * @param rules the rule set's spec (empty: the default rules)
 * @param encoder observation encoder id ({@code compact} or {@code planes})
 * @param device {@code cpu}, {@code gpu} or {@code auto}
 * @param network the architecture
 * @param learner optimiser, learning rate and schedule, weight decay, clipping, loss weights
 * @param selfplay how self-play games are played (search settings included)
 * @param replay the replay window and sample ratio, and the value targets from endgame tables
 * @param loop generations, workers, games and steps per generation, checkpoint and evaluation cadence
 * @param arena the periodic and final evaluation
 * @param gating optional gating of the self-play network (off by default)
 */
public record TrainConfig(long seed, String rules, String encoder, String device, NetworkSpec network,
        LearnerConfig learner, SelfPlayConfig selfplay, ReplayConfig replay, LoopConfig loop, ArenaConfig arena,
        GatingConfig gating) {

    /** The built-in defaults every config file starts from. */
    public static final TrainConfig DEFAULT = new TrainConfig(1, "", "compact", "cpu",
            NetworkSpec.mlp(256, 256), LearnerConfig.adam(1e-3), SelfPlayConfig.DEFAULT,
            new ReplayConfig(100_000, 4.0, 2_000), LoopConfig.DEFAULT, ArenaConfig.DEFAULT, GatingConfig.OFF);

    /** The config embedded in the jar and used when {@code oware train} is given none. */
    public static final String EMBEDDED = "configs/quick.yaml";

    public TrainConfig {
        rules = rules == null ? "" : rules;
        RuleSet r = RuleSet.parse(rules);
        rules = r.spec();
        if (!Encoders.ids().contains(encoder)) {
            throw new IllegalArgumentException("encoder '" + encoder + "': expected one of " + Encoders.ids());
        }
        DeviceChoice.parse(device);
        if (network == null || learner == null || selfplay == null || replay == null || loop == null || arena == null
                || gating == null) {
            throw new IllegalArgumentException("every section (network, learner, selfplay, replay, loop, arena, gating) must be set");
        }
        if (selfplay.tables() != null) {
            try {
                EndgameTable.cached(Path.of(selfplay.tables()), r);
            } catch (TableException | java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException("selfplay.tables: " + e.getMessage());
            }
        }
        if (replay.tableTargets() != null) {
            try {
                EndgameTable.cached(Path.of(replay.tableTargets()), r);
            } catch (TableException | java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException("replay.tableTargets: " + e.getMessage());
            }
        }
        if (arena.hasTables()) {
            try {
                EndgameTable.cached(Path.of(arena.tables()), r);
            } catch (TableException | java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException("arena.tables: " + e.getMessage());
            }
        }
    }

    /** The endgame tables of {@code replay.tableTargets} (checked when the config was built), or null without. */
    public EndgameTable targetTables() {
        return replay.tableTargets() == null ? null : EndgameTable.cached(Path.of(replay.tableTargets()), ruleSet());
    }

    /** The endgame tables of {@code arena.tables} (checked when the config was built), or null without. */
    public EndgameTable tables() {
        return arena.hasTables() ? EndgameTable.cached(Path.of(arena.tables()), ruleSet()) : null;
    }

    public RuleSet ruleSet() {
        return RuleSet.parse(rules);
    }

    public ObservationEncoder observationEncoder() {
        return Encoders.create(encoder, ruleSet());
    }

    public DeviceChoice deviceChoice() {
        return DeviceChoice.parse(device);
    }

    /** Loads a config file over the defaults and applies {@code --set} overrides. */
    public static TrainConfig load(Path file, List<String> overrides) {
        return ConfigLoader.load(file, DEFAULT, overrides);
    }

    /** The embedded {@value #EMBEDDED} with {@code --set} overrides. */
    public static TrainConfig embedded(List<String> overrides) {
        try (InputStream in = TrainConfig.class.getClassLoader().getResourceAsStream(EMBEDDED)) {
            if (in == null) {
                throw new IllegalStateException("the embedded " + EMBEDDED + " is missing from the class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return ConfigLoader.parse(text, "(embedded) " + EMBEDDED, DEFAULT, overrides);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses YAML text (e.g. a run's saved {@code config.yaml}). */
    public static TrainConfig parse(String yaml, String source, List<String> overrides) {
        return ConfigLoader.parse(yaml, source, DEFAULT, overrides);
    }

    /** The YAML form saved with every run. */
    public String toYaml() {
        return ConfigLoader.toYaml(this);
    }
}
