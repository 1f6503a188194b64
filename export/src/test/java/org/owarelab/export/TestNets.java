package org.owarelab.export;

import java.util.SplittableRandom;
import org.owarelab.model.PolicyValueNet;

/** Test networks for other packages' tests: {@link OnnxParityTest#randomise}, public. */
public final class TestNets {
    private TestNets() {
    }

    /** Sets every parameter of {@code net} to seeded random values (see OnnxParityTest.randomise). */
    public static void randomise(PolicyValueNet net, SplittableRandom random) {
        OnnxParityTest.randomise(net, random);
    }
}
