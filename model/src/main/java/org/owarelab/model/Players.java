package org.owarelab.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.io.IOException;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.puct.LevelledFactory;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.rules.RuleSet;

/**
 * The trained players shipped in the checkout (or a bundle made from it) under
 * {@code HOME/players/NAME/}: a checkpoint ({@code meta.json}, {@code params.djl}) and a README
 * saying how it was trained and how strong it is. Each is an agent spec of its own name
 * ({@code strong}, {@code strong:movetime=200}): PUCT over that checkpoint, every {@code puct}
 * option but {@code model}. {@code HOME} is the system property {@value #HOME_PROPERTY} (the
 * {@code oware} launcher sets it to the checkout), else the environment's {@value #HOME_ENV}, else
 * the working directory.
 *
 * <p>The network is loaded at the first agent, not when a registry is built, so commands that
 * never name a player pay nothing for it.
 */
public final class Players {
    /** The system property naming the checkout (or bundle) that holds {@value #DIR}. */
    public static final String HOME_PROPERTY = "oware.home";
    /** The folder of shipped players under the home. */
    public static final String DIR = "players";
    /** The shipped players, by spec name. */
    public static final List<String> NAMES = List.of("strong");
    /** Simulations per move when a spec and the caller set no limit: the {@code puct} agent's ({@link SearchOption#SIMULATIONS}). */
    public static final int SIMULATIONS = SearchOption.DEFAULT_SIMULATIONS;

    private Players() {
    }

    /** The environment variable naming the checkout where {@value #HOME_PROPERTY} is not set (the Python package sets it). */
    public static final String HOME_ENV = "OWARE_ROOT";

    /**
     * The home that holds {@value #DIR}: {@value #HOME_PROPERTY}, else {@value #HOME_ENV}, else the
     * working directory.
     */
    public static Path home() {
        String h = System.getProperty(HOME_PROPERTY);
        if (h == null || h.isBlank()) {
            h = System.getenv(HOME_ENV);
        }
        return Path.of(h == null || h.isBlank() ? "." : h).toAbsolutePath().normalize();
    }

    /** Whether {@code name} is a shipped player's name. */
    public static boolean isPlayer(String name) {
        return NAMES.contains(name);
    }

    /**
     * The checkpoint of player {@code name}.
     *
     * @throws CheckpointException when the home holds no such player
     */
    public static Path checkpoint(String name) {
        Path dir = home().resolve(DIR).resolve(name);
        if (!Checkpoints.isCheckpoint(dir)) {
            throw new CheckpointException("player '" + name + "': no checkpoint at " + dir + " (run from the lab's"
                    + " checkout, or set -D" + HOME_PROPERTY + "=CHECKOUT)");
        }
        return dir;
    }

    /**
     * The agent factory of player {@code name}: PUCT over its checkpoint, loaded at the first agent;
     * with the calibrated levels of {@code HOME/players/NAME/levels.json} ({@code NAME:elo=N},
     * {@link LevelledFactory}) where that file is there. A levels file that cannot be read leaves the
     * player without levels, its {@code elo=} refused with the file's problem, and every other spec
     * working.
     */
    static AgentFactory factory(String name) {
        AgentFactory plain = PuctAgent.factory(name, new Lazy(name), SIMULATIONS);
        Path file = home().resolve(DIR).resolve(name).resolve(LevelsFile.FILE);
        if (!Files.isRegularFile(file)) {
            return plain;
        }
        String source = DIR + "/" + name + "/" + LevelsFile.FILE;
        try {
            return new LevelledFactory(plain, LevelsFile.read(file).levels(), source);
        } catch (IOException | RuntimeException e) {
            return LevelledFactory.unavailable(plain, source + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * Opens the player's checkpoint through a {@link CheckpointSource} at the first agent: the
     * agent's evaluator as a client of the checkpoint's shared evaluator, each extra thread of a
     * single search ({@code threads=}) with an evaluator of its own.
     */
    static final class Lazy implements EvaluatorSource {
        private final String name;
        private final CheckpointSource source = new CheckpointSource();

        Lazy(String name) {
            this.name = name;
        }

        @Override
        public Evaluator open(String ignored, RuleSet rules) {
            return source.open(dir(), rules);
        }

        /**
         * An evaluator of its own for one more thread of a single search: never a client of the
         * shared evaluator that {@link #open} hands out, whose gathering would make the threads'
         * forward passes wait for each other and run one at a time.
         */
        @Override
        public Evaluator openForThread(String ignored, RuleSet rules) {
            return source.openForThread(dir(), rules);
        }

        private String dir() {
            Path p = checkpoint(name);
            if (!Files.isDirectory(p)) {
                throw new CheckpointException("player '" + name + "': " + p + " is not a directory");
            }
            return p.toString();
        }

        @Override
        public void close() {
            source.close();
        }
    }
}
