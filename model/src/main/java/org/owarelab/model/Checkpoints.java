package org.owarelab.model;

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
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;

/**
 * Reading checkpoints: a directory per checkpoint holding
 * <ul>
 *   <li>{@code params.djl}: the network's parameters in DJL's format (what {@code Model.save}
 *       writes after its header: {@code Block.saveParameters}), batch-norm statistics included;
 *   <li>{@code optimizer.npz}: when saved with a learner, the optimizer state (Adam's moments or
 *       SGD's momentum, one array per parameter, named {@code PARAM.m}/{@code .v}/{@code .mom});
 *   <li>{@code meta.json}: {@link CheckpointInfo} (format version, network spec, encoder tag and
 *       shape, rule set, step, optimizer, size and SHA-256 of each data file).
 * </ul>
 * The training module writes them ({@code org.owarelab.training.nn.CheckpointWriter}): into a
 * temporary sibling directory that is renamed when complete, so a reader here sees a whole
 * checkpoint or none, and never over an existing one.
 *
 * <p>Loading checks, in this order: the metadata parses and has this build's format version; the
 * encoder, its shape and the rule set (and the architecture, when one is expected) are the ones
 * given; the data files have the recorded sizes and hashes (else: corrupt or truncated). Any
 * failure is a {@link CheckpointException} naming the checkpoint and both sides.
 */
public final class Checkpoints {
    public static final String FORMAT = "oware-checkpoint";
    public static final int FORMAT_VERSION = 1;
    public static final String META = "meta.json";
    public static final String PARAMS = "params.djl";
    public static final String OPTIMIZER = "optimizer.npz";

    static final ObjectMapper JSON = Mappers.jsonBuilder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private Checkpoints() {
    }

    /** The bytes of {@code meta.json} for {@code info}, as the checkpoint writer stores them. */
    public static byte[] metaJson(CheckpointInfo info) throws IOException {
        return JSON.writeValueAsBytes(info);
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
            throw new CheckpointException(meta + " is corrupt or truncated: " + Texts.jsonProblem(
                    e.getMessage()), e);
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
     * Checks that a checkpoint's metadata fits a network of this encoder (tag and shape), rule set
     * and, when {@code expected} is not null, architecture.
     *
     * @throws CheckpointException naming the checkpoint and both sides of the first mismatch
     */
    public static void checkCompatible(Path dir, CheckpointInfo info, String encoderTag, int[] shape, RuleSet rules,
                                        NetworkSpec expected) {
        // Rules first: another board size also changes the observation shape, and the rules are the cause.
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
        if (!info.encoder().equals(encoderTag)) {
            throw new CheckpointException("checkpoint " + dir + " was written for encoder " + info.encoder()
                    + ", not for encoder " + encoderTag + " (load it with the encoder it names)");
        }
        if (!Arrays.equals(info.inputShapeArray(), shape)) {
            throw new CheckpointException("checkpoint " + dir + " reads observations of shape " + info.inputShape()
                    + ", encoder " + encoderTag + " gives " + Arrays.toString(shape));
        }
        if (expected != null && !expected.equals(info.network())) {
            throw new CheckpointException("checkpoint " + dir + " holds network " + info.network().spec()
                    + ", not the expected " + expected.spec());
        }
    }
}
