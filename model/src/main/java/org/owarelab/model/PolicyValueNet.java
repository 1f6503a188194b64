package org.owarelab.model;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.util.Pair;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * A policy/value network: the DJL block of a {@link NetworkSpec} with its parameters, bound to the
 * encoder (tag and shape) and rule set it reads. Tensors stay inside this package and the training
 * module's learner: evaluate with a {@link DjlEvaluator}, load with {@link Checkpoints}; the
 * training module trains it ({@code Learner}) and saves it ({@code CheckpointWriter}).
 *
 * <p>Threads: forward passes only read the parameters, so any number of evaluators (one per
 * thread) may run on one network at once; this is DJL's own model (one {@code Model}, one
 * {@code Predictor} per thread, each with its own {@code ParameterStore} and manager). Training
 * it ({@code Learner.step} in the training module) or {@link #copyParametersFrom} changes the parameters in place and
 * must not overlap with any forward pass: train a separate network and copy it over between
 * batches, or make fresh evaluators on a {@link #copy()}.
 */
public final class PolicyValueNet implements AutoCloseable {
    private final NetworkSpec spec;
    private final String encoderTag;
    private final RuleSet rules;
    private final int[] inputShape;
    private final int actions;
    private final NDManager manager;
    private final Block block;

    private PolicyValueNet(NetworkSpec spec, String encoderTag, RuleSet rules, int[] inputShape,
                           Device device, long seed, boolean initialize) {
        this.spec = spec;
        this.encoderTag = encoderTag;
        this.rules = rules;
        this.inputShape = inputShape.clone();
        this.actions = rules.houses();
        if (spec.kind() == NetworkSpec.Kind.RESNET) {
            ConvCheck.requireCorrectCpuConvolution(device);
        }
        this.block = NetBuilder.build(spec, inputShape, actions, seed);
        this.manager = NDManager.newBaseManager(device);
        manager.setName("net " + spec.spec());
        if (initialize) {
            block.initialize(manager, DataType.FLOAT32, batchShape(1));
        }
    }

    /**
     * A freshly initialized network; the same arguments give the same weights.
     *
     * @throws NetworkSpecException when the spec cannot read the encoder's shape (resnet needs planes)
     * @throws IllegalArgumentException when the device is not available
     */
    public static PolicyValueNet create(NetworkSpec spec, ObservationEncoder encoder, long seed, DeviceChoice device) {
        return new PolicyValueNet(spec, encoder.tag(), encoder.rules(), encoder.shape(), device.device(), seed, true);
    }

    /** An unbuilt twin for loading saved parameters into (DJL sets shapes and arrays from the file). */
    public static PolicyValueNet forLoading(NetworkSpec spec, String encoderTag, RuleSet rules, int[] inputShape,
                                     DeviceChoice device) {
        return new PolicyValueNet(spec, encoderTag, rules, inputShape, device.device(), 0L, false);
    }

    /** A deep copy on the same device (fresh parameters holding the same values). */
    public PolicyValueNet copy() {
        PolicyValueNet c = new PolicyValueNet(spec, encoderTag, rules, inputShape, manager.getDevice(), 0L, true);
        c.copyParametersFrom(this);
        return c;
    }

    /**
     * Overwrites this network's parameters (batch-norm statistics included) with {@code source}'s.
     * No forward pass may run on this network meanwhile.
     *
     * @throws IllegalArgumentException when the two networks differ in spec, encoder or rules
     */
    public void copyParametersFrom(PolicyValueNet source) {
        if (!sameShapeAs(source)) {
            throw new IllegalArgumentException("copyParametersFrom: " + source.describe() + " into " + describe());
        }
        List<Pair<String, Parameter>> to = parameters();
        List<Pair<String, Parameter>> from = source.parameters();
        for (int i = 0; i < to.size(); i++) {
            copyValues(from.get(i).getValue().getArray(), to.get(i).getValue().getArray());
        }
    }

    /**
     * Copies the values of {@code source} into {@code target}'s own memory: an in-place libtorch
     * copy ({@code index_put_} over the whole array) with autograd recording off on the calling
     * thread, exact to the bit. Not {@code NDArray.set(Buffer)}, which DJL's {@code copyTo} and
     * {@code set(float[])} go through: on PyTorch it does not copy into the target but swaps the
     * target's storage for a fresh Java direct buffer ({@code set_} under libtorch's deprecated
     * {@code AutoNonVariableTypeMode}: the "silent wrong result" warning of resumed runs), memory
     * that only a field of that one Java array object keeps alive. (In DJL 0.35.1 {@code copyTo}
     * hands {@code set} a heap copy of the source, so it never aliased the source's memory.)
     */
    public static void copyValues(NDArray source, NDArray target) {
        if (!source.getShape().equals(target.getShape())) {
            throw new IllegalArgumentException("copy of shape " + source.getShape() + " into " + target.getShape());
        }
        boolean grad = JniUtils.isGradMode();
        JniUtils.setGradMode(false); // an in-place write to a parameter is not part of any graph
        try {
            target.set(new NDIndex(":"), source); // every element (all parameters have an axis)
        } finally {
            JniUtils.setGradMode(grad);
        }
    }

    /** Whether the two networks have the same spec, encoder tag, input shape and rules (interchangeable parameters). */
    public boolean sameShapeAs(PolicyValueNet o) {
        return spec.equals(o.spec) && encoderTag.equals(o.encoderTag) && rules.equals(o.rules)
                && Arrays.equals(inputShape, o.inputShape);
    }

    /** Trainable parameters (weights, biases, batch-norm scales and shifts; not running statistics). */
    public long parameterCount() {
        long n = 0;
        for (Pair<String, Parameter> p : block.getParameters()) {
            Parameter.Type t = p.getValue().getType();
            if (t != Parameter.Type.RUNNING_MEAN && t != Parameter.Type.RUNNING_VAR) {
                n += p.getValue().getArray().getShape().size();
            }
        }
        return n;
    }

    /** One line: spec, input, moves, parameters, device; e.g. for logs and {@code --help}-style output. */
    public String describe() {
        return String.format("%s on %s %s (rules %s), %d moves, %,d parameters, %s", spec.spec(), encoderTag,
                Arrays.toString(inputShape), rules, actions, parameterCount(), manager.getDevice());
    }

    public NetworkSpec spec() {
        return spec;
    }

    /** The tag ({@code id/version}) of the encoder whose observations this network reads. */
    public String encoderTag() {
        return encoderTag;
    }

    public RuleSet rules() {
        return rules;
    }

    /** The observation shape, batch excluded. */
    public int[] inputShape() {
        return inputShape.clone();
    }

    /** Floats per observation. */
    public int inputSize() {
        int s = 1;
        for (int d : inputShape) {
            s *= d;
        }
        return s;
    }

    /** Moves per position (houses per side). */
    public int actions() {
        return actions;
    }

    /** Whether the parameters live on a GPU. */
    public boolean onGpu() {
        return manager.getDevice().isGpu();
    }

    /**
     * The DJL block, for the learner and the checkpoint writer in the training module (the only
     * code outside this package that handles tensors); not for inference, which goes through a
     * {@link DjlEvaluator}.
     */
    public Block block() {
        return block;
    }

    /** The manager that owns the parameters, for the learner (see {@link #block()}). */
    public NDManager manager() {
        return manager;
    }

    /** The parameters in DJL's fixed order, with their hierarchical names (for the learner). */
    public List<Pair<String, Parameter>> parameters() {
        return block.getParameters().stream().collect(Collectors.toList());
    }

    /** The input shape with a leading batch dimension. */
    public Shape batchShape(long batch) {
        long[] s = new long[inputShape.length + 1];
        s[0] = batch;
        for (int i = 0; i < inputShape.length; i++) {
            s[i + 1] = inputShape[i];
        }
        return new Shape(s);
    }

    /** Whether the parameter arrays exist (false only between {@link #forLoading} and the load). */
    boolean initialized() {
        return block.isInitialized();
    }

    @Override
    public void close() {
        manager.close();
    }

    @Override
    public String toString() {
        return describe();
    }

    /** The values of one parameter array (for tests and diagnostics; index as in {@link #parameters()}). */
    public float[] parameterValues(int index) {
        NDArray a = parameters().get(index).getValue().getArray();
        return a.toFloatArray();
    }
}
