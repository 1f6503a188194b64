package org.owarelab.training.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TestEncoders;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.replay.Minibatch;
import org.owarelab.training.replay.RecordLayout;

class LearnerTest {
    static final RuleSet RULES = RuleSet.DEFAULT;
    static final ObservationEncoder FLAT = TestEncoders.flat(RULES);
    static final ObservationEncoder PLANES = TestEncoders.planes(RULES);

    /** The learner must fit a fixed batch: policy KL to the targets and value error fall by far. */
    private static void fits(PolicyValueNet net, LearnerConfig config, Minibatch batch, int steps) {
        double floor = Samples.targetEntropy(batch);
        try (Learner learner = new Learner(net, config)) {
            StepStats first = learner.step(batch);
            StepStats last = first;
            for (int i = 1; i < steps; i++) {
                last = learner.step(batch);
            }
            assertEquals(steps, learner.steps());
            double klBefore = first.policyLoss() - floor;
            double klAfter = last.policyLoss() - floor;
            assertTrue(klAfter < 0.1 * klBefore, "policy KL " + klBefore + " -> " + klAfter);
            assertTrue(last.valueLoss() < 0.1 * first.valueLoss(), "value loss " + first.valueLoss() + " -> " + last.valueLoss());
            assertTrue(last.valueAccuracy() > 0.95, "value accuracy " + last.valueAccuracy());
            if (net.spec().aux()) {
                assertTrue(last.auxLoss() < 0.3 * first.auxLoss(), "aux loss " + first.auxLoss() + " -> " + last.auxLoss());
            }
            assertTrue(last.loss() < 0.5 * first.loss(), first.line() + " / " + last.line());
        }
    }

