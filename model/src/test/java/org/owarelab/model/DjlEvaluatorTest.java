package org.owarelab.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.pytorch.jni.JniUtils;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorContract;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

class DjlEvaluatorTest {
    static final RuleSet RULES = RuleSet.DEFAULT;
    static final ObservationEncoder FLAT = TestEncoders.flat(RULES);
    static final ObservationEncoder PLANES = TestEncoders.planes(RULES);
    static PolicyValueNet mlp;
    static PolicyValueNet resnet;

    @BeforeAll
    static void build() {
        mlp = PolicyValueNet.create(NetworkSpec.mlp(16, 8), FLAT, 42, DeviceChoice.CPU);
        resnet = PolicyValueNet.create(NetworkSpec.resnet(1, 8).withValue(NetworkSpec.ValueHead.WDL).withAux(true),
                PLANES, 42, DeviceChoice.CPU);
    }

    @AfterAll
    static void close() {
        mlp.close();
        resnet.close();
    }

    @Nested
    class MlpContract implements EvaluatorContract {
        @Override
        public Evaluator evaluator() {
            return new DjlEvaluator(mlp, FLAT, 4);
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
            return new DjlEvaluator(resnet, PLANES, 64);
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

    /** The whole path (encoding, shapes, masking, softmax, tanh) against a plain float forward of the same weights. */
    @Test
    void mlpMatchesAPlainJavaForward() {
        List<Board> boards = EvaluatorContract.positions(RULES, 20, 1);
        float[] priors = new float[20 * 6];
        float[] values = new float[20];
        try (DjlEvaluator e = new DjlEvaluator(mlp, FLAT, 8)) {
            e.evaluate(boards.toArray(new Board[0]), 20, priors, values);
        }
        // Parameters in DJL order: hidden 1 (w, b), hidden 2 (w, b), policy (w, b), value (w, b).
        float[][] p = new float[8][];
        for (int i = 0; i < 8; i++) {
            p[i] = mlp.parameterValues(i);
        }
        float[] obs = new float[14];
        for (int i = 0; i < 20; i++) {
            Board b = boards.get(i);
            FLAT.encode(b, obs, 0);
            float[] h1 = relu(dense(obs, p[0], p[1]));
            float[] h2 = relu(dense(h1, p[2], p[3]));
            float[] logits = dense(h2, p[4], p[5]);
            double v = Math.tanh(dense(h2, p[6], p[7])[0]);
            int mask = b.legalMask();
            double sum = 0;
            for (int m = 0; m < 6; m++) {
                sum += (mask >>> m & 1) != 0 ? Math.exp(logits[m]) : 0;
            }
            for (int m = 0; m < 6; m++) {
                double expect = (mask >>> m & 1) != 0 ? Math.exp(logits[m]) / sum : 0;
                assertEquals(expect, priors[i * 6 + m], 1e-5, "prior of move " + m + " of " + b.text());
            }
            assertEquals(v, values[i], 1e-5, "value of " + b.text());
        }
    }

    private static float[] dense(float[] x, float[] w, float[] bias) {
        float[] y = new float[bias.length];
        for (int o = 0; o < y.length; o++) {
            double s = bias[o];
            for (int k = 0; k < x.length; k++) {
                s += w[o * x.length + k] * x[k];
            }
            y[o] = (float) s;
        }
        return y;
    }

    private static float[] relu(float[] x) {
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.max(0, x[i]);
        }
        return x;
    }

    @Test
    void manyCallsLeaveNoLiveArrays() {
        Board[] boards = EvaluatorContract.positions(RULES, 16, 2).toArray(new Board[0]);
        float[] priors = new float[16 * 6];
        float[] values = new float[16];
        for (PolicyValueNet net : List.of(mlp, resnet)) {
            ObservationEncoder enc = net == mlp ? FLAT : PLANES;
            try (DjlEvaluator e = new DjlEvaluator(net, enc, 16)) {
                e.evaluate(boards, 16, priors, values);
                int before = net.manager().getManagedArrays().size();
                for (int i = 0; i < 500; i++) {
                    e.evaluate(boards, 1 + i % 16, priors, values);
                }
                assertEquals(before, net.manager().getManagedArrays().size(), "live arrays under the network's manager");
                assertEquals(0, e.liveArrays());
            }
        }
    }

    @Test
    void gradientModeIsOffDuringTheCallAndRestoredAfter() {
        Board[] boards = {new Board(RULES)};
        try (DjlEvaluator e = new DjlEvaluator(mlp, FLAT, 1)) {
            JniUtils.setGradMode(true);
            e.evaluate(boards, 1, new float[6], new float[1]);
            assertTrue(JniUtils.isGradMode(), "grad mode restored");
            JniUtils.setGradMode(false);
            e.evaluate(boards, 1, new float[6], new float[1]);
            assertTrue(!JniUtils.isGradMode());
        }
    }

    @Test
    void threadsWithTheirOwnEvaluatorsShareOneNetwork() throws Exception {
        Board[] boards = EvaluatorContract.positions(RULES, 32, 3).toArray(new Board[0]);
        float[] refP = new float[32 * 6];
        float[] refV = new float[32];
        try (DjlEvaluator e = new DjlEvaluator(resnet, PLANES, 32)) {
            e.evaluate(boards, 32, refP, refV);
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 3; t++) {
                results.add(pool.submit(() -> {
                    float[] p = new float[32 * 6];
                    float[] v = new float[32];
                    try (DjlEvaluator e = new DjlEvaluator(resnet, PLANES, 32)) {
                        for (int i = 0; i < 40; i++) {
                            e.evaluate(boards, 32, p, v);
                            assertArrayEquals(refP, p, 1e-6f);
                            assertArrayEquals(refV, v, 1e-6f);
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void observationsPathEqualsBoardPath() {
        List<Board> boards = EvaluatorContract.positions(RULES, 5, 4);
        float[] obs = new float[5 * 14];
        int[] masks = new int[5];
        for (int i = 0; i < 5; i++) {
            FLAT.encode(boards.get(i), obs, i * 14);
            masks[i] = boards.get(i).legalMask();
        }
        float[] p1 = new float[30];
        float[] v1 = new float[5];
        float[] p2 = new float[30];
        float[] v2 = new float[5];
        try (DjlEvaluator e = new DjlEvaluator(mlp, FLAT, 2)) {
            e.evaluate(boards.toArray(new Board[0]), 5, p1, v1);
            e.evaluateObservations(obs, masks, 5, p2, v2);
        }
        assertArrayEquals(p1, p2);
        assertArrayEquals(v1, v2);
    }

    @Test
    void refusesAnotherEncoderAndFinishedBoards() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DjlEvaluator(mlp, PLANES, 1));
        assertTrue(e.getMessage().contains("test-planes/1") && e.getMessage().contains("test-flat/1"), e.getMessage());
        Board over = new Board(org.owarelab.rules.Position.parse("0-0-0-0-0-0-0-0-0-0-0-1-25-22-N", RULES));
        assertTrue(over.isOver());
        try (DjlEvaluator ev = new DjlEvaluator(mlp, FLAT, 1)) {
            assertThrows(IllegalArgumentException.class, () -> ev.evaluate(new Board[] {over}, 1, new float[6], new float[1]));
        }
    }
}
