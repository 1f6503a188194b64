package org.owarelab.export;

import ai.onnx.proto.OnnxMl;
import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * Small hand-made ONNX graphs for the contract tests: {@code Flatten(input)} into one linear
 * layer per output (a {@code Tanh} after an output of width 1), random weights from a seed. The
 * declared names, shapes and element type are the caller's, so a test can make a graph that fits
 * the lab's contract and, one field changed, graphs that do not.
 */
final class TinyGraphs {
    /** One output: its name and width (the second dimension). */
    record Out(String name, int width) {
    }

    private TinyGraphs() {
    }

    /**
     * A graph with one input {@code input} of {@code dims} (-1: dynamic) and element type
     * {@code elem}, and {@code outs}, each {@code [batch, width]}.
     */
    static byte[] graph(String input, long[] dims, OnnxMl.TensorProto.DataType elem, long seed, Out... outs) {
        int features = 1;
        for (int i = 1; i < dims.length; i++) {
            features *= (int) dims[i];
        }
        OnnxMl.GraphProto.Builder g = OnnxMl.GraphProto.newBuilder().setName("tiny");
        g.addInput(valueInfo(input, dims, elem));
        String x = input;
        if (elem != OnnxMl.TensorProto.DataType.FLOAT) {
            g.addNode(node("Cast", "xf", x).addAttribute(OnnxMl.AttributeProto.newBuilder().setName("to")
                    .setType(OnnxMl.AttributeProto.AttributeType.INT).setI(OnnxMl.TensorProto.DataType.FLOAT.getNumber())));
            x = "xf";
        }
        g.addNode(node("Flatten", "flat", x));
        SplittableRandom r = new SplittableRandom(seed);
        for (Out o : outs) {
            g.addInitializer(weights(o.name() + "_w", new long[] {features, o.width()}, r));
            g.addInitializer(weights(o.name() + "_b", new long[] {o.width()}, r));
            String lin = o.width() == 1 ? o.name() + "_lin" : o.name();
            g.addNode(node("Gemm", lin, "flat", o.name() + "_w", o.name() + "_b"));
            if (o.width() == 1) {
                g.addNode(node("Tanh", o.name(), lin));
            }
            g.addOutput(valueInfo(o.name(), new long[] {-1, o.width()}, OnnxMl.TensorProto.DataType.FLOAT));
        }
        return OnnxMl.ModelProto.newBuilder().setIrVersion(8).setProducerName("tiny-graphs").setGraph(g)
                .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(13)).build()
                .toByteArray();
    }

    /** A graph that fits the contract for an encoder of {@code shape}: policy over 6 houses and a tanh value. */
    static byte[] fitting(int[] shape, long seed) {
        long[] dims = new long[shape.length + 1];
        dims[0] = -1;
        for (int i = 0; i < shape.length; i++) {
            dims[i + 1] = shape[i];
        }
        return graph("observation", dims, OnnxMl.TensorProto.DataType.FLOAT, seed, new Out("policy_logits", 6),
                new Out("value", 1));
    }

    private static OnnxMl.NodeProto.Builder node(String op, String out, String... in) {
        OnnxMl.NodeProto.Builder n = OnnxMl.NodeProto.newBuilder().setOpType(op).setName(op + "_" + out).addOutput(out);
        for (String i : in) {
            n.addInput(i);
        }
        return n;
    }

    private static OnnxMl.TensorProto weights(String name, long[] dims, SplittableRandom r) {
        int n = 1;
        for (long d : dims) {
            n *= (int) d;
        }
        ByteBuffer raw = ByteBuffer.allocate(n * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            raw.putFloat((float) (r.nextDouble() - 0.5));
        }
        OnnxMl.TensorProto.Builder t = OnnxMl.TensorProto.newBuilder().setName(name)
                .setDataType(OnnxMl.TensorProto.DataType.FLOAT.getNumber()).setRawData(ByteString.copyFrom(raw.array()));
        for (long d : dims) {
            t.addDims(d);
        }
        return t.build();
    }

    private static OnnxMl.ValueInfoProto valueInfo(String name, long[] dims, OnnxMl.TensorProto.DataType elem) {
        OnnxMl.TensorShapeProto.Builder s = OnnxMl.TensorShapeProto.newBuilder();
        for (long d : dims) {
            s.addDim(d < 0 ? OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimParam("batch")
                    : OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        OnnxMl.TypeProto type = OnnxMl.TypeProto.newBuilder().setTensorType(OnnxMl.TypeProto.Tensor.newBuilder()
                .setElemType(elem.getNumber()).setShape(s)).build();
        return OnnxMl.ValueInfoProto.newBuilder().setName(name).setType(type).build();
    }
}