    @Test
    void adamFitsAFixedBatchWithAnMlp() {
        Minibatch batch = Samples.batch(FLAT, 32, 1);
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(64, 64), FLAT, 1, DeviceChoice.CPU)) {
            fits(net, LearnerConfig.adam(1e-2).withClipNorm(5), batch, 150);
        }
    }

    @Test
    void sgdFitsAFixedBatchWithAWdlAuxResnet() {
        Minibatch batch = Samples.batch(PLANES, 32, 2);
        NetworkSpec spec = NetworkSpec.resnet(1, 16).withValue(NetworkSpec.ValueHead.WDL).withAux(true);
        try (PolicyValueNet net = PolicyValueNet.create(spec, PLANES, 2, DeviceChoice.CPU)) {
            fits(net, LearnerConfig.sgd(0.1).withClipNorm(5), batch, 100);
        }
    }

    @Test
    void untrainedPolicyIsNearUniformOverTheLegalMoves() {
        Minibatch batch = Samples.batch(FLAT, 16, 3);
        double uniform = 0;
        for (int i = 0; i < batch.size; i++) {
            uniform += Math.log(Integer.bitCount(batch.masks[i]));
        }
        uniform /= batch.size;
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(32), FLAT, 3, DeviceChoice.CPU);
             Learner learner = new Learner(net, LearnerConfig.adam(1e-3))) {
            StepStats s = learner.step(batch);
            assertEquals(uniform, s.policyEntropy(), 0.02, "masked entropy of a near-uniform policy");
        }
    }

    private static float[][] snapshot(PolicyValueNet net) {
        List<Pair<String, Parameter>> ps = net.parameters();
        float[][] out = new float[ps.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = net.parameterValues(i);
        }
        return out;
    }

    private static double distance(float[][] a, float[][] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                double d = a[i][j] - b[i][j];
                s += d * d;
            }
        }
        return Math.sqrt(s);
    }

    /** Plain SGD at rate 1 moves the parameters by the gradient: its global norm is cut to the clip, in every direction. */
    @Test
    void clippingScalesTheWholeGradientToTheGlobalNorm() {
        Minibatch batch = Samples.batch(FLAT, 16, 4);
        LearnerConfig sgd = new LearnerConfig(LearnerConfig.Optimizer.SGD, 1.0, 0, 0, null, 0.01, null);
        for (double clip : new double[] {0.01, 0}) {
            try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(16), FLAT, 4, DeviceChoice.CPU);
                 Learner learner = new Learner(net, sgd.withClipNorm(clip))) {
                float[][] before = snapshot(net);
                StepStats s = learner.step(batch);
                double moved = distance(before, snapshot(net));
                assertTrue(s.gradNorm() > 0.05, "gradient norm " + s.gradNorm());
                double expected = clip > 0 ? clip : s.gradNorm();
                assertEquals(expected, moved, 1e-3 * expected, "clip " + clip);
            }
        }
    }

    /** With every loss weight 0, one step is pure decay: weights shrink by (1 - lr * wd), biases stay. */
    @Test
    void weightDecayShrinksWeightsOnly() {
        Minibatch batch = Samples.batch(FLAT, 8, 5);
        for (LearnerConfig.Optimizer opt : LearnerConfig.Optimizer.values()) {
            LearnerConfig cfg = new LearnerConfig(opt, 0.1, 0, 0.5, null, 0, new LossWeights(0, 0, 0));
            try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(8), FLAT, 5, DeviceChoice.CPU);
                 Learner learner = new Learner(net, cfg)) {
                float[][] before = snapshot(net);
                learner.step(batch);
                float[][] after = snapshot(net);
                List<Pair<String, Parameter>> ps = net.parameters();
                for (int i = 0; i < ps.size(); i++) {
                    boolean weight = ps.get(i).getValue().getType() == Parameter.Type.WEIGHT;
                    for (int j = 0; j < before[i].length; j++) {
                        float expect = weight ? before[i][j] * 0.95f : before[i][j];
                        assertEquals(expect, after[i][j], 1e-6, opt + " " + ps.get(i).getKey());
                    }
                }
            }
        }
    }

    @Test
    void aNonFiniteGradientSkipsTheUpdate() {
        Minibatch good = Samples.batch(FLAT, 4, 8);
        Minibatch bad = new Minibatch(RecordLayout.of(FLAT), 1);
        java.util.Arrays.fill(bad.observations, Float.NaN);
        bad.masks[0] = 1;
        bad.policies[0] = 1;
        bad.results[0] = 1;
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(8), FLAT, 8, DeviceChoice.CPU);
             Learner learner = new Learner(net, LearnerConfig.adam(1e-2))) {
            learner.step(good);
            float[][] before = snapshot(net);
            NonFiniteGradientException e = assertThrows(NonFiniteGradientException.class, () -> learner.step(bad));
            assertTrue(e.getMessage().contains("not finite"), e.getMessage());
            assertEquals(0.0, distance(before, snapshot(net)));
            assertEquals(1, learner.steps());
            StepStats s = learner.step(good);
            assertTrue(Double.isFinite(s.loss()) && s.gradNorm() < 100, s.line());
        }
    }

    @Test
    void stepsLeaveNoLiveArrays() {
        Minibatch batch = Samples.batch(PLANES, 8, 6);
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.resnet(1, 4).withAux(true), PLANES, 6, DeviceChoice.CPU);
             Learner learner = new Learner(net, LearnerConfig.adam(1e-3))) {
            learner.step(batch);
            int live = net.manager().getManagedArrays().size();
            for (int i = 0; i < 30; i++) {
                learner.step(batch);
            }
            assertEquals(live, net.manager().getManagedArrays().size());
        }
    }

    @Test
    void theScheduleSetsEachStepsRate() {
        Minibatch batch = Samples.batch(FLAT, 4, 7);
        LearnerConfig cfg = LearnerConfig.adam(0.01).withSchedule(LrSchedule.step(2, 3, 0.5));
        double[] expected = {0.005, 0.01, 0.01, 0.01, 0.01, 0.005};
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(4), FLAT, 7, DeviceChoice.CPU);
             Learner learner = new Learner(net, cfg)) {
            for (double lr : expected) {
                assertEquals(lr, learner.step(batch).learningRate(), 1e-9);
            }
        }
    }

    @Test
    void malformedSamplesAreRefusedWithTheirIndex() {
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(4), FLAT, 9, DeviceChoice.CPU);
             Learner learner = new Learner(net, LearnerConfig.adam(1e-3))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> learner.step(malformed(b -> b.masks[1] = 0b01)));
            assertTrue(e.getMessage().startsWith("sample 1: ") && e.getMessage().contains("illegal"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> learner.step(malformed(b -> b.policies[7] = 0.4f)));
            assertThrows(IllegalArgumentException.class, () -> learner.step(malformed(b -> b.results[1] = 2)));
            assertThrows(IllegalArgumentException.class, () -> learner.step(malformed(b -> b.margins[1] = Float.NaN)));
            assertThrows(IllegalArgumentException.class, () -> learner.step(malformed(b -> b.masks[1] = 0)));
            assertThrows(IllegalArgumentException.class, () -> learner.step(malformed(b -> b.masks[1] = 0b1000011)));
            Minibatch planes = Samples.batch(PLANES, 2, 9);
            e = assertThrows(IllegalArgumentException.class, () -> learner.step(planes));
            assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
            assertEquals(0, learner.steps());
            assertEquals(2, learner.step(malformed(b -> { })).samples());
        }
    }

    /** Two well-formed samples (moves 0 and 1 legal, half the visits each), then {@code edit}. */
    private static Minibatch malformed(java.util.function.Consumer<Minibatch> edit) {
        Minibatch b = new Minibatch(RecordLayout.of(FLAT), 2);
        for (int i = 0; i < 2; i++) {
            b.masks[i] = 0b11;
            b.policies[i * 6] = 0.5f;
            b.policies[i * 6 + 1] = 0.5f;
            b.results[i] = 1;
        }
        edit.accept(b);
        return b;
    }
}
