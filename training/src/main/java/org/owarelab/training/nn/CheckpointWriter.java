package org.owarelab.training.nn;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.owarelab.formats.Mappers;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.CheckpointInfo;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.HashedFiles;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.util.AtomicDirectory;

/**
 * The training half of checkpoints (the format and reading are {@link Checkpoints} in the model
 * module): writing a network, with the learner's optimizer state when given one, and restoring
 * that state when resuming.
 *
 * <p>A checkpoint is written into a temporary sibling directory ({@code .NAME.tmp-*}) that is
 * renamed to its name when complete, so a reader sees a whole checkpoint or none, even after a
 * kill at any moment; an existing checkpoint is never overwritten.
 *
 * <p>Resuming training: {@code net = Checkpoints.loadNetwork(dir, encoder, spec, device)},
 * {@code learner = new Learner(net, config)}, {@code restoreLearner(dir, learner)} (optimizer
 * state and step). A checkpoint saved without a learner resumes with a fresh optimizer:
 * {@code learner.startAt(step)}.
 */
public final class CheckpointWriter {
    /** Turns the learner's configuration into the informative JSON of {@code meta.json}. */
    private static final ObjectMapper JSON = Mappers.json();

    private CheckpointWriter() {
    }

    /** Saves the learner's network, its optimizer state and step count into the new directory {@code dir}. */
    public static CheckpointInfo save(Path dir, Learner learner) {
        return save(dir, learner.network(), learner, learner.steps());
    }

    /** Saves a network without optimizer state (e.g. an inference snapshot) into the new directory {@code dir}. */
    public static CheckpointInfo save(Path dir, PolicyValueNet net, long step) {
        return save(dir, net, null, step);
    }

    private static CheckpointInfo save(Path dir, PolicyValueNet net, Learner learner, long step) {
        Map<String, CheckpointInfo.FileInfo> files = new LinkedHashMap<>();
        try {
            return AtomicDirectory.write(dir, tmp -> {
                files.put(Checkpoints.PARAMS, HashedFiles.write(tmp.resolve(Checkpoints.PARAMS),
                        out -> net.block().saveParameters(out)));
                if (learner != null) {
                    files.put(Checkpoints.OPTIMIZER, HashedFiles.write(tmp.resolve(Checkpoints.OPTIMIZER),
                            learner::saveOptimizerState));
                }
                CheckpointInfo info = new CheckpointInfo(Checkpoints.FORMAT, Checkpoints.FORMAT_VERSION, net.spec(),
                        net.encoderTag(), Arrays.stream(net.inputShape()).boxed().toList(), net.rules().spec(), step,
                        net.parameterCount(), learner == null ? null : learner.config().optimizer().id(),
                        learner == null ? null : JSON.valueToTree(learner.config()), files);
                byte[] meta = Checkpoints.metaJson(info);
                HashedFiles.write(tmp.resolve(Checkpoints.META), out -> out.write(meta));
                return info;
            });
        } catch (FileAlreadyExistsException e) {
            throw new CheckpointException("checkpoint " + dir + " exists already (checkpoints are never overwritten)", e);
        } catch (IOException e) {
            throw new CheckpointException("could not write checkpoint " + dir + ": " + e, e);
        }
    }

    /**
     * Deletes the temporary directories that writers killed mid-checkpoint left in {@code parent}
     * (e.g. a run directory, when resuming); returns how many. Not while another process writes there.
     */
    public static int deleteTemporaries(Path parent) {
        try {
            return AtomicDirectory.deleteTemporaries(parent);
        } catch (IOException e) {
            throw new CheckpointException("cannot clean temporary checkpoints in " + parent + ": " + e, e);
        }
    }

    /**
     * Restores the optimizer state and step count of a checkpoint into {@code learner}, whose
     * network was loaded from the same checkpoint (see the class comment).
     *
     * @throws CheckpointException when the checkpoint has no optimizer state, or another optimizer,
     *     architecture, encoder or rule set
     */
    public static void restoreLearner(Path dir, Learner learner) {
        CheckpointInfo info = Checkpoints.readInfo(dir);
        PolicyValueNet net = learner.network();
        Checkpoints.checkCompatible(dir, info, net.encoderTag(), net.inputShape(), net.rules(), net.spec());
        if (info.optimizer() == null || !info.files().containsKey(Checkpoints.OPTIMIZER)) {
            throw new CheckpointException(dir + " holds no optimizer state (saved without a learner): resume with a "
                    + "fresh optimizer by learner.startAt(" + info.step() + ")");
        }
        String using = learner.config().optimizer().id();
        if (!info.optimizer().equals(using)) {
            throw new CheckpointException(dir + " holds " + info.optimizer() + " state, but the learner uses "
                    + using + ": use the same optimizer, or resume with a fresh one by "
                    + "learner.startAt(" + info.step() + ")");
        }
        Path file = dir.resolve(Checkpoints.OPTIMIZER);
        HashedFiles.verify(dir, Checkpoints.OPTIMIZER, info.files().get(Checkpoints.OPTIMIZER));
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            learner.restoreOptimizerState(in, file.toString(), info.step());
        } catch (IOException e) {
            throw new CheckpointException("cannot read " + file + ": " + e, e);
        }
    }
}
