package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Runs {@code model.onnx} in ONNX Runtime for Java against DJL on the probe positions and on
 * 1,000 random positions, for MLP and ResNet nets with both value heads and the aux head. Every
 * parameter is randomised first (batch-norm running statistics included), so the batch-norm
 * nodes are exercised with non-trivial statistics.
 */
class OnnxParityTest {
    private static final double TOLERANCE = 1e-4;

    static Stream<Arguments> nets() {
        return Stream.of(
                Arguments.of("mlp:hidden=32x16,value=tanh,aux=false", "compact"),
                Arguments.of("mlp:hidden=24,value=wdl,aux=true", "planes"),
                Arguments.of("resnet:blocks=2,channels=8,value=tanh,aux=true", "planes"),
                Arguments.of("resnet:blocks=1,channels=6,value=wdl,aux=false", "planes"));
    }

    @ParameterizedTest
    @MethodSource("nets")
    void onnxRuntimeMatchesDjl(String spec, String encoderId) throws OrtException {
        RuleSet rules = RuleSet.parse("");
        ObservationEncoder encoder = Encoders.create(encoderId, rules);
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.parse(spec), encoder, 7, DeviceChoice.CPU)) {
            randomise(net, new SplittableRandom(11));
            byte[] onnx = OnnxWriter.toBytes(net, "test");
            List<Board> boards = RandomPositions.sample(rules, 1000, 5);
            float[] obs = new float[boards.size() * encoder.size()];
            for (int i = 0; i < boards.size(); i++) {
                encoder.encode(boards.get(i), obs, i * encoder.size());
            }
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (DjlEvaluator djl = new DjlEvaluator(net, encoder, boards.size());
                 OrtSession session = env.createSession(onnx, new OrtSession.SessionOptions())) {
                float[][] expected = djl.rawOutputs(obs, boards.size());
                float[][] got = run(env, session, net, obs, boards.size());
                assertEquals(expected.length, got.length, "heads");
                for (int h = 0; h < expected.length; h++) {
                    assertTrue(varies(expected[h], boards.size()), spec + " head " + h + " is constant");
                    assertClose(expected[h], got[h], spec + " head " + h);
                }
                // The probe written into bundles: its expected values must match ONNX Runtime too.
                JsonNode probe = new ObjectMapper().readTree(Probe.json(net, encoder, djl, 3));
                assertTrue(probe.path("positions").size() >= 24);
                for (JsonNode p : probe.path("positions")) {
                    float[] x = floats(p.path("observation"));
                    float[][] out = run(env, session, net, x, 1);
                    assertClose(floats(p.path("policyLogits")), out[0], "probe logits");
                    assertClose(floats(p.path(net.spec().value() == NetworkSpec.ValueHead.WDL ? "wdlLogits" : "value")),
                            out[1], "probe value");
                }
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    static float[][] run(OrtEnvironment env, OrtSession session, PolicyValueNet net, float[] obs, int count)
            throws OrtException {
        long[] shape = new long[net.inputShape().length + 1];
        shape[0] = count;
        for (int i = 0; i < net.inputShape().length; i++) {
            shape[i + 1] = net.inputShape()[i];
        }
        List<String> names = new ArrayList<>(List.of(OnnxWriter.POLICY,
                net.spec().value() == NetworkSpec.ValueHead.WDL ? OnnxWriter.WDL : OnnxWriter.VALUE));
        if (net.spec().aux()) {
            names.add(OnnxWriter.MARGIN);
        }
        try (OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(obs, 0, count * net.inputSize()), shape);
             OrtSession.Result r = session.run(Map.of(OnnxWriter.INPUT, x))) {
            float[][] out = new float[names.size()][];
            for (int i = 0; i < names.size(); i++) {
                OnnxTensor t = (OnnxTensor) r.get(names.get(i)).orElseThrow();
                FloatBuffer fb = t.getFloatBuffer();
                out[i] = new float[fb.remaining()];
                fb.get(out[i]);
            }
            return out;
        }
    }

    /**
     * Sets every parameter to seeded random values: batch-norm scales near 1 and shifts above 0
     * (so the ReLUs after them pass signal), running variances positive.
     */
    static void randomise(PolicyValueNet net, SplittableRandom random) {
        for (Pair<String, Parameter> p : net.parameters()) {
            float[] v = p.getValue().getArray().toFloatArray();
            Parameter.Type type = p.getValue().getType();
            for (int i = 0; i < v.length; i++) {
                double g = random.nextGaussian();
                v[i] = (float) (type == Parameter.Type.RUNNING_VAR ? 0.2 + random.nextDouble()
                        : type == Parameter.Type.GAMMA ? 1 + 0.3 * g
                        : type == Parameter.Type.BETA ? 0.3 + 0.3 * g
                        : 0.3 * g);
            }
            p.getValue().getArray().set(v);
        }
    }

    /** Whether head {@code h} differs between the first and some other position (the test is not degenerate). */
    private static boolean varies(float[] head, int positions) {
        int width = head.length / positions;
        for (int i = 1; i < positions; i++) {
            for (int k = 0; k < width; k++) {
                if (head[i * width + k] != head[k]) {
                    return true;
                }
            }
        }
        return false;
    }

    private static float[] floats(JsonNode a) {
        float[] f = new float[a.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) a.get(i).asDouble();
        }
        return f;
    }

    private static void assertClose(float[] expected, float[] got, String what) {
        assertEquals(expected.length, got.length, what + ": length");
        double max = 0;
        int worst = 0;
        int nonFiniteDjl = 0;
        int nonFiniteOrt = 0;
        for (int i = 0; i < expected.length; i++) {
            nonFiniteDjl += Float.isFinite(expected[i]) ? 0 : 1;
            nonFiniteOrt += Float.isFinite(got[i]) ? 0 : 1;
            double d = Math.abs(expected[i] - got[i]);
            if (!(d <= max)) {
                max = d;
                worst = i;
            }
        }
        assertTrue(max <= TOLERANCE, what + ": max abs difference " + max + " at " + worst + " (DJL " + expected[worst]
                + ", ONNX Runtime " + got[worst] + "; non-finite outputs: DJL " + nonFiniteDjl + ", ONNX Runtime "
                + nonFiniteOrt + " of " + expected.length + ")");
    }
}
