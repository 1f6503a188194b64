package org.owarelab.training.loop;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.model.ModelRef;
import org.owarelab.model.TorchThreads;
import org.owarelab.training.nn.CheckpointWriter;
import org.owarelab.training.replay.TableTargets;
import org.owarelab.training.run.RunInfo;
import org.owarelab.training.selfplay.SelfPlayStats;
import org.owarelab.training.selfplay.SelfPlaySeeds;

/**
 * The training loop. Each generation: self-play with the current network (read-only), the new
 * positions into the replay buffer, learner steps as the buffer's sample ratio allows; on a
 * checkpoint generation the checkpoint and the replay file, the gate (with gating), then every
 * {@code loop.evaluateEvery} generations and at the end games against the arena's baselines, one
 * line of metrics, and last {@code state.json}, the resume point. Each phase is its own class
 * ({@link SelfPlayPhase} behind a {@link GameSource}, {@link TrainPhase}, {@link GatePhase}, {@link EvalPhase},
 * {@link Metrics}); {@link TrainingSession} holds what lives between generations.
 *
 * <p>Resuming ({@link #resume}) rebuilds the session from the saved config and state (network,
 * optimizer state, replay buffer and its sampling stream), drops what a killed session wrote after
 * that point, and goes on with the next generation: the resumed run is the uninterrupted one, bit
 * for bit, and a run killed at any moment loses at most the generations since its last checkpoint
 * (the one in progress, with the default {@code loop.checkpointEvery: 1}). Threads: self-play
 * workers run while the learner waits, and the learner runs alone, so the network is never read
 * and written at once. One process trains in a run directory at a time ({@link RunLock}).
 */
public final class Trainer {
    private final RunDirectory run;
    private final TrainConfig cfg;
    private final PrintStream log;
    private final Progress progress;
    private final GameSource.Factory sources;
    /** This session's self-play counters and times, for the closing line (this thread only). */
    private SelfPlayStats sessionSelfPlay = SelfPlayStats.ZERO;
    private double sessionSelfPlaySeconds;
    private double sessionSeconds;
    /** The session's game source, open while {@link #train} runs. */
    private GameSource source;
    /** The session's TensorBoard log, open while {@link #train} runs. */
    private TensorBoardLog board;
    /** This session's pace, for the time left in the progress lines. */
    private final Pace pace;
    /** With {@code replay.tableTargets}: rescores the positions entering the buffer; else null. */
    private final TableTargets targets;

    private Trainer(RunDirectory run, TrainConfig cfg, PrintStream log, GameSource.Factory sources) {
        this.run = run;
        this.cfg = cfg;
        this.log = log;
        this.progress = new Progress(log);
        this.pace = new Pace(cfg.loop().generations());
        this.sources = sources;
        this.targets = cfg.targetTables() == null ? null : new TableTargets(cfg.targetTables());
    }

    /**
     * Starts a new run in {@code dir} (created if needed). A directory that holds a run already is
     * refused; one killed before its run began (a config and no {@code state.json}) is started
     * over in place.
     *
     * @param command the command line, recorded in {@code run.json}
     */
    public static Path start(TrainConfig cfg, Path dir, String command, PrintStream log)
            throws IOException, InterruptedException {
        return start(cfg, dir, command, log, GameSource.LOCAL);
    }

    /** {@link #start(TrainConfig, Path, String, PrintStream)} with self-play games from {@code sources}. */
    public static Path start(TrainConfig cfg, Path dir, String command, PrintStream log, GameSource.Factory sources)
            throws IOException, InterruptedException {
        RunDirectory run = new RunDirectory(dir);
        if (Files.exists(run.state())) {
            throw new IllegalArgumentException("run directory " + dir + " already holds a run: resume it with "
                    + "'oware train --resume " + dir + "' or choose another --out");
        }
        Files.createDirectories(dir);
        try (RunLock lock = RunLock.acquire(run)) {
            if (Files.exists(run.state())) { // started by another process meanwhile
                throw new IllegalArgumentException("run directory " + dir + " already holds a run");
            }
            if (Files.exists(run.config())) {
                log.printf("%s: a run killed before it began (config.yaml, no state.json): starting over in place%n",
                        dir);
                run.forgetSessions();
            }
            try (TrainingSession session = TrainingSession.open(run, cfg, TrainState.START)) {
                run.writeConfig(cfg);
                Map<String, Object> info = RunInfo.describe(cfg.seed(), command);
                run.writeRunInfo(info);
                run.writeState(TrainState.START); // last: from here on the directory is a run
                new Trainer(run, cfg, log, sources).train(session, info);
            }
        }
        return dir;
    }

