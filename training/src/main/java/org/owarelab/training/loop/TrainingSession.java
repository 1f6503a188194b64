package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.training.nn.CheckpointWriter;
import org.owarelab.training.nn.Learner;
import org.owarelab.training.replay.RecordLayout;
import org.owarelab.training.replay.ReplayBuffer;
import org.owarelab.training.selfplay.SelfPlaySeeds;

/**
 * What a training run holds in memory between generations: the learner (network, optimizer
 * moments, step count), the network self-play uses (the learner's own, or with gating the best
 * accepted checkpoint), the replay buffer (its sampling stream included) and the run's state.
 *
 * <p>{@link #open} rebuilds all of it from a resume point and so checks everything the point
 * names (the checkpoint against the config's network, encoder and rules; the replay file's
 * layout) before a caller writes anything. Rebuilt, it is the same learner state the killed
 * session had at that point, so a resumed run continues bit for bit as the uninterrupted one.
 */
final class TrainingSession implements AutoCloseable {
    private final RunDirectory run;
    private final TrainConfig cfg;
    private final ObservationEncoder encoder;
    private final PolicyValueNet net;
    private final Learner learner;
    private final ReplayBuffer buffer;
    private PolicyValueNet selfplayNet;
    /** The resume point on disk. */
    private TrainState saved;
    /** The last generation done, possibly past {@link #saved} (generations without a checkpoint). */
    private TrainState state;

    private TrainingSession(RunDirectory run, TrainConfig cfg, ObservationEncoder encoder, PolicyValueNet net,
            Learner learner, ReplayBuffer buffer, PolicyValueNet selfplayNet, TrainState state) {
        this.run = run;
        this.cfg = cfg;
        this.encoder = encoder;
        this.net = net;
        this.learner = learner;
        this.buffer = buffer;
        this.selfplayNet = selfplayNet;
        this.saved = state;
        this.state = state;
    }

    /**
     * The seed of the replay sampler: one for the whole run. The sampler draws minibatch {@code k}
     * from this seed and the samples drawn before it (saved in the replay file), so it continues
     * its stream across a resume; a seed derived from the resume point's generation would not.
     */
    static long sampleSeed(long runSeed) {
        return SelfPlaySeeds.game(runSeed ^ 0x5EED_B0FFL, 0);
    }

    /**
     * Rebuilds the session at {@code state}, writing nothing.
     *
     * @throws IllegalArgumentException when a file the state names is missing, or the checkpoint
     *     or replay file does not fit the config ({@code CheckpointException} names both sides)
     */
    static TrainingSession open(RunDirectory run, TrainConfig cfg, TrainState state) throws IOException {
        ObservationEncoder encoder = cfg.observationEncoder();
        Path ckpt = state.checkpoint() == null ? null : named(run, run.checkpoints().resolve(state.checkpoint()));
        Path bestCkpt = state.best() == null || !cfg.gating().enabled() ? null
                : named(run, run.checkpoints().resolve(state.best()));
        Path replay = state.replay() == null ? null : named(run, run.root().resolve(state.replay()));
        PolicyValueNet net = null;
        Learner learner = null;
        PolicyValueNet selfplayNet = null;
        try {
            net = ckpt == null ? PolicyValueNet.create(cfg.network(), encoder, cfg.seed(), cfg.deviceChoice())
                    : Checkpoints.loadNetwork(ckpt, encoder, cfg.network(), cfg.deviceChoice());
            learner = new Learner(net, cfg.learner());
            if (ckpt != null) {
                CheckpointWriter.restoreLearner(ckpt, learner);
            }
            // Before the first acceptance self-play uses the learner's network itself: self-play and
            // training never run at once, and the first checkpoint is accepted before training changes
            // what self-play would see.
            selfplayNet = bestCkpt == null ? net : Checkpoints.loadNetwork(bestCkpt, encoder, cfg.network(),
                    cfg.deviceChoice());
            RecordLayout layout = RecordLayout.of(encoder);
            long seed = sampleSeed(cfg.seed());
            ReplayBuffer buffer = replay == null ? new ReplayBuffer(layout, cfg.replay(), seed)
                    : ReplayBuffer.load(replay, layout, cfg.replay(), seed);
            return new TrainingSession(run, cfg, encoder, net, learner, buffer, selfplayNet, state);
        } catch (IOException | RuntimeException e) {
            closeAll(selfplayNet == net ? null : selfplayNet, learner, net);
            throw e;
        }
    }

    private static Path named(RunDirectory run, Path file) {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("run " + run.root() + ": state.json names " + file.getFileName()
                    + ", which is missing (deleted by hand, or written over by another process?)");
        }
        return file;
    }

    TrainState state() {
        return state;
    }

    Learner learner() {
        return learner;
    }

    ReplayBuffer buffer() {
        return buffer;
    }

    ObservationEncoder encoder() {
        return encoder;
    }

    /** The network self-play reads (the learner must not step while it plays). */
    PolicyValueNet selfplayNet() {
        return selfplayNet;
    }

    /**
     * Writes the checkpoint and the replay file of generation {@code next.generation()} under new
     * names (the resume point still names the previous ones) and returns {@code next} naming them.
     */
    TrainState saveCheckpoint(TrainState next) throws IOException {
        String ckpt = RunDirectory.checkpointName(learner.steps());
        if (!ckpt.equals(saved.checkpoint())) { // no learner step since: the saved checkpoint is this one
            Path target = run.checkpoints().resolve(ckpt);
            RunDirectory.deleteTree(target); // a leftover of a killed session, never named by the state
            CheckpointWriter.save(target, learner);
        }
        String replay = "replay-g" + next.generation() + ".bin";
        buffer.save(run.root().resolve(replay));
        return next.withFiles(ckpt, replay);
    }

    /** Self-play reads checkpoint {@code best} of this run from now on. */
    void useForSelfPlay(String best) {
        PolicyValueNet loaded = Checkpoints.loadNetwork(run.checkpoints().resolve(best), encoder, cfg.network(),
                cfg.deviceChoice());
        if (selfplayNet != net) {
            selfplayNet.close();
        }
        selfplayNet = loaded;
    }

    /** Moves on to {@code next} in memory only (a generation without a checkpoint). */
    void advance(TrainState next) {
        state = next;
    }

    /**
     * Makes {@code next} the resume point (everything of its generation is on disk), then deletes
     * the replay file and checkpoints it no longer needs.
     */
    void commit(TrainState next) throws IOException {
        run.writeState(next);
        if (saved.replay() != null && !saved.replay().equals(next.replay())) {
            Files.deleteIfExists(run.root().resolve(saved.replay()));
        }
        if (saved.generation() != next.generation()) { // continuous self-play's games in flight, when saved
            Files.deleteIfExists(InFlightFile.path(run, saved.generation()));
        }
        int keep = cfg.loop().keepCheckpoints();
        if (keep > 0) {
            List<Path> all = run.checkpointDirs();
            for (int i = 0; i < all.size() - keep; i++) {
                String name = all.get(i).getFileName().toString();
                if (!name.equals(next.checkpoint()) && !name.equals(next.best())) {
                    RunDirectory.deleteTree(all.get(i));
                }
            }
        }
        saved = next;
        state = next;
    }

    @Override
    public void close() {
        closeAll(selfplayNet == net ? null : selfplayNet, learner, net);
    }

    private static void closeAll(AutoCloseable... all) {
        for (AutoCloseable c : all) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception e) {
                    // closing native memory does not fail in a way the caller could act on
                }
            }
        }
    }
}
