package org.owarelab.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The architecture of a policy/value network: the trunk (an MLP or a 1-D residual conv net over
 * the houses), the kind of value head and whether the auxiliary margin head is present. Two
 * networks with equal specs, encoders and rule sets have interchangeable parameters, so a
 * checkpoint records its spec and loading compares it.
 *
 * <ul>
 *   <li>{@code MLP}: {@code hidden} = widths of the fully connected ReLU layers (at least one);
 *       {@code blocks} and {@code channels} are 0. Reads any encoder shape (flattened).
 *   <li>{@code RESNET}: {@code blocks} residual blocks of {@code channels} channels (kernel 3,
 *       batch norm) after a stem convolution; {@code hidden} is empty. Reads {@code {channels, width}}
 *       encoders only.
 * </ul>
 *
 * <p>Text form (the inverse of {@link #spec()}): {@code mlp:hidden=256x256,value=tanh,aux=false},
 * {@code resnet:blocks=6,channels=64,value=wdl,aux=true}; options left out take the defaults of
 * {@link #mlp(int...)} and {@link #resnet(int, int)}. Binds from YAML/JSON by its component
 * names ({@code kind: mlp, hidden: [256, 256], value: tanh, aux: false}); there a missing
 * {@code value} is tanh, and sizes are never defaulted (a resnet without {@code blocks} is refused).
 *
 * @param kind the trunk
 * @param hidden MLP layer widths, each 1..{@value #MAX_WIDTH}
 * @param blocks residual blocks, 1..{@value #MAX_BLOCKS}
 * @param channels residual channels, 1..{@value #MAX_WIDTH}
 * @param value the value head: {@code tanh} (one output in [-1, 1]) or {@code wdl} (win/draw/loss
 *     logits, value = p(win) - p(loss))
 * @param aux whether the auxiliary head predicting the final seed margin is present
 */
public record NetworkSpec(Kind kind, List<Integer> hidden, int blocks, int channels, ValueHead value, boolean aux) {
    public static final int MAX_WIDTH = 4096;
    public static final int MAX_BLOCKS = 64;
    public static final int MAX_LAYERS = 16;

    /** The trunk of the network. */
    public enum Kind {
        MLP, RESNET;

        /**
         * The keys that size this kind's trunk and no other's ({@code hidden} for an MLP,
         * {@code blocks} and {@code channels} for a resnet): a config that changes the kind drops
         * the other kind's defaults of these.
         */
        public List<String> sizeKeys() {
            return this == MLP ? List.of("hidden") : List.of("blocks", "channels");
        }

        @JsonValue
        public String id() {
            return EnumText.id(this);
        }

        @JsonCreator
        public static Kind of(String text) {
            return EnumText.parse(values(), text, "network kind", NetworkSpecException::new);
        }
    }

    /** The value head. */
    public enum ValueHead {
        /** One output squashed by tanh: the expected result for the side to move. */
        TANH,
        /** Three logits (win, draw, loss for the side to move); value = p(win) - p(loss). */
        WDL;

        @JsonValue
        public String id() {
            return EnumText.id(this);
        }

        @JsonCreator
        public static ValueHead of(String text) {
            return EnumText.parse(values(), text, "value head", NetworkSpecException::new);
        }
    }

    public NetworkSpec {
        if (kind == null) {
            throw new NetworkSpecException("network spec: kind is missing (expected mlp or resnet)");
        }
        value = value == null ? ValueHead.TANH : value;
        hidden = hidden == null ? List.of() : List.copyOf(hidden);
        if (kind == Kind.MLP) {
            if (hidden.isEmpty() || hidden.size() > MAX_LAYERS) {
                throw new NetworkSpecException("mlp: expected 1.." + MAX_LAYERS + " hidden layer widths, got " + hidden);
            }
            for (int w : hidden) {
                if (w < 1 || w > MAX_WIDTH) {
                    throw new NetworkSpecException("mlp: hidden width " + w + " is outside 1.." + MAX_WIDTH);
                }
            }
            if (blocks != 0 || channels != 0) {
                throw new NetworkSpecException("mlp: blocks and channels belong to resnet (got blocks="
                        + blocks + ", channels=" + channels + ")");
            }
        } else {
            if (!hidden.isEmpty()) {
                throw new NetworkSpecException("resnet: hidden belongs to mlp (got " + hidden + "; a resnet is sized by "
                        + "blocks and channels)");
            }
            if (blocks < 1 || blocks > MAX_BLOCKS) {
                throw new NetworkSpecException("resnet: blocks=" + blocks + " is outside 1.." + MAX_BLOCKS);
            }
            if (channels < 1 || channels > MAX_WIDTH) {
                throw new NetworkSpecException("resnet: channels=" + channels + " is outside 1.." + MAX_WIDTH);
            }
        }
    }

    /** An MLP with the given hidden widths (default 256x256 when none are given), tanh value, no aux head. */
    public static NetworkSpec mlp(int... hidden) {
        List<Integer> h = new ArrayList<>();
        for (int w : hidden.length == 0 ? new int[] {256, 256} : hidden) {
            h.add(w);
        }
        return new NetworkSpec(Kind.MLP, h, 0, 0, ValueHead.TANH, false);
    }

    /** A residual net of {@code blocks} x {@code channels}, tanh value, no aux head. */
    public static NetworkSpec resnet(int blocks, int channels) {
        return new NetworkSpec(Kind.RESNET, List.of(), blocks, channels, ValueHead.TANH, false);
    }

    public NetworkSpec withValue(ValueHead v) {
        return new NetworkSpec(kind, hidden, blocks, channels, v, aux);
    }

    public NetworkSpec withAux(boolean a) {
        return new NetworkSpec(kind, hidden, blocks, channels, value, a);
    }

    /** The canonical text form, e.g. {@code mlp:hidden=256x256,value=tanh,aux=false}. */
    public String spec() {
        StringBuilder sb = new StringBuilder(kind.id()).append(':');
        if (kind == Kind.MLP) {
            sb.append("hidden=");
            for (int i = 0; i < hidden.size(); i++) {
                sb.append(i == 0 ? "" : "x").append(hidden.get(i));
            }
        } else {
            sb.append("blocks=").append(blocks).append(",channels=").append(channels);
        }
        return sb.append(",value=").append(value.id()).append(",aux=").append(aux).toString();
    }

    @Override
    public String toString() {
        return spec();
    }

    /**
     * Parses the text form {@code kind[:key=value,...]}.
     *
     * @throws NetworkSpecException naming the text, the option and what was expected
     */
    public static NetworkSpec parse(String text) {
        return NetworkSpecParser.parse(text);
    }
}
