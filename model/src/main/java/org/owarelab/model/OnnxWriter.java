package org.owarelab.model;

import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import ai.onnx.proto.OnnxMl;
import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Iterator;
import java.util.List;

/**
 * Writes a {@link PolicyValueNet} as an ONNX model (opset {@value #OPSET}, dynamic batch), node
 * for node the graph that {@code NetBuilder} builds in DJL: Gemm (transB) for Linear, Conv for
 * Conv1d (zero padding kernel/2, no bias), BatchNormalization with DJL's running statistics and
 * epsilon {@value #BN_EPSILON} (inference form, not folded), Relu, Tanh, Add, Flatten.
 *
 * <p>Input {@value #INPUT}: float {@code [batch, encoder shape...]}. Outputs, unnormalised and
 * unmasked as in DJL: {@value #POLICY} {@code [batch, actions]}; {@value #VALUE} {@code [batch, 1]}
 * (tanh head) or {@value #WDL} {@code [batch, 3]} (win/draw/loss logits); with the aux head
 * {@value #MARGIN} {@code [batch, 1]}. The consumer masks illegal moves before its softmax.
 *
 * <p>The parameters are consumed in DJL's fixed order ({@link PolicyValueNet#parameters()}), each
 * checked by name and shape against the node that takes it, so a change of {@code NetBuilder}
 * that this writer does not follow fails loudly instead of writing a wrong graph.
 */
public final class OnnxWriter {
    public static final int OPSET = 13;
    public static final String INPUT = "observation";
    public static final String POLICY = "policy_logits";
    public static final String VALUE = "value";
    public static final String WDL = "wdl_logits";
    public static final String MARGIN = "margin";
    static final float BN_EPSILON = 1e-5f;
    private static final String BATCH = "batch";

    private final OnnxMl.GraphProto.Builder graph = OnnxMl.GraphProto.newBuilder();
    private final Iterator<Pair<String, Parameter>> params;
    private int counter;

    private OnnxWriter(PolicyValueNet net) {
        List<Pair<String, Parameter>> list = net.parameters();
        this.params = list.iterator();
    }

    /** The serialized ONNX model of {@code net}. */
    public static byte[] toBytes(PolicyValueNet net, String docString) {
        return model(net, docString).toByteArray();
    }

