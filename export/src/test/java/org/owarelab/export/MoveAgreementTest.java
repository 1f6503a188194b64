package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.env.Encoders;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.CheckpointWriter;

/**
 * The exported engine's search plays the moves of the DJL engine's: PUCT over the bundle's
 * {@code model.onnx} (ONNX Runtime) and over its checkpoint (DJL), at a fixed simulation count
 * with no noise, on seeded random positions. Float rounding may turn a near-tie (two moves
 * within {@value BundleBench#NEAR_TIE_VISITS} visits in both searches); every other position
 * must get the same move. The full set is {@code oware bench bundle DIR --agreement 300}.
 */
class MoveAgreementTest {
    @Test
    void theOnnxSearchPlaysTheDjlSearchsMoveOutsideNearTies(@TempDir Path tmp) throws IOException {
        Path checkpoint = tmp.resolve("ckpt");
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.parse("mlp:hidden=32x32,value=tanh,aux=true"),
                Encoders.create("planes", RuleSet.DEFAULT), 5, DeviceChoice.CPU)) {
            OnnxParityTest.randomise(net, new SplittableRandom(9));
            CheckpointWriter.save(checkpoint, net, 1);
        }
        Path bundle = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("bundle"),
                SearchSettings.of(64, null), "Agree", "linux-x64"));
        BundleBench.Agreement a = BundleBench.agreement(bundle, 40, 64, 3);
        assertEquals(40, a.positions());
        assertEquals(a.positions(), a.same() + a.nearTies(), "positions with different moves that were not near-ties: "
                + (a.positions() - a.same() - a.nearTies()) + " (" + a + ")");
        assertTrue(a.same() > a.positions() / 2, "most positions agree outright: " + a);
    }
}
