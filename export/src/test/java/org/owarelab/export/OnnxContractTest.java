package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnx.proto.OnnxMl.TensorProto.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.env.Encoders;
import org.owarelab.onnx.OnnxFiles;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * {@code puct:onnx=FILE,encoder=TAG} over the onnx module's {@link OnnxFiles}: a graph of the lab's
 * contract plays; one that does not fit (corrupt bytes, another input name, another shape, a fixed
 * batch, a missing output, another element type, a second input) is refused when the agent is
 * built, with one line naming what was expected and what was found; and a spec from an input
 * stream reaches the file only with {@code --allow-files}.
 */
class OnnxContractTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;
    @TempDir
    Path dir;
    private final AgentRegistry agents = BuiltInAgents.registry().with(PuctAgent.factory(null, new OnnxFiles()));

    @AfterEach
    void close() {
        agents.close();
    }

    private Path write(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private String refusal(String spec) {
        AgentSpecException e = assertThrows(AgentSpecException.class, () -> agents.checkAll(java.util.List.of(spec), RULES));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void aFittingGraphPlaysLegalMovesForBothEncoders() throws Exception {
        for (String enc : new String[] {"planes/1", "compact/1"}) {
            Path f = write(enc.replace('/', '-') + ".onnx", TinyGraphs.fitting(Encoders.create(enc, RULES).shape(), 7));
            try (Agent a = agents.create("puct:onnx=" + f + ",encoder=" + enc + ",sims=32", RULES, 1)) {
                Board b = new Board(RULES);
                for (int ply = 0; ply < 6 && !b.isOver(); ply++) {
                    Decision d = a.decide(b);
                    assertTrue((b.legalMask() >> d.move() & 1) == 1, enc + ": illegal move " + d.move());
                    assertTrue(d.value() >= -1 && d.value() <= 1, enc + ": value " + d.value());
                    b.play(d.move());
                }
            }
        }
    }

    @Test
    void theNetworkGuidesTheSearch() throws Exception {
        // two fitting graphs of different weights give different priors, so the evaluator reads the file
        Path a = write("a.onnx", TinyGraphs.fitting(Encoders.create("planes/1", RULES).shape(), 1));
        Path b = write("b.onnx", TinyGraphs.fitting(Encoders.create("planes/1", RULES).shape(), 2));
        float[] pa = priors(a);
        float[] pb = priors(b);
        assertFalse(java.util.Arrays.equals(pa, pb), "two networks gave the same priors");
        float sum = 0;
        for (float p : pa) {
            sum += p;
        }
        assertEquals(1f, sum, 1e-5f);
    }

    @Test
    void aFileRewrittenInPlaceIsLoadedAgain() throws Exception {
        Path f = write("same.onnx", TinyGraphs.fitting(Encoders.create("planes/1", RULES).shape(), 1));
        try (OnnxFiles files = new OnnxFiles()) {
            float[] before = priors(files, f);
            java.nio.file.attribute.FileTime t = Files.getLastModifiedTime(f);
            Files.write(f, TinyGraphs.fitting(Encoders.create("planes/1", RULES).shape(), 2));
            Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(t.toMillis() + 2000));
            assertFalse(java.util.Arrays.equals(before, priors(files, f)), "the old network answered");
            assertTrue(java.util.Arrays.equals(priors(files, f), priors(files, f)));
        }
    }

    private static float[] priors(OnnxFiles files, Path file) {
        try (Evaluator e = files.open(file.toString(), "planes/1", RULES)) {
            float[] priors = new float[6];
            e.evaluate(new Board[] {new Board(RULES)}, 1, priors, new float[1]);
            return priors;
        }
    }

    private static float[] priors(Path file) {
        try (OnnxFiles files = new OnnxFiles(); Evaluator e = files.open(file.toString(), "planes/1", RULES)) {
            float[] priors = new float[6];
            e.evaluate(new Board[] {new Board(RULES)}, 1, priors, new float[1]);
            return priors;
        }
    }

    @Test
    void aCorruptFileIsRefused() throws Exception {
        Path f = write("corrupt.onnx", "not a protobuf at all".getBytes());
        String m = refusal("puct:onnx=" + f);
        assertTrue(m.contains(f.toString()) && m.contains("ONNX Runtime cannot load it"), m);
    }

    @Test
    void aMissingFileIsRefused() {
        String m = refusal("puct:onnx=" + dir.resolve("none.onnx"));
        assertTrue(m.contains("none.onnx: no such file"), m);
    }

    @Test
    void anotherInputNameIsRefused() throws Exception {
        Path f = write("name.onnx", TinyGraphs.graph("obs", new long[] {-1, 19, 12}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 6), new TinyGraphs.Out("value", 1)));
        String m = refusal("puct:onnx=" + f);
        assertTrue(m.contains("expected one input 'observation' float [batch, 19, 12] (the planes/1 encoder), found "
                + "['obs' float [batch, 19, 12]]"), m);
    }

    @Test
    void anotherShapeIsRefused() throws Exception {
        Path f = write("shape.onnx", TinyGraphs.graph("observation", new long[] {-1, 228}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 6), new TinyGraphs.Out("value", 1)));
        String m = refusal("puct:onnx=" + f + ",encoder=planes/1");
        assertTrue(m.contains("input expected 'observation' float [batch, 19, 12] (the planes/1 encoder), found "
                + "'observation' float [batch, 228]"), m);
        // the same file fits no other encoder either: compact/1 reads 14 floats
        assertTrue(refusal("puct:onnx=" + f + ",encoder=compact").contains("[batch, 14]"));
    }

    @Test
    void aFixedBatchIsRefused() throws Exception {
        Path f = write("batch.onnx", TinyGraphs.graph("observation", new long[] {1, 14}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 6), new TinyGraphs.Out("value", 1)));
        String m = refusal("puct:onnx=" + f + ",encoder=compact/1");
        assertTrue(m.contains("found 'observation' float [1, 14]"), m);
    }

    @Test
    void anotherElementTypeIsRefused() throws Exception {
        Path f = write("double.onnx", TinyGraphs.graph("observation", new long[] {-1, 14}, DataType.DOUBLE, 1,
                new TinyGraphs.Out("policy_logits", 6), new TinyGraphs.Out("value", 1)));
        String m = refusal("puct:onnx=" + f + ",encoder=compact/1");
        assertTrue(m.contains("found 'observation' double [batch, 14]"), m);
    }

    @Test
    void aMissingOutputIsRefused() throws Exception {
        Path f = write("one.onnx", TinyGraphs.graph("observation", new long[] {-1, 14}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 6)));
        String m = refusal("puct:onnx=" + f + ",encoder=compact/1");
        assertTrue(m.contains("expected outputs 'policy_logits' and 'value' (or 'wdl_logits'), found 1 output "
                + "['policy_logits' float [batch, 6]]"), m);
    }

    @Test
    void aPolicyOfOtherWidthIsRefused() throws Exception {
        Path f = write("seven.onnx", TinyGraphs.graph("observation", new long[] {-1, 14}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 7), new TinyGraphs.Out("value", 1)));
        String m = refusal("puct:onnx=" + f + ",encoder=compact/1");
        assertTrue(m.contains("output expected 'policy_logits' float [batch, 6] (logits over the mover's houses), "
                + "found 'policy_logits' float [batch, 7]"), m);
    }

    @Test
    void aWdlHeadIsAccepted() throws Exception {
        Path f = write("wdl.onnx", TinyGraphs.graph("observation", new long[] {-1, 14}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 6), new TinyGraphs.Out("wdl_logits", 3)));
        agents.checkAll(java.util.List.of("puct:onnx=" + f + ",encoder=compact/1,sims=8"), RULES);
        Path bad = write("wdl2.onnx", TinyGraphs.graph("observation", new long[] {-1, 14}, DataType.FLOAT, 1,
                new TinyGraphs.Out("policy_logits", 6), new TinyGraphs.Out("wdl_logits", 2)));
        assertTrue(refusal("puct:onnx=" + bad + ",encoder=compact/1").contains("found 'wdl_logits' float [batch, 2]"));
    }

    @Test
    void specMistakesAreRefused() throws Exception {
        Path f = write("ok.onnx", TinyGraphs.fitting(Encoders.create("planes/1", RULES).shape(), 1));
        assertTrue(refusal("puct:onnx=" + f + ",encoder=pixels").contains("encoder=pixels"));
        assertTrue(refusal("puct:encoder=planes/1").contains("expected onnx= beside it"));
        assertTrue(refusal("puct:onnx=" + f + ",model=runs/x").contains("model=PATH or onnx=FILE, not both"));
        try (AgentRegistry plain = BuiltInAgents.registry()) {
            AgentSpecException e = assertThrows(AgentSpecException.class, () -> plain.create("puct:onnx=" + f, RULES, 0));
            assertTrue(e.getMessage().contains("runs no ONNX networks"), e.getMessage());
        }
    }

    @Test
    void aSpecFromAnInputStreamReadsTheFileOnlyWhenAllowed() throws Exception {
        Path f = write("ok.onnx", TinyGraphs.fitting(Encoders.create("planes/1", RULES).shape(), 1));
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> agents.restricted(AgentAccess.NONE).validate("puct:onnx=" + f));
        assertTrue(e.getMessage().contains("onnx= reads a file") && e.getMessage().contains("--allow-files"),
                e.getMessage());
        agents.restricted(new AgentAccess(false, true)).validate("puct:onnx=" + f);
    }
}
