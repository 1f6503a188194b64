package org.owarelab.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;

/**
 * {@code probe.json}: {@value #POSITIONS} encoded positions with the outputs the lab's network
 * gives for them, so that a front end can check its own runtime on {@code model.onnx}. Each
 * entry: the position text and legal moves, the legal-move mask (bit {@code i} = the mover's
 * {@code i}-th house), the observation, and the raw outputs named as in the ONNX graph
 * ({@code policyLogits}; {@code value} or {@code wdlLogits}; {@code margin} with the aux head)
 * plus {@code priors}, the masked softmax of the logits, as the lab's search uses them.
 */
public final class Probe {
    public static final String FORMAT = "oware-probe";
    public static final int FORMAT_VERSION = 1;
    static final int POSITIONS = 32;

    private Probe() {
    }

    /** The probe's JSON text: positions from seeded random games under the network's rules. */
    public static byte[] json(PolicyValueNet net, ObservationEncoder encoder, DjlEvaluator djl, long seed)
            throws IOException {
        List<Board> boards = RandomPositions.sample(net.rules(), POSITIONS, seed);
        int size = encoder.size();
        int actions = net.actions();
        float[] obs = new float[boards.size() * size];
        for (int i = 0; i < boards.size(); i++) {
            encoder.encode(boards.get(i), obs, i * size);
        }
        float[][] out = djl.rawOutputs(obs, boards.size());
        float[] priors = new float[boards.size() * actions];
        float[] values = new float[boards.size()];
        djl.evaluate(boards.toArray(new Board[0]), boards.size(), priors, values);
        boolean wdl = net.spec().value() == NetworkSpec.ValueHead.WDL;
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = json.createObjectNode();
        root.put("format", FORMAT).put("formatVersion", FORMAT_VERSION).put("encoder", encoder.tag())
                .put("tolerance", 1e-4);
        ArrayNode shape = root.putArray("inputShape");
        for (int d : encoder.shape()) {
            shape.add(d);
        }
        ArrayNode positions = root.putArray("positions");
        for (int i = 0; i < boards.size(); i++) {
            Board b = boards.get(i);
            ObjectNode p = positions.addObject();
            p.put("position", b.text()).put("legalMoves", Moves.letters(b.toMove(), b.legalMask()))
                    .put("legalMask", b.legalMask());
            floats(p.putArray("observation"), obs, i * size, size);
            floats(p.putArray("policyLogits"), out[0], i * actions, actions);
            floats(p.putArray(wdl ? "wdlLogits" : "value"), out[1], i * (wdl ? 3 : 1), wdl ? 3 : 1);
            if (net.spec().aux()) {
                floats(p.putArray("margin"), out[2], i, 1);
            }
            floats(p.putArray("priors"), priors, i * actions, actions);
            p.put("searchValue", values[i]);
        }
        return json.writeValueAsBytes(root);
    }

    private static void floats(ArrayNode a, float[] src, int from, int n) {
        for (int i = 0; i < n; i++) {
            a.add(src[from + i]);
        }
    }
}
