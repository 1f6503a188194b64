package org.owarelab.model;

import ai.djl.ndarray.NDList;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.ParallelBlock;
import ai.djl.nn.Parameter;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv1d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Builds the DJL block of a {@link NetworkSpec}. Input {@code (B, shape...)}; output an
 * {@link NDList} of the heads in this order: policy logits {@code (B, actions)}; value
 * {@code (B, 1)} after tanh, or win/draw/loss logits {@code (B, 3)}; with the aux head, the
 * predicted normalised margin {@code (B, 1)} after tanh. Illegal moves are masked by the callers
 * (evaluator and loss), not here, so the block is a plain function of the observation.
 *
 * <p>MLP: flatten, then Linear+ReLU per hidden width, then one Linear per head. ResNet (AlphaZero
 * shape, 1-D): a kernel-3 stem convolution + batch norm + ReLU, residual blocks of two kernel-3
 * convolutions with batch norm and a skip, then per head a 1x1 convolution to 2 channels + batch
 * norm + ReLU, flattened into Linear layers (value and aux heads through a hidden layer of
 * {@code channels} units). Convolutions pad with zeros to keep the width.
 */
final class NetBuilder {
    private final SplittableRandom random;
    private final int actions;

    private NetBuilder(long seed, int actions) {
        this.random = new SplittableRandom(seed);
        this.actions = actions;
    }

    /** The block with its weight initializers set (seeded); DJL initializes it on first use. */
    static Block build(NetworkSpec spec, int[] inputShape, int actions, long seed) {
        NetBuilder b = new NetBuilder(seed, actions);
        return spec.kind() == NetworkSpec.Kind.MLP ? b.mlp(spec, inputShape) : b.resnet(spec, inputShape);
    }

    private Block mlp(NetworkSpec spec, int[] inputShape) {
        SequentialBlock net = new SequentialBlock();
        if (inputShape.length > 1) {
            net.add(Blocks.batchFlattenBlock());
        }
        for (int width : spec.hidden()) {
            net.add(linear(width, SeededInitializer.RELU_GAIN)).add(Activation::relu);
        }
        List<Block> heads = new ArrayList<>();
        heads.add(linear(actions, SeededInitializer.OUTPUT_GAIN));
        heads.add(spec.value() == NetworkSpec.ValueHead.WDL
                ? linear(3, SeededInitializer.OUTPUT_GAIN)
                : new SequentialBlock().add(linear(1, SeededInitializer.OUTPUT_GAIN)).add(Activation::tanh));
        if (spec.aux()) {
            heads.add(new SequentialBlock().add(linear(1, SeededInitializer.OUTPUT_GAIN)).add(Activation::tanh));
        }
        return net.add(concat(heads));
    }

    private Block resnet(NetworkSpec spec, int[] inputShape) {
        if (inputShape.length != 2) {
            throw new NetworkSpecException("resnet reads {channels, width} observations; this encoder gives shape "
                    + Arrays.toString(inputShape) + " (use an mlp, or a planes encoder)");
        }
        int c = spec.channels();
        SequentialBlock net = new SequentialBlock();
        net.add(conv(c, 3)).add(batchNorm()).add(Activation::relu);
        for (int i = 0; i < spec.blocks(); i++) {
            SequentialBlock branch = new SequentialBlock()
                    .add(conv(c, 3)).add(batchNorm()).add(Activation::relu)
                    .add(conv(c, 3)).add(batchNorm());
            net.add(new ParallelBlock(
                    l -> new NDList(Activation.relu(l.get(0).singletonOrThrow().add(l.get(1).singletonOrThrow()))),
                    Arrays.asList(branch, Blocks.identityBlock())));
        }
        List<Block> heads = new ArrayList<>();
        heads.add(convHead().add(linear(actions, SeededInitializer.OUTPUT_GAIN)));
        heads.add(valueHead(c, spec.value() == NetworkSpec.ValueHead.WDL ? 3 : 1,
                spec.value() == NetworkSpec.ValueHead.TANH));
        if (spec.aux()) {
            heads.add(valueHead(c, 1, true));
        }
        return net.add(concat(heads));
    }

    private SequentialBlock convHead() {
        return new SequentialBlock().add(conv(2, 1)).add(batchNorm()).add(Activation::relu)
                .add(Blocks.batchFlattenBlock());
    }

    private Block valueHead(int hidden, int outputs, boolean tanh) {
        SequentialBlock head = convHead()
                .add(linear(hidden, SeededInitializer.RELU_GAIN)).add(Activation::relu)
                .add(linear(outputs, SeededInitializer.OUTPUT_GAIN));
        return tanh ? head.add(Activation::tanh) : head;
    }

    /** Runs the heads on the trunk's output and lists their outputs in order. */
    private static Block concat(List<Block> heads) {
        return new ParallelBlock(lists -> {
            NDList out = new NDList(lists.size());
            for (NDList l : lists) {
                out.addAll(l);
            }
            return out;
        }, heads);
    }

    private Block linear(int units, double gain) {
        Block b = Linear.builder().setUnits(units).build();
        b.setInitializer(new SeededInitializer(random, gain), Parameter.Type.WEIGHT);
        return b;
    }

    private Block conv(int filters, int kernel) {
        Block b = Conv1d.builder().setFilters(filters).setKernelShape(new Shape(kernel))
                .optPadding(new Shape(kernel / 2)).optBias(false).build();
        b.setInitializer(new SeededInitializer(random, SeededInitializer.RELU_GAIN), Parameter.Type.WEIGHT);
        return b;
    }

    private static Block batchNorm() {
        return BatchNorm.builder().build();
    }
}
