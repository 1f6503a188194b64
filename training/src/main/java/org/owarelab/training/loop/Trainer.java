package org.owarelab.training.loop;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.ModelRef;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TorchThreads;
import org.owarelab.training.nn.CheckpointWriter;
import org.owarelab.training.nn.Learner;
import org.owarelab.training.replay.RecordLayout;
import org.owarelab.training.replay.ReplayBuffer;
import org.owarelab.training.run.RunInfo;
import org.owarelab.training.selfplay.GameRecord;
import org.owarelab.training.selfplay.Seeds;

/**
 * The training loop. Each generation: self-play with the current network (read-only), the new
 * positions into the replay buffer, learner steps as the buffer's sample ratio allows, then a
 * checkpoint, the buffer file and finally {@code state.json}, each written atomically; every
 * {@code loop.evaluateEvery} generations and at the end, games against the arena's baselines.
 * One line of metrics per generation goes to {@code metrics.jsonl} and one summary line to the
 * log.
 *
 * <p>Resuming ({@link #resume}) reads the saved config and state, loads the checkpoint the state
 * names (network and optimizer state) and the replay file, and goes on with the next generation;
 * a run killed at any moment loses at most the generation in progress. Threads: self-play workers
 * run while the learner waits, and the learner runs alone, so the network is never read and
 * written at once.
 */
public final class Trainer {
    private final RunDirectory run;
    private final TrainConfig cfg;
    private final PrintStream log;
    private final Progress progress;

    private Trainer(RunDirectory run, TrainConfig cfg, PrintStream log) {
        this.run = run;
        this.cfg = cfg;
        this.log = log;
        this.progress = new Progress(log);
    }

    /**
     * Starts a new run in {@code dir} (created; it must not hold a run already).
     *
     * @param command the command line, recorded in {@code run.json}
     */
    public static Path start(TrainConfig cfg, Path dir, String command, PrintStream log)
            throws IOException, InterruptedException {
        if (Files.exists(dir.resolve("state.json")) || Files.exists(dir.resolve("config.yaml"))) {
            throw new IllegalArgumentException("run directory " + dir + " already holds a run: resume it with "
                    + "'oware train --resume " + dir + "' or choose another --out");
        }
        Files.createDirectories(dir);
        RunDirectory run = new RunDirectory(dir);
        run.writeConfig(cfg);
        run.writeRunInfo(RunInfo.describe(cfg.seed(), command));
        run.writeState(TrainState.START);
        new Trainer(run, cfg, log).loop();
        return dir;
    }

    /**
     * Continues the run in {@code dir} from its last checkpoint and replay file.
     *
     * @param overrides {@code --set} overrides of the saved config (e.g. {@code loop.generations=40}
     *     to extend a finished run); the architecture, encoder and rules must stay as they were,
     *     which loading the checkpoint checks
     */
    public static Path resume(Path dir, List<String> overrides, String command, PrintStream log)
            throws IOException, InterruptedException {
        if (!RunDirectory.isRun(dir)) {
            throw new IllegalArgumentException("--resume " + dir + ": not a run directory (expected config.yaml and "
                    + "state.json in it)");
        }
        RunDirectory run = new RunDirectory(dir);
        TrainConfig cfg = run.readConfig(overrides);
        if (!overrides.isEmpty()) {
            run.writeConfig(cfg);
        }
        run.writeRunInfo(RunInfo.describe(cfg.seed(), command));
        new Trainer(run, cfg, log).loop();
        return dir;
    }