    /**
     * Continues the run in {@code dir} from its resume point. Everything is checked (config and
     * overrides, the checkpoint and replay file the state names) before anything is written, so
     * a refused resume leaves the run as it was. A run killed before it began (a config and no
     * {@code state.json}) is started over in place from its saved config.
     *
     * @param overrides {@code --set} overrides of the saved config (e.g. {@code loop.generations=40}
     *     to extend a finished run); the network, encoder and rules must stay as they were
     */
    public static Path resume(Path dir, List<String> overrides, String command, PrintStream log)
            throws IOException, InterruptedException {
        return resume(dir, overrides, command, log, GameSource.LOCAL);
    }

    /** {@link #resume(Path, List, String, PrintStream)} with self-play games from {@code sources}. */
    public static Path resume(Path dir, List<String> overrides, String command, PrintStream log,
            GameSource.Factory sources) throws IOException, InterruptedException {
        RunDirectory run = new RunDirectory(dir);
        if (!Files.isRegularFile(run.config())) {
            throw new IllegalArgumentException("--resume " + dir + ": not a run directory (no config.yaml in it); "
                    + "start a run with 'oware train --config FILE --out " + dir + "'");
        }
        if (!Files.isWritable(dir)) {
            // Before the lock, whose "I/O error: RUN/lock: Read-only file system" read as a failure at
            // run time (exit 1): a run that cannot be written is an output that cannot be, bad input.
            throw new IllegalArgumentException("--resume " + dir + ": cannot write to the run directory (a "
                    + "read-only file system, or no permission); the run is left as it was");
        }
        try (RunLock lock = RunLock.acquire(run)) {
            TrainConfig cfg = run.readConfig(overrides);
            checkResumable(run.readConfig(), cfg, overrides);
            boolean began = Files.exists(run.state());
            TrainState state = run.readState();
            if (state.generation() >= cfg.loop().generations()) {
                log.printf("run %s is complete (%d of %d generations); raise loop.generations to go on%n",
                        run.root(), state.generation(), cfg.loop().generations());
                return dir;
            }
            if (began && state.generation() > 0 && cfg.selfplay().continuous() && sources == GameSource.LOCAL) {
                InFlightFile.read(run, state, cfg); // refused before anything is written
            }
            if (began && cfg.loop().wallSpent(state.seconds())) {
                log.printf("run %s is complete (%.0f s of its loop.maxWallSeconds=%.0f); raise it to go on%n",
                        run.root(), state.seconds(), cfg.loop().maxWallSeconds());
                return dir;
            }
            try (TrainingSession session = TrainingSession.open(run, cfg, state)) {
                // Nothing was written before this point.
                if (!began) {
                    log.printf("%s: a run killed before it began (no state.json): starting it over in place%n", dir);
                    run.forgetSessions();
                }
                if (!overrides.isEmpty()) {
                    run.writeConfig(cfg);
                }
                Map<String, Object> info = RunInfo.describe(cfg.seed(), command);
                run.writeRunInfo(info);
                if (!began) {
                    run.writeState(TrainState.START);
                }
                new Trainer(run, cfg, log, sources).train(session, info);
            }
        }
        return dir;
    }

    /** Refuses overrides that would make the saved checkpoints and replay file another run's. */
    private static void checkResumable(TrainConfig saved, TrainConfig cfg, List<String> overrides) {
        String changed = !saved.rules().equals(cfg.rules()) ? "rules (" + saved.rules() + " -> " + cfg.rules() + ")"
                : !saved.encoder().equals(cfg.encoder()) ? "encoder (" + saved.encoder() + " -> " + cfg.encoder() + ")"
                : !Objects.equals(saved.network(), cfg.network()) ? "network (" + saved.network().spec() + " -> "
                        + cfg.network().spec() + ")"
                : null;
        if (changed != null) {
            throw new IllegalArgumentException("--set " + String.join(" --set ", overrides) + ": changes the run's "
                    + changed + "; a resumed run keeps its rules, encoder and network (start a new run with --out)");
        }
    }

