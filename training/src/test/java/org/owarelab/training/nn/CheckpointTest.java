package org.owarelab.training.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.inference.EvaluatorContract;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.CheckpointInfo;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TestEncoders;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.replay.Minibatch;
import org.owarelab.util.AtomicDirectory;

class CheckpointTest {
    static final RuleSet RULES = RuleSet.DEFAULT;
    static final ObservationEncoder FLAT = TestEncoders.flat(RULES);
    static final ObservationEncoder PLANES = TestEncoders.planes(RULES);
    static final NetworkSpec RESNET = NetworkSpec.resnet(1, 4).withValue(NetworkSpec.ValueHead.WDL).withAux(true);

    @TempDir
    Path tmp;

    private static float[] outputs(PolicyValueNet net, ObservationEncoder enc) {
        List<Board> boards = EvaluatorContract.positions(RULES, 12, 9);
        float[] out = new float[12 * 7];
        float[] values = new float[12];
        try (DjlEvaluator e = new DjlEvaluator(net, enc, 12)) {
            e.evaluate(boards.toArray(new Board[0]), 12, out, values);
        }
        System.arraycopy(values, 0, out, 72, 12);
        return out;
    }

    /** A ResNet after a few steps (so batch-norm statistics differ from their initial values). */
    private Learner trainedResnet(LearnerConfig cfg) {
        PolicyValueNet net = PolicyValueNet.create(RESNET, PLANES, 5, DeviceChoice.CPU);
        Learner learner = new Learner(net, cfg);
        Minibatch batch = Samples.batch(PLANES, 8, 5);
        for (int i = 0; i < 3; i++) {
            learner.step(batch);
        }
        return learner;
    }

    @Test
    void saveThenLoadGivesIdenticalOutputs() {
        try (Learner learner = trainedResnet(LearnerConfig.adam(1e-2));
             PolicyValueNet mlp = PolicyValueNet.create(NetworkSpec.mlp(8, 8), FLAT, 6, DeviceChoice.CPU)) {
            CheckpointInfo info = CheckpointWriter.save(tmp.resolve("r"), learner);
            assertEquals(3, info.step());
            assertEquals(LearnerConfig.Optimizer.ADAM.id(), info.optimizer());
            try (PolicyValueNet loaded = Checkpoints.loadNetwork(tmp.resolve("r"), PLANES, RESNET, DeviceChoice.CPU)) {
                assertArrayEquals(outputs(learner.network(), PLANES), outputs(loaded, PLANES));
                assertEquals(learner.network().parameterCount(), loaded.parameterCount());
            }
            CheckpointWriter.save(tmp.resolve("m"), mlp, 17);
            CheckpointInfo read = Checkpoints.readInfo(tmp.resolve("m"));
            assertEquals(NetworkSpec.mlp(8, 8), read.network());
            assertEquals("test-flat/1", read.encoder());
            assertEquals(RULES.spec(), read.rules());
            assertEquals(17, read.step());
            try (PolicyValueNet loaded = Checkpoints.loadNetwork(tmp.resolve("m"), FLAT, DeviceChoice.CPU)) {
                assertArrayEquals(outputs(mlp, FLAT), outputs(loaded, FLAT));
            }
        }
    }

    /** Save at step 3, go on to step 6; a resumed learner from the checkpoint must make the same steps 4..6. */
    @Test
    void resumeContinuesWithTheOptimizerState() {
        Minibatch batch = Samples.batch(PLANES, 8, 6);
        LearnerConfig cfg = LearnerConfig.adam(1e-2).withSchedule(LrSchedule.cosine(2, 10, 0.1));
        double[] straight = new double[3];
        try (Learner learner = trainedResnet(cfg)) {
            CheckpointWriter.save(tmp.resolve("c"), learner);
            for (int i = 0; i < 3; i++) {
                straight[i] = learner.step(batch).loss();
            }
        }
        try (PolicyValueNet net = Checkpoints.loadNetwork(tmp.resolve("c"), PLANES, RESNET, DeviceChoice.CPU);
             Learner resumed = new Learner(net, cfg)) {
            CheckpointWriter.restoreLearner(tmp.resolve("c"), resumed);
            assertEquals(3, resumed.steps());
            for (int i = 0; i < 3; i++) {
                assertEquals(straight[i], resumed.step(batch).loss(), 1e-6, "loss of resumed step " + (4 + i));
            }
        }
        // Without the moments (a fresh Adam) the same steps differ: the test above can fail.
        try (PolicyValueNet net = Checkpoints.loadNetwork(tmp.resolve("c"), PLANES, RESNET, DeviceChoice.CPU);
             Learner fresh = new Learner(net, cfg)) {
            fresh.startAt(3);
            fresh.step(batch);
            assertTrue(Math.abs(straight[1] - fresh.step(batch).loss()) > 1e-6);
        }
    }

