package org.owarelab.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

class PolicyValueNetTest {
    static final RuleSet RULES = RuleSet.DEFAULT;

    @Test
    void mlpParameterCountMatchesTheArchitecture() {
        ObservationEncoder enc = TestEncoders.flat(RULES);
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(8, 5).withAux(true), enc, 1, DeviceChoice.CPU)) {
            // 14->8, 8->5, heads 5->6, 5->1, 5->1 (weights + biases)
            long expected = (14 * 8 + 8) + (8 * 5 + 5) + (5 * 6 + 6) + (5 + 1) + (5 + 1);
            assertEquals(expected, net.parameterCount());
        }
    }

    @Test
    void resnetParameterCountMatchesTheArchitecture() {
        ObservationEncoder enc = TestEncoders.planes(RULES);
        int c = 4;
        int n = 6;
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.resnet(2, c).withValue(NetworkSpec.ValueHead.WDL),
                enc, 1, DeviceChoice.CPU)) {
            long stem = 4 * c * 3 + 2 * c;
            long block = 2 * (c * c * 3 + 2 * c);
            long head = c * 2 + 2 * 2; // 1x1 conv to 2 channels + batch norm
            long policy = head + (2 * n * n + n);
            long value = head + (2 * n * c + c) + (c * 3 + 3);
            assertEquals(stem + 2 * block + policy + value, net.parameterCount());
        }
    }

    @Test
    void sameSeedSameWeightsOtherSeedOther() {
        ObservationEncoder enc = TestEncoders.flat(RULES);
        try (PolicyValueNet a = PolicyValueNet.create(NetworkSpec.mlp(16), enc, 7, DeviceChoice.CPU);
             PolicyValueNet b = PolicyValueNet.create(NetworkSpec.mlp(16), enc, 7, DeviceChoice.CPU);
             PolicyValueNet c = PolicyValueNet.create(NetworkSpec.mlp(16), enc, 8, DeviceChoice.CPU)) {
            assertArrayEquals(a.parameterValues(0), b.parameterValues(0));
            assertFalse(java.util.Arrays.equals(a.parameterValues(0), c.parameterValues(0)));
        }
    }

    @Test
    void resnetRefusesAFlatEncoder() {
        NetworkSpecException e = assertThrows(NetworkSpecException.class,
                () -> PolicyValueNet.create(NetworkSpec.resnet(1, 4), TestEncoders.flat(RULES), 1, DeviceChoice.CPU));
        assertTrue(e.getMessage().contains("[14]"), e.getMessage());
    }

    @Test
    void deviceChoice() {
        assertEquals(DeviceChoice.AUTO, DeviceChoice.parse(" Auto "));
        assertThrows(IllegalArgumentException.class, () -> DeviceChoice.parse("tpu"));
        assertTrue(!DeviceChoice.CPU.device().isGpu());
        if (!DeviceChoice.gpuAvailable()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceChoice.GPU.device());
            assertTrue(e.getMessage().contains("OWARE_GPU=1"), e.getMessage());
            assertTrue(!DeviceChoice.AUTO.device().isGpu());
        } else {
            try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(8), TestEncoders.flat(RULES), 1, DeviceChoice.GPU)) {
                assertTrue(net.onGpu());
            }
        }
    }

    @Test
    void copyGivesTheSameOutputs() {
        ObservationEncoder enc = TestEncoders.planes(RULES);
        Board[] boards = {new Board(RULES)};
        float[] p1 = new float[6];
        float[] v1 = new float[1];
        float[] p2 = new float[6];
        float[] v2 = new float[1];
        try (PolicyValueNet a = PolicyValueNet.create(NetworkSpec.resnet(1, 8), enc, 3, DeviceChoice.CPU);
             PolicyValueNet b = a.copy();
             DjlEvaluator ea = new DjlEvaluator(a, enc, 4);
             DjlEvaluator eb = new DjlEvaluator(b, enc, 4)) {
            ea.evaluate(boards, 1, p1, v1);
            eb.evaluate(boards, 1, p2, v2);
            assertArrayEquals(p1, p2);
            assertArrayEquals(v1, v2);
        }
    }
}
