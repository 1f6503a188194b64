package org.owarelab.training.nn;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TestEncoders;
import org.owarelab.model.TorchThreads;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.replay.Minibatch;

/**
 * A fresh-JVM probe for the rare non-finite learner step (docs/learner-defect.md): runs the ResNet
 * SGD fit of {@code LearnerTest.sgdFitsAFixedBatchWithAWdlAuxResnet} once and exits 3 when a step's
 * gradient is not finite, 0 otherwise. Not a test (no {@code @Test}): the defect shows in about 1 of
 * 10 to 1 of 90 fresh JVMs, so it was run many times, each in a fresh JVM (the defect is fixed; the
 * script that did it, {@code training/probe-defect.sh}, is in the git history).
 *
 * <p>System property {@code probe.threads} (when set) calls {@link TorchThreads#set} with it on the
 * thread that trains, before the network is made.
 *
 * <p>{@code pitfall} as the first argument shows the cause without the learner: the gradient of
 * {@code x * 3} taken with a GC between forward and backward, once with the 3 passed as a Java number
 * (DJL makes a scalar tensor over a direct buffer and frees it at once) and once as an array kept
 * open; it prints both gradients and exits 3 when the first is wrong.
 */
public final class LearnerDefectProbe {
    private LearnerDefectProbe() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0 && args[0].equals("pitfall")) {
            float number = timesThree(false);
            float array = timesThree(true);
            System.out.println("gradient of x*3: number " + number + ", kept array " + array);
            System.exit(number == 3f ? 0 : 3);
        }
        String threads = System.getProperty("probe.threads");
        if (threads != null) {
            TorchThreads.set(Integer.parseInt(threads));
        }
        ObservationEncoder planes = TestEncoders.planes(RuleSet.DEFAULT);
        Minibatch batch = Samples.batch(planes, 32, 2);
        NetworkSpec spec = NetworkSpec.resnet(1, 16).withValue(NetworkSpec.ValueHead.WDL).withAux(true);
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        try (PolicyValueNet net = PolicyValueNet.create(spec, planes, 2, DeviceChoice.CPU);
             Learner learner = new Learner(net, LearnerConfig.sgd(0.1).withClipNorm(5))) {
            for (int i = 0; i < steps; i++) {
                try {
                    learner.step(batch);
                } catch (NonFiniteGradientException e) {
                    System.out.println("DEFECT step " + i + " threads " + TorchThreads.get() + ": " + e.getMessage());
                    System.exit(3);
                }
            }
            System.out.println("OK threads " + TorchThreads.get());
        }
    }

    /** d(x*3)/dx with a GC and a pause between forward and backward. */
    private static float timesThree(boolean keptArray) throws InterruptedException {
        try (NDManager m = NDManager.newBaseManager()) {
            NDArray x = m.ones(new ai.djl.ndarray.types.Shape(4));
            x.setRequiresGradient(true);
            try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
                NDArray y = keptArray ? x.mul(m.create(3f)) : x.mul(3f);
                for (int i = 0; i < 64; i++) {
                    m.create(new float[] {i}).close(); // more freed scalars of the same size
                }
                System.gc();
                Thread.sleep(200); // lets the cleaner free the unreachable direct buffers
                c.backward(y.sum());
            }
            return x.getGradient().toFloatArray()[0];
        }
    }
}