    @Test
    void mismatchesAreRefusedNamingBothSides() {
        try (PolicyValueNet mlp = PolicyValueNet.create(NetworkSpec.mlp(8), FLAT, 1, DeviceChoice.CPU)) {
            CheckpointWriter.save(tmp.resolve("m"), mlp, 0);
        }
        Path m = tmp.resolve("m");
        String encoder = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(m, PLANES, DeviceChoice.CPU)).getMessage();
        assertTrue(encoder.contains("test-flat/1") && encoder.contains("test-planes/1"), encoder);
        String arch = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(m, FLAT, NetworkSpec.mlp(16), DeviceChoice.CPU)).getMessage();
        assertTrue(arch.contains("mlp:hidden=8,") && arch.contains("mlp:hidden=16,"), arch);
        RuleSet small = RuleSet.parse("houses=4,seeds=3");
        String rules = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(m, TestEncoders.flat(small), DeviceChoice.CPU)).getMessage();
        assertTrue(rules.contains("was trained for rules default, not for rules houses=4,seeds=3"),
                "another board size is a rules mismatch, not an observation-shape one: " + rules);
        RuleSet slam = RULES.withGrandSlam(org.owarelab.rules.GrandSlam.CAPTURE_ALL);
        String variant = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(m, TestEncoders.flat(slam), DeviceChoice.CPU)).getMessage();
        assertTrue(variant.contains("rules " + slam) && variant.contains("rules " + RULES), variant);
    }

    @Test
    void restoringIntoAnotherOptimizerOrWithoutStateIsRefused() {
        try (Learner learner = trainedResnet(LearnerConfig.adam(1e-2))) {
            CheckpointWriter.save(tmp.resolve("a"), learner);
            CheckpointWriter.save(tmp.resolve("n"), learner.network(), 3);
        }
        try (PolicyValueNet net = Checkpoints.loadNetwork(tmp.resolve("a"), PLANES, RESNET, DeviceChoice.CPU);
             Learner sgd = new Learner(net, LearnerConfig.sgd(0.1))) {
            String msg = assertThrows(CheckpointException.class, () -> CheckpointWriter.restoreLearner(tmp.resolve("a"), sgd))
                    .getMessage();
            assertTrue(msg.contains("adam") && msg.contains("sgd"), msg);
            String none = assertThrows(CheckpointException.class, () -> CheckpointWriter.restoreLearner(tmp.resolve("n"), sgd))
                    .getMessage();
            assertTrue(none.contains("no optimizer state"), none);
        }
    }

    @Test
    void corruptTruncatedOrMissingFilesAreRefused() throws IOException {
        try (PolicyValueNet mlp = PolicyValueNet.create(NetworkSpec.mlp(8), FLAT, 1, DeviceChoice.CPU)) {
            for (String name : List.of("flip", "cut", "meta", "gone")) {
                CheckpointWriter.save(tmp.resolve(name), mlp, 0);
            }
        }
        Path params = tmp.resolve("flip").resolve(Checkpoints.PARAMS);
        try (RandomAccessFile f = new RandomAccessFile(params.toFile(), "rw")) {
            f.seek(f.length() / 2);
            int b = f.read();
            f.seek(f.length() / 2);
            f.write(b ^ 0x40);
        }
        String flip = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(tmp.resolve("flip"), FLAT, DeviceChoice.CPU)).getMessage();
        assertTrue(flip.contains("corrupt"), flip);
        Path cut = tmp.resolve("cut").resolve(Checkpoints.PARAMS);
        Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(cut), (int) Files.size(cut) - 100));
        String trunc = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(tmp.resolve("cut"), FLAT, DeviceChoice.CPU)).getMessage();
        assertTrue(trunc.contains("truncated"), trunc);
        Path meta = tmp.resolve("meta").resolve(Checkpoints.META);
        Files.write(meta, java.util.Arrays.copyOf(Files.readAllBytes(meta), 40));
        String half = assertThrows(CheckpointException.class, () -> Checkpoints.readInfo(tmp.resolve("meta"))).getMessage();
        assertTrue(half.contains("corrupt"), half);
        Files.delete(tmp.resolve("gone").resolve(Checkpoints.PARAMS));
        String gone = assertThrows(CheckpointException.class,
                () -> Checkpoints.loadNetwork(tmp.resolve("gone"), FLAT, DeviceChoice.CPU)).getMessage();
        assertTrue(gone.contains("missing"), gone);
        String none = assertThrows(CheckpointException.class, () -> Checkpoints.readInfo(tmp.resolve("nowhere")))
                .getMessage();
        assertTrue(none.contains("not a checkpoint"), none);
    }

    @Test
    void checkpointsAreNeverOverwrittenAndFailedWritesLeaveNothing() throws IOException {
        try (PolicyValueNet mlp = PolicyValueNet.create(NetworkSpec.mlp(8), FLAT, 1, DeviceChoice.CPU)) {
            CheckpointWriter.save(tmp.resolve("c"), mlp, 1);
            assertThrows(CheckpointException.class, () -> CheckpointWriter.save(tmp.resolve("c"), mlp, 2));
            assertEquals(1, Checkpoints.readInfo(tmp.resolve("c")).step());
        }
        assertThrows(IOException.class, () -> AtomicDirectory.write(tmp.resolve("d"), dir -> {
            Files.writeString(dir.resolve("part"), "half");
            throw new IOException("disk full");
        }));
        assertFalse(Files.exists(tmp.resolve("d")));
        try (var s = Files.list(tmp)) {
            assertEquals(List.of(tmp.resolve("c")), s.toList(), "no temporary directory left");
        }
    }
}
