package org.owarelab.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.initializer.Initializer;
import java.util.SplittableRandom;

/**
 * Weights drawn from a uniform distribution of variance {@code gain^2 / fanIn} with a Java
 * {@link SplittableRandom}, so the same seed gives the same network on any engine, device or
 * thread (libtorch's global generator is shared by every thread of the JVM). {@code fanIn} is the
 * product of the shape's dimensions after the first (inputs x kernel width). Several initializers
 * may share one generator: DJL initializes parameters in a fixed order, so the draws are fixed.
 */
final class SeededInitializer implements Initializer {
    /** He initialization, for layers followed by a ReLU. */
    static final double RELU_GAIN = Math.sqrt(2.0);
    /** Output layers start small: near-uniform priors and values near 0. */
    static final double OUTPUT_GAIN = 0.1;

    private final SplittableRandom random;
    private final double gain;

    SeededInitializer(SplittableRandom random, double gain) {
        this.random = random;
        this.gain = gain;
    }

    @Override
    public NDArray initialize(NDManager manager, Shape shape, DataType dataType) {
        long fanIn = 1;
        for (int d = 1; d < shape.dimension(); d++) {
            fanIn *= shape.get(d);
        }
        double bound = gain * Math.sqrt(3.0 / Math.max(1, fanIn));
        float[] w = new float[Math.toIntExact(shape.size())];
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) ((2 * random.nextDouble() - 1) * bound);
        }
        return manager.create(w, shape).toType(dataType, false);
    }
}