    private void loop() throws IOException, InterruptedException {
        ObservationEncoder encoder = cfg.observationEncoder();
        TrainState state = run.readState();
        Files.createDirectories(run.checkpoints());
        CheckpointWriter.deleteTemporaries(run.checkpoints());
        int generations = cfg.loop().generations();
        if (state.generation() >= generations) {
            log.printf("run %s is complete (%d of %d generations); raise loop.generations to go on%n",
                    run.root(), state.generation(), generations);
            return;
        }
        Path ckpt = state.checkpoint() == null ? null : run.checkpoints().resolve(state.checkpoint());
        try (PolicyValueNet net = ckpt == null
                ? PolicyValueNet.create(cfg.network(), encoder, cfg.seed(), cfg.deviceChoice())
                : Checkpoints.loadNetwork(ckpt, encoder, cfg.network(), cfg.deviceChoice());
                Learner learner = new Learner(net, cfg.learner())) {
            if (ckpt != null) {
                CheckpointWriter.restoreLearner(ckpt, learner);
            }
            // With gating, self-play uses the best accepted network, loaded from its checkpoint. Before
            // the first acceptance that is the learner's initial network itself: self-play and
            // training never run at once, and the first checkpoint is accepted before training
            // changes what self-play would see.
            boolean gating = cfg.gating().enabled();
            PolicyValueNet selfplayNet = !gating || state.best() == null ? net
                    : Checkpoints.loadNetwork(run.checkpoints().resolve(state.best()), encoder, cfg.network(),
                            cfg.deviceChoice());
            RecordLayout layout = RecordLayout.of(encoder);
            long sampleSeed = Seeds.game(cfg.seed() ^ 0x5EED_B0FFL, state.generation());
            ReplayBuffer buffer = state.replay() == null ? new ReplayBuffer(layout, cfg.replay(), sampleSeed)
                    : ReplayBuffer.load(run.root().resolve(state.replay()), layout, cfg.replay(), sampleSeed);
            TorchThreads.set(cfg.loop().learnerThreads());
            log.printf("%s %s: %s, device %s; %d generations of %d games at %d simulations%n",
                    state.generation() == 0 ? "training" : "resuming at generation " + (state.generation() + 1)
                            + " of", run.root(), net.describe(), cfg.deviceChoice().id(), generations,
                    cfg.loop().gamesPerGeneration(), cfg.selfplay().simulations());
            run.trimTo(state); // records of generations after the resume point are played again
            TrainState saved = state;
            double secondsBefore = state.seconds();
            long sessionStart = System.nanoTime();
            for (int gen = state.generation() + 1; gen <= generations; gen++) {
                boolean last = gen == generations;
                boolean evaluate = !last && cfg.loop().evaluateEvery() > 0 && gen % cfg.loop().evaluateEvery() == 0;
                long genStart = System.nanoTime();

                AtomicLong done = new AtomicLong();
                progress.start("gen " + gen + "/" + generations + " self-play", cfg.loop().gamesPerGeneration(), done);
                SelfPlayPhase.Output sp = SelfPlayPhase.run(cfg, selfplayNet, encoder, state.games(),
                        cfg.loop().gamesPerGeneration(), done);
                progress.stop();
                buffer.addAll(sp.positions());
                appendGames(sp.games());

                TrainPhase.Output tr = TrainPhase.run(cfg, learner, buffer);

                // The resume point moves only with a checkpoint: state.json names the checkpoint and the
                // replay file of the same generation, so a resume never mixes generations.
                boolean checkpoint = last || evaluate || gating || gen % cfg.loop().checkpointEvery() == 0;
                String ckptName = state.checkpoint();
                String replayName = state.replay();
                String best = state.best();
                GatePhase.Output gate = null;
                if (checkpoint) {
                    ckptName = RunDirectory.checkpointName(learner.steps());
                    if (!ckptName.equals(state.checkpoint())) {
                        Path target = run.checkpoints().resolve(ckptName);
                        deleteTree(target); // a leftover of a killed session, never named by the state
                        CheckpointWriter.save(target, learner);
                    }
                    replayName = "replay-g" + gen + ".bin";
                    buffer.save(run.root().resolve(replayName));
                    if (gating && !ckptName.equals(best)) {
                        progress.note("gen " + gen + "/" + generations + ": gating " + ckptName + " against "
                                + (best == null ? "nothing (first checkpoint)" : best));
                        gate = GatePhase.run(cfg, run, model(ckptName), best == null ? null : model(best),
                                Seeds.game(cfg.seed() ^ 0x6A7EL, gen));
                        if (gate.accepted()) {
                            best = ckptName;
                            if (selfplayNet != net) {
                                selfplayNet.close();
                            }
                            selfplayNet = Checkpoints.loadNetwork(run.checkpoints().resolve(best), encoder,
                                    cfg.network(), cfg.deviceChoice());
                        }
                    }
                }
                double seconds = secondsBefore + (System.nanoTime() - sessionStart) / 1e9;
                TrainState next = new TrainState(TrainState.FORMAT, gen, learner.steps(),
                        state.games() + sp.stats().games(), state.positions() + sp.stats().positions(), seconds,
                        ckptName, replayName, best);
                if (checkpoint) {
                    run.writeState(next);
                    cleanUp(saved, next);
                    saved = next;
                }
                state = next;

                Map<String, EvalPhase.Score> arena = Map.of();
                if ((evaluate || last) && ckptName != null) {
                    int games = last ? cfg.arena().finalGames() : cfg.arena().games();
                    progress.note("gen " + gen + "/" + generations + ": evaluating against " + cfg.arena().opponents()
                            + " (" + games + " games each)");
                    arena = EvalPhase.run(cfg, model(ckptName), games,
                            last ? "final" : "g" + gen, run, Seeds.game(cfg.seed() ^ 0xA4E7AL, gen));
                }
                double genSeconds = (System.nanoTime() - genStart) / 1e9;
                Metrics.write(run, gen, state, sp, tr, buffer, arena, gate, genSeconds);
                log.println(Metrics.summary(gen, generations, state, sp, tr, buffer, arena, gate, genSeconds));
            }
            if (selfplayNet != net) {
                selfplayNet.close();
            }
            if (state.generation() == generations) {
                log.printf("done: %d generations, %d games, %d learner steps in %.0f s; latest checkpoint %s%n",
                        state.generation(), state.games(), state.learnerSteps(), state.seconds(),
                        run.checkpoints().resolve(state.checkpoint()));
            }
        }
    }

    private void appendGames(List<GameRecord> games) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (GameRecord g : games) {
            sb.append(g.jsonLine()).append('\n');
        }
        if (sb.length() > 0) {
            RunDirectory.appendLine(run.selfplay(), sb.substring(0, sb.length() - 1));
        }
    }

    /**
     * The model of one of this run's checkpoints, as the arena plays it: named with the
     * architecture, encoder and rules the run trains, which loading checks.
     */
    private ModelRef model(String checkpoint) {
        return new ModelRef(run.checkpoints().resolve(checkpoint), cfg.network(), cfg.observationEncoder().tag(),
                cfg.ruleSet());
    }

    /** Deletes the replay file and checkpoints that the new state no longer needs. */
    private void cleanUp(TrainState before, TrainState after) throws IOException {
        if (before.replay() != null && !before.replay().equals(after.replay())) {
            Files.deleteIfExists(run.root().resolve(before.replay()));
        }
        int keep = cfg.loop().keepCheckpoints();
        if (keep > 0) {
            List<Path> all = run.checkpointDirs();
            for (int i = 0; i < all.size() - keep; i++) {
                String name = all.get(i).getFileName().toString();
                if (!name.equals(after.checkpoint()) && !name.equals(after.best())) {
                    deleteTree(all.get(i));
                }
            }
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
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