    /**
     * Runs the generations after the session's state, up to {@code loop.generations}.
     *
     * @param info the session's {@code run.json}, logged to TensorBoard as text
     */
    private void train(TrainingSession session, Map<String, Object> info) throws IOException, InterruptedException {
        TrainState state = session.state();
        int generations = cfg.loop().generations();
        Files.createDirectories(run.checkpoints());
        CheckpointWriter.deleteTemporaries(run.checkpoints());
        // What a killed session wrote after the resume point is done again; what was lost before it is said.
        for (String note : run.trimTo(state)) {
            log.println("resume: " + note);
        }
        TensorBoardLog.trim(run, state.generation());
        TorchThreads.set(cfg.loop().learnerThreads());
        log.printf("%s %s: %s, device %s, self-play on %s; %d generations of %d games at %d simulations; watch "
                + "it: tensorboard --logdir %s%n",
                state.generation() == 0 ? "training" : "resuming at generation " + (state.generation() + 1) + " of",
                run.root(), session.learner().network().describe(), cfg.deviceChoice().id(),
                cfg.loop().selfPlayOnOnnx(session.learner().network().onGpu()) ? "ONNX Runtime" : "DJL", generations,
                cfg.loop().gamesPerGeneration(), cfg.selfplay().simulations(),
                TensorBoardLog.logdir(run));
        if (!cfg.selfplay().continuous() && state.generation() > 0
                && Files.exists(InFlightFile.path(run, state.generation()))) {
            log.println("resume: selfplay.continuous=false: the games in flight of "
                    + InFlightFile.name(state.generation()) + " are dropped");
        }
        if (cfg.selfplay().continuous() && sources != GameSource.LOCAL) {
            log.println("note: selfplay.continuous applies to local self-play; this game source plays each "
                    + "generation's games as it does");
        }
        Clock clock = new Clock(state.seconds());
        try (TensorBoardLog tb = TensorBoardLog.open(run, cfg, state.generation(), info);
                GameSource opened = sources.open(new GameSource.Context(run, cfg, log))) {
            board = tb;
            source = opened;
            for (int gen = state.generation() + 1; gen <= generations; gen++) {
                if (generation(session, gen, clock)) {
                    break;
                }
            }
        } finally {
            source = null;
            board = null;
        }
        TrainState end = session.state();
        log.printf("done: %d generations, %d games, %d learner steps in %.0f s; latest checkpoint %s%n",
                end.generation(), end.games(), end.learnerSteps(), end.seconds(),
                run.checkpoints().resolve(end.checkpoint()));
        log.printf("self-play: %.0f s of this session's %.0f s of generations (%.0f%%), mean batch %.1f of %d slots "
                + "(fill %.3f)%s%n", sessionSelfPlaySeconds, sessionSeconds,
                sessionSeconds > 0 ? 100 * sessionSelfPlaySeconds / sessionSeconds : 0, sessionSelfPlay.meanBatch(),
                cfg.selfplay().parallelGames() * cfg.selfplay().leavesPerGame(),
                Metrics.fill(sessionSelfPlay, cfg.selfplay().parallelGames() * cfg.selfplay().leavesPerGame()),
                cfg.selfplay().continuous() ? ", continuous" : "");
    }

    /** Runs generation {@code gen}; true when it was the last one (the time budget spent). */
    private boolean generation(TrainingSession session, int gen, Clock clock) throws IOException, InterruptedException {
        pace.startGeneration();
        Collected collected = selfPlay(session, GenerationPlan.of(cfg, gen, false));
        GameBatch sp = collected.batch();
        AtomicLong steps = new AtomicLong();
        progress.start(GenerationPlan.of(cfg, gen, false).label() + " learning", "steps",
                TrainPhase.plannedSteps(cfg, session.buffer()), steps, left -> pace.learning(gen, left));
        TrainPhase.Output tr = progress.stopAfter(() -> TrainPhase.run(cfg, session.learner(), session.buffer(), steps));
        double seconds = clock.seconds();
        // Decided on the same figure that state.json keeps, so a resume agrees on whether the run is over.
        GenerationPlan plan = GenerationPlan.of(cfg, gen, cfg.loop().wallSpent(seconds));
        TrainState next = session.state().after(gen, session.learner().steps(), sp.stats().games(),
                sp.stats().positions(), seconds);
        GatePhase.Output gate = null;
        if (plan.checkpoint()) {
            next = session.saveCheckpoint(next);
            source.checkpoint(next);
            if (plan.gate() && !next.checkpoint().equals(next.best())) {
                gate = gate(session, plan, next);
                next = gate.accepted() ? next.withBest(next.checkpoint()) : next;
            }
        }
        Map<String, EvalPhase.Score> arena = evaluate(plan, next);
        List<Accuracy.Row> accuracy = accuracy(plan, next);
        double genSeconds = pace.elapsed();
        int slots = cfg.selfplay().parallelGames() * cfg.selfplay().leavesPerGame();
        var line = Metrics.write(run, gen, next, sp, collected.targets(), tr, session.buffer(), arena, accuracy, gate,
                genSeconds, slots);
        board.generation(gen, line, sp, tr.steps() > 0 ? session.learner().lastValues() : new float[0]);
        sessionSelfPlay = sessionSelfPlay.plus(sp.stats());
        sessionSelfPlaySeconds += sp.seconds();
        sessionSeconds += genSeconds;
        pace.endGeneration(genSeconds, sp.seconds(), tr.seconds());
        if (plan.checkpoint()) {
            session.commit(next); // last: everything of this generation is on disk
        } else {
            session.advance(next);
        }
        log.println(Metrics.summary(gen, plan.of(), next, sp, collected.targets(), tr, session.buffer(), arena, accuracy,
                gate, genSeconds));
        if (plan.last() && gen < plan.of()) {
            log.printf("time budget spent: %.0f s of loop.maxWallSeconds=%.0f after generation %d%n", seconds,
                    cfg.loop().maxWallSeconds(), gen);
        }
        return plan.last();
    }

