package org.owarelab.training.nn;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.types.DataType;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * Checkpoints: a directory per checkpoint holding
 * <ul>
 *   <li>{@code params.djl}: the network's parameters in DJL's format (what {@code Model.save}
 *       writes after its header: {@code Block.saveParameters}), batch-norm statistics included;
 *   <li>{@code optimizer.npz}: when saved with a learner, the optimizer state (Adam's moments or
 *       SGD's momentum, one array per parameter, named {@code PARAM.m}/{@code .v}/{@code .mom});
 *   <li>{@code meta.json}: {@link CheckpointInfo} (format version, network spec, encoder tag and
 *       shape, rule set, step, optimizer, size and SHA-256 of each data file).
 * </ul>
 * A checkpoint is written into a temporary sibling directory ({@code .NAME.tmp-*}) that is
 * renamed to its name when complete, so a reader sees a whole checkpoint or none, even after a
 * kill at any moment; an existing checkpoint is never overwritten.
 *
 * <p>Loading checks, in this order: the metadata parses and has this build's format version; the
 * encoder, its shape and the rule set (and the architecture, when one is expected) are the ones
 * given; the data files have the recorded sizes and hashes (else: corrupt or truncated). Any
 * failure is a {@link CheckpointException} naming the checkpoint and both sides.
 *
 * <p>Resuming training: {@code net = loadNetwork(dir, encoder, spec, device)}, {@code learner =
 * new Learner(net, config)}, {@code restoreLearner(dir, learner)} (optimizer state and step). A
 * checkpoint saved without a learner resumes with a fresh optimizer: {@code learner.startAt(step)}.
 */
public final class Checkpoints {
    public static final String FORMAT = "oware-checkpoint";
    public static final int FORMAT_VERSION = 1;
    public static final String META = "meta.json";
    public static final String PARAMS = "params.djl";
    public static final String OPTIMIZER = "optimizer.npz";

    static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private Checkpoints() {
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
                files.put(PARAMS, HashedFiles.write(tmp.resolve(PARAMS), out -> net.block().saveParameters(out)));
                if (learner != null) {
                    files.put(OPTIMIZER, HashedFiles.write(tmp.resolve(OPTIMIZER), learner::saveOptimizerState));
                }
                CheckpointInfo info = new CheckpointInfo(FORMAT, FORMAT_VERSION, net.spec(), net.encoderTag(),
                        Arrays.stream(net.inputShape()).boxed().toList(), net.rules().spec(), step,
                        net.parameterCount(), learner == null ? null : learner.config().optimizer(),
                        learner == null ? null : learner.config(), files);
                HashedFiles.write(tmp.resolve(META), out -> out.write(JSON.writeValueAsBytes(info)));
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

    /** Whether {@code dir} looks like a checkpoint (has a {@code meta.json}); reads nothing else. */
    public static boolean isCheckpoint(Path dir) {
        return Files.isRegularFile(dir.resolve(META));
    }

    /**
     * Reads and checks the metadata of a checkpoint.
     *
     * @throws CheckpointException when it is missing, corrupt or of another format version
     */
    public static CheckpointInfo readInfo(Path dir) {
        Path meta = dir.resolve(META);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(meta);
        } catch (NoSuchFileException e) {
            throw new CheckpointException(dir + " is not a checkpoint: " + (Files.isDirectory(dir)
                    ? "it has no " + META : "no such directory"));
        } catch (IOException e) {
            throw new CheckpointException("cannot read " + meta + ": " + e, e);
        }
        try {
            JsonNode tree = JSON.readTree(bytes);
            if (tree == null || !FORMAT.equals(tree.path("format").asText())) {
                throw new CheckpointException(meta + " is not " + FORMAT + " metadata (corrupt?)");
            }
            int version = tree.path("formatVersion").asInt(-1);
            if (version != FORMAT_VERSION) {
                throw new CheckpointException(meta + " has format version " + version + "; this build reads version "
                        + FORMAT_VERSION);
            }
            CheckpointInfo info = JSON.treeToValue(tree, CheckpointInfo.class);
            if (info.network() == null || info.encoder() == null || info.rules() == null || info.inputShape() == null
                    || info.files() == null || !info.files().containsKey(PARAMS)) {
                throw new CheckpointException(meta + " lacks network, encoder, inputShape, rules or files");
            }
            return info;
        } catch (IOException | IllegalArgumentException e) {
            if (e instanceof CheckpointException) {
                throw (CheckpointException) e;
            }
            throw new CheckpointException(meta + " is corrupt or truncated: " + e.getMessage().lines().findFirst()
                    .orElse(""), e);
        }
    }

    /** Loads the network of a checkpoint, whatever its architecture, for {@code encoder}. */
    public static PolicyValueNet loadNetwork(Path dir, ObservationEncoder encoder, DeviceChoice device) {
        return loadNetwork(dir, encoder, null, device);
    }

    /**
     * Loads the network of a checkpoint into a freshly built block on {@code device}.
     *
     * @param expected the architecture the caller needs, or null to take the checkpoint's
     * @throws CheckpointException on a mismatch of encoder, shape, rules or architecture, or a
     *     corrupt or truncated checkpoint
     */
    public static PolicyValueNet loadNetwork(Path dir, ObservationEncoder encoder, NetworkSpec expected,
                                             DeviceChoice device) {
        CheckpointInfo info = readInfo(dir);
        checkCompatible(dir, info, encoder.tag(), encoder.shape(), encoder.rules(), expected);
        HashedFiles.verify(dir, PARAMS, info.files().get(PARAMS));
        PolicyValueNet net = PolicyValueNet.forLoading(info.network(), info.encoder(), encoder.rules(),
                info.inputShapeArray(), device);
        try (InputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(dir.resolve(PARAMS))))) {
            net.block().loadParameters(net.manager(), (DataInputStream) in);
            for (Pair<String, Parameter> p : net.parameters()) {
                p.getValue().initialize(net.manager(), DataType.FLOAT32); // loaded: only marks gradients
            }
        } catch (IOException | MalformedModelException | RuntimeException e) {
            net.close();
            throw new CheckpointException(dir.resolve(PARAMS) + " does not hold the parameters of " + info.network()
                    + ": " + e.getMessage(), e);
        }
        if (net.parameterCount() != info.parameters()) {
            long got = net.parameterCount();
            net.close();
            throw new CheckpointException(dir + ": loaded " + got + " parameters, the metadata says " + info.parameters());
        }
        return net;
    }

    /**
     * Restores the optimizer state and step count of a checkpoint into {@code learner}, whose
     * network was loaded from the same checkpoint (see the class comment).
     *
     * @throws CheckpointException when the checkpoint has no optimizer state, or another optimizer,
     *     architecture, encoder or rule set
     */
    public static void restoreLearner(Path dir, Learner learner) {
        CheckpointInfo info = readInfo(dir);
        PolicyValueNet net = learner.network();
        checkCompatible(dir, info, net.encoderTag(), net.inputShape(), net.rules(), net.spec());
        if (info.optimizer() == null || !info.files().containsKey(OPTIMIZER)) {
            throw new CheckpointException(dir + " holds no optimizer state (saved without a learner): resume with a "
                    + "fresh optimizer by learner.startAt(" + info.step() + ")");
        }
        if (info.optimizer() != learner.config().optimizer()) {
            throw new CheckpointException(dir + " holds " + info.optimizer().id() + " state, but the learner uses "
                    + learner.config().optimizer().id() + ": use the same optimizer, or resume with a fresh one by "
                    + "learner.startAt(" + info.step() + ")");
        }
        HashedFiles.verify(dir, OPTIMIZER, info.files().get(OPTIMIZER));
        try (InputStream in = new BufferedInputStream(Files.newInputStream(dir.resolve(OPTIMIZER)))) {
            learner.restoreOptimizerState(in, dir.resolve(OPTIMIZER).toString(), info.step());
        } catch (IOException e) {
            throw new CheckpointException("cannot read " + dir.resolve(OPTIMIZER) + ": " + e, e);
        }
    }

    private static void checkCompatible(Path dir, CheckpointInfo info, String encoderTag, int[] shape, RuleSet rules,
                                        NetworkSpec expected) {
        if (!info.encoder().equals(encoderTag)) {
            throw new CheckpointException("checkpoint " + dir + " was written for encoder " + info.encoder()
                    + ", not for encoder " + encoderTag + " (load it with the encoder it names)");
        }
        if (!Arrays.equals(info.inputShapeArray(), shape)) {
            throw new CheckpointException("checkpoint " + dir + " reads observations of shape " + info.inputShape()
                    + ", encoder " + encoderTag + " gives " + Arrays.toString(shape));
        }
        RuleSet saved;
        try {
            saved = RuleSet.parse(info.rules());
        } catch (IllegalArgumentException e) {
            throw new CheckpointException("checkpoint " + dir + ": rules '" + info.rules() + "' do not parse: "
                    + e.getMessage(), e);
        }
        if (!saved.equals(rules)) {
            throw new CheckpointException("checkpoint " + dir + " was trained for rules " + saved
                    + ", not for rules " + rules);
        }
        if (expected != null && !expected.equals(info.network())) {
            throw new CheckpointException("checkpoint " + dir + " holds network " + info.network().spec()
                    + ", not the expected " + expected.spec());
        }
    }
}
