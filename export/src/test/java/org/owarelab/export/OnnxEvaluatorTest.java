package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorContract;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The onnx module's evaluator over {@code model.onnx} as the export writes it: the evaluator
 * contract, and the same priors and values as the DJL evaluator (within float rounding) for an
 * MLP with a tanh head and a ResNet with a WDL head, over batch sizes that make its buffers grow
 * and its cached tensors be reused. Lives here because only this module has both DJL (to make
 * the network) and the ONNX writer.
 */
class OnnxEvaluatorTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;
    private static final ObservationEncoder PLANES = Encoders.create("planes", RULES);
    private static final ObservationEncoder COMPACT = Encoders.create("compact", RULES);
    static PolicyValueNet mlp;
    static PolicyValueNet resnet;
    static OnnxModel mlpOnnx;
    static OnnxModel resnetOnnx;

    @BeforeAll
    static void build() {
        mlp = PolicyValueNet.create(NetworkSpec.parse("mlp:hidden=32x16,value=tanh,aux=true"), COMPACT, 7,
                DeviceChoice.CPU);
        resnet = PolicyValueNet.create(NetworkSpec.parse("resnet:blocks=1,channels=6,value=wdl,aux=false"), PLANES, 7,
                DeviceChoice.CPU);
        OnnxParityTest.randomise(mlp, new SplittableRandom(3));
        OnnxParityTest.randomise(resnet, new SplittableRandom(4));
        mlpOnnx = OnnxModel.of(OnnxWriter.toBytes(mlp, "mlp"), COMPACT, OnnxSettings.defaults());
        resnetOnnx = OnnxModel.of(OnnxWriter.toBytes(resnet, "resnet"), PLANES, new OnnxSettings(2, 1));
    }

    @AfterAll
    static void close() {
        mlpOnnx.close();
        resnetOnnx.close();
        mlp.close();
        resnet.close();
    }

    @Nested
    class MlpContract implements EvaluatorContract {
        @Override
        public Evaluator evaluator() {
            return mlpOnnx.open(null, RULES);
        }

        @Override
        public RuleSet rules() {
            return RULES;
        }

        @Override
        public float batchTolerance() {
            return 1e-5f;
        }
    }

    @Nested
    class ResnetWdlContract implements EvaluatorContract {
        @Override
        public Evaluator evaluator() {
            return resnetOnnx.open(null, RULES);
        }

        @Override
        public RuleSet rules() {
            return RULES;
        }

        @Override
        public float batchTolerance() {
            return 1e-5f;
        }
    }

    @Test
    void theOnnxEvaluatorMatchesTheDjlOneOverGrowingAndRepeatedBatchSizes() {
        assertSame(mlp, COMPACT, mlpOnnx);
        assertSame(resnet, PLANES, resnetOnnx);
    }

    private static void assertSame(PolicyValueNet net, ObservationEncoder encoder, OnnxModel onnx) {
        List<Board> boards = EvaluatorContract.positions(RULES, 300, 17);
        int n = RULES.houses();
        double maxPrior = 0;
        double maxValue = 0;
        boolean valuesVary = false;
        try (DjlEvaluator djl = new DjlEvaluator(net, encoder, 8); Evaluator ort = onnx.open(null, RULES)) {
            int from = 0;
            for (int size : new int[] {1, 7, 32, 50, 7, 1, 64, 32, 100}) {
                Board[] batch = boards.subList(from, from + size).toArray(new Board[0]);
                from += size;
                float[] p1 = new float[size * n];
                float[] v1 = new float[size];
                float[] p2 = new float[size * n];
                float[] v2 = new float[size];
                djl.evaluate(batch, size, p1, v1);
                ort.evaluate(batch, size, p2, v2);
                for (int i = 0; i < size * n; i++) {
                    maxPrior = Math.max(maxPrior, Math.abs(p1[i] - p2[i]));
                }
                for (int i = 0; i < size; i++) {
                    maxValue = Math.max(maxValue, Math.abs(v1[i] - v2[i]));
                    valuesVary |= v1[i] != v1[0];
                }
            }
        }
        assertTrue(valuesVary, "the network's values differ between positions (the test is not degenerate)");
        assertTrue(maxPrior < 1e-5, net.describe() + ": max prior difference " + maxPrior);
        assertTrue(maxValue < 1e-5, net.describe() + ": max value difference " + maxValue);
    }

    @Test
    void otherRulesAndAnotherEncodersShapeAreRefusedWithTheirNames() {
        RuleSet other = RuleSet.parse("houses=5");
        IllegalArgumentException rules = assertThrows(IllegalArgumentException.class, () -> mlpOnnx.open(null, other));
        assertTrue(rules.getMessage().contains("rules"), rules.getMessage());
        try (OnnxModel wrong = OnnxModel.of(OnnxWriter.toBytes(mlp, "mlp"), PLANES, OnnxSettings.defaults())) {
            IllegalArgumentException shape = assertThrows(IllegalArgumentException.class, () -> wrong.open(null, RULES));
            assertTrue(shape.getMessage().contains("planes"), shape.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new OnnxSettings(0, 1));
        assertEquals(1, OnnxSettings.defaults().interOpThreads());
    }
}