    /** A generation's games as they went into the buffer, and what the table targets did (null without). */
    private record Collected(GameBatch batch, TableTargets.Counts targets) {
    }

    /**
     * Plays the generation's games, appends them to {@code selfplay.jsonl} and their positions to the
     * buffer; with {@code replay.tableTargets} the positions are rescored first, whatever the source.
     */
    private Collected selfPlay(TrainingSession session, GenerationPlan plan) throws IOException, InterruptedException {
        AtomicLong done = new AtomicLong();
        long stepsSoFar = session.learner().steps();
        progress.start(plan.label() + " self-play", "games", cfg.loop().gamesPerGeneration(), done,
                left -> ", " + stepsSoFar + " learner steps" + pace.selfPlay(plan.gen(), left));
        GameBatch sp = progress.stopAfter(() -> source.collect(new GameSource.Request(plan.gen(), plan.gen() - 1,
                cfg, session.selfplayNet(), session.encoder(), session.state().games(),
                cfg.loop().gamesPerGeneration(), done)));
        TableTargets.Counts counts = null;
        if (targets != null) {
            TableTargets.Rescored r = targets.rescore(sp.games(), sp.positions());
            sp = sp.withPositions(r.positions());
            counts = r.counts();
        }
        session.buffer().addAll(sp.positions());
        run.appendGames(sp.games());
        return new Collected(sp, counts);
    }

    /** Gates the new checkpoint of {@code next} against the best; an accepted one becomes self-play's network. */
    private GatePhase.Output gate(TrainingSession session, GenerationPlan plan, TrainState next)
            throws IOException, InterruptedException {
        String best = next.best();
        progress.note(plan.label() + ": gating " + next.checkpoint() + " against "
                + (best == null ? "nothing (first checkpoint)" : best));
        GatePhase.Output gate = GatePhase.run(cfg, run, model(next.checkpoint()), best == null ? null : model(best),
                SelfPlaySeeds.game(cfg.seed() ^ 0x6A7EL, plan.gen()));
        if (gate.accepted()) {
            session.useForSelfPlay(next.checkpoint());
        }
        return gate;
    }

    /** The arena games of an evaluation generation (and of the last one); none otherwise. */
    private Map<String, EvalPhase.Score> evaluate(GenerationPlan plan, TrainState next) throws IOException, InterruptedException {
        if (!(plan.evaluate() || plan.last()) || next.checkpoint() == null) {
            return Map.of();
        }
        int games = plan.last() ? cfg.arena().finalGames() : cfg.arena().games();
        progress.note(plan.label() + ": evaluating against " + cfg.arena().opponents() + " (" + games + " games each)");
        return EvalPhase.run(cfg, model(next.checkpoint()), games,
                plan.last() ? "final" : "g" + plan.gen(), run, SelfPlaySeeds.game(cfg.seed() ^ 0xA4E7AL, plan.gen()));
    }

    /** With {@code arena.tables}: the accuracy of an evaluation generation's checkpoint; else null. */
    private List<Accuracy.Row> accuracy(GenerationPlan plan, TrainState next) {
        if (!(plan.evaluate() || plan.last()) || next.checkpoint() == null || !cfg.arena().hasTables()) {
            return null;
        }
        progress.note(plan.label() + ": accuracy against perfect play (" + cfg.arena().accuracyPositions()
                + " positions per seed count, tables " + cfg.arena().tables() + ")");
        return EvalPhase.accuracy(cfg, model(next.checkpoint()), SelfPlaySeeds.game(cfg.seed() ^ 0xACC0L, plan.gen()));
    }

    /**
     * The model of one of this run's checkpoints, as the arena plays it: named with the
     * architecture, encoder and rules the run trains, which loading checks.
     */
    private ModelRef model(String checkpoint) {
        return new ModelRef(run.checkpoints().resolve(checkpoint), cfg.network(), cfg.observationEncoder().tag(),
                cfg.ruleSet());
    }

    /** Training time over all sessions of a run. */
    private static final class Clock {
        private final double before;
        private final long start = System.nanoTime();

        Clock(double before) {
            this.before = before;
        }

        double seconds() {
            return before + (System.nanoTime() - start) / 1e9;
        }
    }

    static <T> T join(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            if (c instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(c);
        }
    }
}
