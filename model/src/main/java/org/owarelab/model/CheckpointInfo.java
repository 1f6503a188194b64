package org.owarelab.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * The metadata of a checkpoint ({@code meta.json}), readable without loading any tensor.
 *
 * @param format always {@value Checkpoints#FORMAT}
 * @param formatVersion {@value Checkpoints#FORMAT_VERSION} for this build
 * @param network the architecture
 * @param encoder the tag ({@code id/version}) of the encoder the network reads
 * @param inputShape the encoder's observation shape, batch excluded
 * @param rules the rule set's spec ({@code RuleSet.spec()}: variants that differ from the defaults,
 *     the empty string for the default rules)
 * @param step learner steps done when it was written
 * @param parameters trainable parameters (a check when loading)
 * @param optimizer the optimizer's id ({@code adam}, {@code sgd}) when its state was saved, else
 *     null; the training module, which writes and reads that state, gives it meaning
 * @param learner the learner's configuration when saved with one, else null; informative here
 *     (kept as the JSON the training module wrote, so that reading a checkpoint needs no training code)
 * @param files size and SHA-256 of each data file, by file name
 */
public record CheckpointInfo(String format, int formatVersion, NetworkSpec network, String encoder,
                             List<Integer> inputShape, String rules, long step, long parameters,
                             String optimizer, JsonNode learner, Map<String, FileInfo> files) {
    /** A data file's size in bytes and its SHA-256 (lower-case hex). */
    public record FileInfo(long bytes, String sha256) {
    }

    /** The input shape as an array. */
    public int[] inputShapeArray() {
        return inputShape.stream().mapToInt(Integer::intValue).toArray();
    }
}
