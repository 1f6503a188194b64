package org.owarelab.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import ai.onnxruntime.ValueInfo;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.owarelab.env.ObservationEncoder;

/**
 * The lab's contract for a policy/value network as ONNX (docs/onnx-contract.md), checked on a
 * loaded session before any game:
 *
 * <ul>
 *   <li>exactly one input, {@value OnnxModel#INPUT}, float32, shape {@code [batch, ...]} of the
 *       encoder's shape ({@code [batch, 19, 12]} for {@code planes/1}, {@code [batch, 14]} for
 *       {@code compact/1}), the batch dimension dynamic;</li>
 *   <li>output {@value OnnxModel#POLICY}: float32 {@code [batch, houses]}, logits over the mover's
 *       houses from its left (illegal moves are masked by the search, not by the network);</li>
 *   <li>output {@value OnnxModel#VALUE}: float32 {@code [batch, 1]}, the value from the side to
 *       move in [-1, 1], or instead {@value OnnxModel#WDL}: float32 {@code [batch, 3]}, win/draw/loss
 *       logits from the side to move; other outputs are allowed and not computed.</li>
 * </ul>
 *
 * <p>A refusal is one line naming the file, the input or output, what was expected and what was
 * found. Stateless.
 */
final class OnnxContract {
    private OnnxContract() {
    }

    /** Checks {@code s} against the contract for {@code encoder}; returns whether the value head is WDL. */
    static boolean check(String name, OrtSession s, ObservationEncoder encoder) throws OrtException {
        Map<String, NodeInfo> in = s.getInputInfo();
        Map<String, NodeInfo> out = s.getOutputInfo();
        int[] want = encoder.shape();
        long[] inShape = new long[want.length + 1];
        inShape[0] = -1;
        for (int i = 0; i < want.length; i++) {
            inShape[i + 1] = want[i];
        }
        String expectIn = "'" + OnnxModel.INPUT + "' float " + shape(inShape) + " (the " + encoder.tag() + " encoder)";
        if (in.size() != 1 || !in.containsKey(OnnxModel.INPUT)) {
            throw refusal(name, "expected one input " + expectIn + ", found " + describe(in));
        }
        tensor(name, "input", in.get(OnnxModel.INPUT), inShape, expectIn);
        if (!out.containsKey(OnnxModel.POLICY) || !(out.containsKey(OnnxModel.VALUE) || out.containsKey(OnnxModel.WDL))) {
            throw refusal(name, "expected outputs '" + OnnxModel.POLICY + "' and '" + OnnxModel.VALUE + "' (or '"
                    + OnnxModel.WDL + "'), found " + out.size() + " output" + (out.size() == 1 ? "" : "s") + " "
                    + describe(out));
        }
        int houses = encoder.rules().houses();
        long[] policy = {-1, houses};
        tensor(name, "output", out.get(OnnxModel.POLICY), policy,
                "'" + OnnxModel.POLICY + "' float " + shape(policy) + " (logits over the mover's houses)");
        boolean wdl = !out.containsKey(OnnxModel.VALUE);
        long[] value = {-1, wdl ? 3 : 1};
        String head = wdl ? OnnxModel.WDL : OnnxModel.VALUE;
        tensor(name, "output", out.get(head), value, "'" + head + "' float " + shape(value)
                + (wdl ? " (win/draw/loss logits)" : " (value from the side to move)"));
        return wdl;
    }

    private static void tensor(String name, String kind, NodeInfo node, long[] want, String expected) {
        ValueInfo info = node.getInfo();
        if (!(info instanceof TensorInfo t) || t.type != OnnxJavaType.FLOAT || !fits(t.getShape(), want)) {
            throw refusal(name, kind + " expected " + expected + ", found " + describe(node));
        }
    }

    /** Same rank, the first (batch) dimension dynamic, the others equal. */
    private static boolean fits(long[] shape, long[] want) {
        if (shape.length != want.length || shape[0] >= 0) {
            return false;
        }
        for (int i = 1; i < want.length; i++) {
            if (shape[i] != want[i]) {
                return false;
            }
        }
        return true;
    }

    private static String describe(Map<String, NodeInfo> nodes) {
        return nodes.values().stream().map(OnnxContract::describe).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String describe(NodeInfo n) {
        ValueInfo info = n.getInfo();
        if (info instanceof TensorInfo t) {
            return "'" + n.getName() + "' " + t.type.toString().toLowerCase() + " " + shape(t.getShape());
        }
        return "'" + n.getName() + "' (not a tensor: " + info + ")";
    }

    /** A shape with dynamic dimensions as {@code batch} (the first) or {@code ?}. */
    private static String shape(long[] dims) {
        String[] s = new String[dims.length];
        for (int i = 0; i < dims.length; i++) {
            s[i] = dims[i] >= 0 ? Long.toString(dims[i]) : i == 0 ? "batch" : "?";
        }
        return Arrays.toString(s);
    }

    private static IllegalArgumentException refusal(String name, String problem) {
        return new IllegalArgumentException(name + ": not a network of the lab's ONNX contract: " + problem
                + " (see docs/onnx-contract.md)");
    }
}
