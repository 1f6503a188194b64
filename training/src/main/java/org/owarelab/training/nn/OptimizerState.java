package org.owarelab.training.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.PolicyValueNet;

/**
 * The optimizer's per-parameter state and its update, kept here rather than in DJL's
 * {@code Optimizer} so that it can be saved with a checkpoint (DJL keeps Adam's moments private
 * and never saves them). The update itself is DJL's fused native op ({@code adamUpdate} with
 * decoupled weight decay, {@code sgdUpdate}), which also zeroes the gradient.
 *
 * <p>Adam keeps the first and second moments ({@code NAME.m}, {@code NAME.v}), SGD the momentum
 * buffer ({@code NAME.mom}), one array per trainable parameter named by DJL's parameter path;
 * {@link #save} writes them as an {@code .npz} and {@link #load} reads them back by name.
 */
final class OptimizerState implements AutoCloseable {
    private static final float BETA1 = 0.9f;
    private static final float BETA2 = 0.999f;
    private static final float EPSILON = 1e-8f;
    /** The time of every entry of a saved {@code .npz} (the zip format's earliest). */
    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(1980, 1, 1, 0, 0);

    private final LearnerConfig config;
    private final NDManager manager;
    private final List<Pair<String, Parameter>> params;
    private final NDArray[] first;
    private final NDArray[] second;

    OptimizerState(LearnerConfig config, List<Pair<String, Parameter>> trainable, NDManager parent) {
        this.config = config;
        this.manager = parent.newSubManager();
        manager.setName("optimizer");
        this.params = trainable;
        first = new NDArray[trainable.size()];
        second = new NDArray[trainable.size()];
        for (int i = 0; i < first.length; i++) {
            NDArray w = trainable.get(i).getValue().getArray();
            first[i] = manager.zeros(w.getShape(), w.getDataType());
            first[i].setName(trainable.get(i).getKey() + (adam() ? ".m" : ".mom"));
            if (adam()) {
                second[i] = manager.zeros(w.getShape(), w.getDataType());
                second[i].setName(trainable.get(i).getKey() + ".v");
            }
        }
    }

    private boolean adam() {
        return config.optimizer() == LearnerConfig.Optimizer.ADAM;
    }

    /**
     * Applies one update with learning rate {@code lr} to every trainable parameter, scaling the
     * gradients by {@code rescale} first (global-norm clipping), and zeroes the gradients.
     *
     * @param t the 1-based update count (Adam's bias correction)
     */
    void update(float lr, float rescale, long t) {
        double coef1 = 1.0 - Math.pow(BETA1, t);
        double coef2 = 1.0 - Math.pow(BETA2, t);
        float lrCorrected = (float) (lr * Math.sqrt(coef2) / coef1);
        for (int i = 0; i < first.length; i++) {
            Parameter p = params.get(i).getValue();
            NDArray w = p.getArray();
            float wd = p.getType() == Parameter.Type.WEIGHT ? (float) config.weightDecay() : 0f;
            NDArray g = w.getGradient();
            // clipGrad -1: DJL's own clipping is one-sided (clamp_max); ours is done by rescale.
            if (adam()) {
                w.getNDArrayInternal().adamUpdate(new NDList(w, g, first[i], second[i]), new NDList(w), lr,
                        lrCorrected, wd, rescale, -1f, BETA1, BETA2, EPSILON, false, true);
            } else {
                w.getNDArrayInternal().sgdUpdate(new NDList(w, g, first[i]), new NDList(w), lr, wd, rescale, -1f,
                        (float) config.momentum(), false);
            }
        }
    }

    /**
     * Writes the state arrays as an {@code .npz} (does not close {@code out}). The zip entries
     * carry a fixed time, not the clock's, so one state gives the same bytes (and checkpoint
     * hashes) in every run.
     */
    void save(OutputStream out) throws IOException {
        NDList list = new NDList();
        for (int i = 0; i < first.length; i++) {
            list.add(first[i]);
            if (second[i] != null) {
                list.add(second[i]);
            }
        }
        ByteArrayOutputStream npz = new ByteArrayOutputStream();
        list.encode(npz, NDList.Encoding.NPZ);
        ZipOutputStream zip = new ZipOutputStream(out);
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(npz.toByteArray()))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTimeLocal(ENTRY_TIME);
                zip.putNextEntry(copy);
                in.transferTo(zip);
                zip.closeEntry();
            }
        }
        zip.finish();
        zip.flush();
    }

    /**
     * Replaces the state with arrays read from an {@code .npz} written by {@link #save} for the
     * same network and optimizer.
     *
     * @throws CheckpointException when an array is missing or has another shape
     */
    void load(InputStream in, String source) {
        try (NDManager tmp = manager.newSubManager()) {
            NDList list;
            try {
                list = NDList.decode(tmp, in);
            } catch (RuntimeException e) {
                throw new CheckpointException(source + " is corrupt or truncated: " + e.getMessage(), e);
            }
            Map<String, NDArray> byName = new HashMap<>();
            for (NDArray a : list) {
                byName.put(a.getName(), a);
            }
            List<NDArray> mine = new ArrayList<>();
            for (int i = 0; i < first.length; i++) {
                mine.add(first[i]);
                if (second[i] != null) {
                    mine.add(second[i]);
                }
            }
            if (byName.size() != mine.size()) {
                throw new CheckpointException(source + " holds " + byName.size() + " optimizer arrays, expected "
                        + mine.size() + " (another optimizer or network?)");
            }
            for (NDArray target : mine) {
                NDArray a = byName.get(target.getName());
                if (a == null || !a.getShape().equals(target.getShape())) {
                    throw new CheckpointException(source + ": optimizer array " + target.getName()
                            + (a == null ? " is missing" : " has shape " + a.getShape() + ", expected " + target.getShape()));
                }
                PolicyValueNet.copyValues(a, target); // not copyTo: see copyValues
            }
        }
    }

    @Override
    public void close() {
        manager.close();
    }
}