    /** The ONNX model of {@code net}. */
    public static OnnxMl.ModelProto model(PolicyValueNet net, String docString) {
        OnnxWriter w = new OnnxWriter(net);
        w.graph.setName("oware_policy_value");
        int[] shape = net.inputShape();
        w.graph.addInput(valueInfo(INPUT, shape));
        NetworkSpec spec = net.spec();
        boolean wdl = spec.value() == NetworkSpec.ValueHead.WDL;
        if (spec.kind() == NetworkSpec.Kind.MLP) {
            w.mlp(spec, shape.length > 1, wdl);
        } else {
            w.resnet(spec, wdl);
        }
        w.graph.addOutput(valueInfo(POLICY, new int[] {net.actions()}));
        w.graph.addOutput(valueInfo(wdl ? WDL : VALUE, new int[] {wdl ? 3 : 1}));
        if (spec.aux()) {
            w.graph.addOutput(valueInfo(MARGIN, new int[] {1}));
        }
        if (w.params.hasNext()) {
            throw new IllegalStateException("ONNX export: parameter " + w.params.next().getKey() + " was not used");
        }
        return OnnxMl.ModelProto.newBuilder()
                .setIrVersion(8)
                .setProducerName("oware-lab")
                .setDocString(docString)
                .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(OPSET))
                .setGraph(w.graph)
                .build();
    }

    private void mlp(NetworkSpec spec, boolean flatten, boolean wdl) {
        String x = INPUT;
        if (flatten) {
            x = node("Flatten", fresh(), List.of(x), intAttr("axis", 1));
        }
        for (int ignored : spec.hidden()) {
            x = node("Relu", fresh(), List.of(gemm(x, fresh())));
        }
        gemm(x, POLICY);
        if (wdl) {
            gemm(x, WDL);
        } else {
            node("Tanh", VALUE, List.of(gemm(x, fresh())));
        }
        if (spec.aux()) {
            node("Tanh", MARGIN, List.of(gemm(x, fresh())));
        }
    }

    private void resnet(NetworkSpec spec, boolean wdl) {
        String x = relu(batchNorm(conv(INPUT, 3)));
        for (int i = 0; i < spec.blocks(); i++) {
            String branch = relu(batchNorm(conv(x, 3)));
            branch = batchNorm(conv(branch, 3));
            x = relu(node("Add", fresh(), List.of(branch, x)));
        }
        gemm(convHead(x), POLICY);
        valueHead(x, wdl ? WDL : VALUE, !wdl);
        if (spec.aux()) {
            valueHead(x, MARGIN, true);
        }
    }

    private String convHead(String x) {
        return node("Flatten", fresh(), List.of(relu(batchNorm(conv(x, 1)))), intAttr("axis", 1));
    }

    private void valueHead(String x, String out, boolean tanh) {
        String h = relu(gemm(convHead(x), fresh()));
        if (tanh) {
            node("Tanh", out, List.of(gemm(h, fresh())));
        } else {
            gemm(h, out);
        }
    }

    private String gemm(String x, String out) {
        String w = initializer("weight", 2);
        String b = initializer("bias", 1);
        return node("Gemm", out, List.of(x, w, b), intAttr("transB", 1));
    }

    private String conv(String x, int kernel) {
        String w = initializer("weight", 3);
        OnnxMl.AttributeProto pads = OnnxMl.AttributeProto.newBuilder().setName("pads")
                .setType(OnnxMl.AttributeProto.AttributeType.INTS).addInts(kernel / 2).addInts(kernel / 2).build();
        OnnxMl.AttributeProto shape = OnnxMl.AttributeProto.newBuilder().setName("kernel_shape")
                .setType(OnnxMl.AttributeProto.AttributeType.INTS).addInts(kernel).build();
        return node("Conv", fresh(), List.of(x, w), pads, shape);
    }

    private String batchNorm(String x) {
        String gamma = initializer("gamma", 1);
        String beta = initializer("beta", 1);
        String mean = initializer("runningMean", 1);
        String var = initializer("runningVar", 1);
        OnnxMl.AttributeProto eps = OnnxMl.AttributeProto.newBuilder().setName("epsilon")
                .setType(OnnxMl.AttributeProto.AttributeType.FLOAT).setF(BN_EPSILON).build();
        return node("BatchNormalization", fresh(), List.of(x, gamma, beta, mean, var), eps);
    }

    private String relu(String x) {
        return node("Relu", fresh(), List.of(x));
    }

    private String fresh() {
        return "t" + counter++;
    }

    private String node(String op, String out, List<String> inputs, OnnxMl.AttributeProto... attributes) {
        OnnxMl.NodeProto.Builder n = OnnxMl.NodeProto.newBuilder().setOpType(op).setName(op + "_" + counter++)
                .addAllInput(inputs).addOutput(out);
        for (OnnxMl.AttributeProto a : attributes) {
            n.addAttribute(a);
        }
        graph.addNode(n);
        return out;
    }

    private static OnnxMl.AttributeProto intAttr(String name, long v) {
        return OnnxMl.AttributeProto.newBuilder().setName(name).setType(OnnxMl.AttributeProto.AttributeType.INT)
                .setI(v).build();
    }

    /** Takes the next DJL parameter, checks its name and rank, and adds it as an initializer. */
    private String initializer(String kind, int rank) {
        if (!params.hasNext()) {
            throw new IllegalStateException("ONNX export: the network has fewer parameters than its spec implies");
        }
        Pair<String, Parameter> p = params.next();
        String name = p.getKey();
        long[] shape = p.getValue().getArray().getShape().getShape();
        if (!name.endsWith("_" + kind) || shape.length != rank) {
            throw new IllegalStateException("ONNX export: expected a " + kind + " of rank " + rank + ", found "
                    + name + " of shape " + p.getValue().getArray().getShape());
        }
        float[] values = p.getValue().getArray().toFloatArray();
        ByteBuffer raw = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        raw.asFloatBuffer().put(values);
        OnnxMl.TensorProto.Builder t = OnnxMl.TensorProto.newBuilder().setName(name)
                .setDataType(OnnxMl.TensorProto.DataType.FLOAT.getNumber()).setRawData(ByteString.copyFrom(raw.array()));
        for (long d : shape) {
            t.addDims(d);
        }
        graph.addInitializer(t);
        return name;
    }

    private static OnnxMl.ValueInfoProto valueInfo(String name, int[] shape) {
        OnnxMl.TensorShapeProto.Builder s = OnnxMl.TensorShapeProto.newBuilder()
                .addDim(OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimParam(BATCH));
        for (int d : shape) {
            s.addDim(OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        OnnxMl.TypeProto type = OnnxMl.TypeProto.newBuilder().setTensorType(OnnxMl.TypeProto.Tensor.newBuilder()
                .setElemType(OnnxMl.TensorProto.DataType.FLOAT.getNumber()).setShape(s)).build();
        return OnnxMl.ValueInfoProto.newBuilder().setName(name).setType(type).build();
    }
}
