package org.owarelab.training.nn;

import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TestEncoders;
import org.owarelab.model.TorchThreads;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.replay.Minibatch;

/**
 * A fresh-JVM probe for the rare non-finite learner step (README, "A freed loss weight"): runs the ResNet
 * SGD fit of {@code LearnerTest.sgdFitsAFixedBatchWithAWdlAuxResnet} once and exits 3 when a step's
 * gradient is not finite, 0 otherwise. Not a test (no {@code @Test}): the defect shows in about 1 of
 * 10 to 1 of 90 fresh JVMs, so it is run many times by {@code training/probe-defect.sh}.
 *
 * <p>System property {@code probe.threads} (when set) calls {@link TorchThreads#set} with it on the
 * thread that trains, before the network is made.
 */
public final class LearnerDefectProbe {
    private LearnerDefectProbe() {
    }

    public static void main(String[] args) {
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
}
