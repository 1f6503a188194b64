package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.training.selfplay.SelfPlayRecord;

/**
 * {@code loop.inference}: self-play's network on ONNX Runtime (the default on a CPU) or DJL. The
 * ONNX session answers what the DJL network answers, to float rounding, on the positions that
 * self-play meets; a seed gives the same games on every run; the log says which one plays.
 */
class SelfPlayInferenceTest {
    @TempDir
    Path tmp;

    private static List<SelfPlayRecord> games(TrainConfig cfg, PolicyValueNet net) throws InterruptedException {
        return SelfPlayPhase.run(cfg, net, cfg.observationEncoder(), 0, 16, new AtomicLong()).games();
    }

    @Test
    void onnxSelfPlayGivesTheSameGamesOnEveryRunAndTheNetworksAnswersToFloatRounding() throws Exception {
        TrainConfig onnx = TinyRuns.config(1, "loop.inference=onnx", "loop.cacheEntries=0");
        ObservationEncoder encoder = onnx.observationEncoder();
        try (PolicyValueNet net = PolicyValueNet.create(onnx.network(), encoder, 7, DeviceChoice.CPU)) {
            List<SelfPlayRecord> first = games(onnx, net);
            assertEquals(16, first.size());
            assertEquals(first, games(onnx, net), "the same seed and network: the same games");

            // Every position of those games, through both evaluators at self-play's batch.
            List<Board> boards = new ArrayList<>();
            for (SelfPlayRecord g : first) {
                Board b = new Board(onnx.ruleSet());
                for (char c : g.moves().toCharArray()) {
                    if (b.isOver()) {
                        break;
                    }
                    boards.add(b.copy());
                    b.play(Moves.parse(b, c));
                }
            }
            assertTrue(boards.size() > 100, "positions: " + boards.size());
            int n = Math.min(boards.size(), 128);
            Board[] batch = new Board[n];
            SplittableRandom random = new SplittableRandom(3);
            for (int i = 0; i < n; i++) {
                batch[i] = boards.get(random.nextInt(boards.size()));
            }
            int actions = net.actions();
            float[] pd = new float[n * actions];
            float[] vd = new float[n];
            float[] po = new float[n * actions];
            float[] vo = new float[n];
            try (Evaluator djl = new DjlEvaluator(net, encoder, n);
                    OnnxModel model = OnnxModel.of(OnnxWriter.toBytes(net, "test"), encoder, new OnnxSettings(1, 1));
                    Evaluator ort = model.open(null, onnx.ruleSet())) {
                djl.evaluate(batch, n, pd, vd);
                ort.evaluate(batch, n, po, vo);
            }
            for (int i = 0; i < n; i++) {
                assertEquals(vd[i], vo[i], 1e-4, "value of " + batch[i].text());
                for (int a = 0; a < actions; a++) {
                    assertEquals(pd[i * actions + a], po[i * actions + a], 1e-4, "prior " + a + " of " + batch[i].text());
                }
            }
        }
    }

    @Test
    void djlStaysSelectableAndTheLogSaysWhichRunsSelfPlay() throws Exception {
        ByteArrayOutputStream auto = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(1), tmp.resolve("auto"), "test", TinyRuns.quietLog(auto));
        assertTrue(auto.toString().contains("device cpu, self-play on ONNX Runtime;"), auto.toString());
        ByteArrayOutputStream djl = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(1, "loop.inference=djl"), tmp.resolve("djl"), "test", TinyRuns.quietLog(djl));
        assertTrue(djl.toString().contains("device cpu, self-play on DJL;"), djl.toString());
        assertEquals("djl", new RunDirectory(tmp.resolve("djl")).readConfig().loop().inference(), "saved with the run");
    }

    @Test
    void anUnknownInferenceIsRefusedWithTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "loop.inference=tpu"));
        assertTrue(e.getMessage().contains("loop.inference=tpu: expected one of [auto, djl, onnx]"), e.getMessage());
    }
}
