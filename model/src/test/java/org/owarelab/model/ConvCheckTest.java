package org.owarelab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import org.junit.jupiter.api.Test;

class ConvCheckTest {

    @Test
    void directConvolutionMatchesAHandComputedValue() {
        float[] x = new float[ConvCheck.BATCH * ConvCheck.CHANNELS_IN * ConvCheck.LENGTH];
        float[] w = new float[ConvCheck.CHANNELS_OUT * ConvCheck.CHANNELS_IN * 3];
        // batch 0, channel 2: ones at t = 4, 5; output 1 reads channel 2 with kernel (1, 2, 3).
        x[2 * ConvCheck.LENGTH + 4] = 1;
        x[2 * ConvCheck.LENGTH + 5] = 1;
        w[(1 * ConvCheck.CHANNELS_IN + 2) * 3] = 1;
        w[(1 * ConvCheck.CHANNELS_IN + 2) * 3 + 1] = 2;
        w[(1 * ConvCheck.CHANNELS_IN + 2) * 3 + 2] = 3;
        double[] y = ConvCheck.expected(x, w);
        int out1 = ConvCheck.LENGTH; // batch 0, output channel 1
        assertEquals(3.0, y[out1 + 3]); // reads t = 2, 3, 4: 3 * 1
        assertEquals(5.0, y[out1 + 4]); // t = 3, 4, 5: 2 + 3
        assertEquals(3.0, y[out1 + 5]); // t = 4, 5, 6: 1 + 2
        assertEquals(1.0, y[out1 + 6]); // t = 5, 6, 7: 1
        assertEquals(0.0, y[4]); // output channel 0 has no weights
    }

    @Test
    void aWrongOrNonFiniteConvolutionIsRefusedWithTheRemedy() {
        assertEquals(0.5, ConvCheck.maxError(new float[] {1.5f, 2f}, new double[] {1, 2}), 1e-9);
        assertTrue(Double.isNaN(ConvCheck.maxError(new float[] {Float.NaN, 2f}, new double[] {1, 2})));
        assertEquals("", ConvCheck.message(1e-6));
        String wrong = ConvCheck.message(7.94);
        assertTrue(wrong.contains("off by 7.94") && wrong.contains(ConvCheck.REMEDY), wrong);
        assertTrue(ConvCheck.message(Double.NaN).contains("off by NaN"));
        assertTrue(!wrong.contains("\n"), "one line");
    }

    /** The test JVMs run with the remedy set (the parent pom), so libtorch here must be exact. */
    @Test
    void libtorchConvolutionIsExactInTheTestEnvironment() {
        ConvCheck.requireCorrectCpuConvolution(Device.cpu());
        ConvCheck.requireCorrectCpuConvolution(Device.cpu()); // cached verdict
    }
}
