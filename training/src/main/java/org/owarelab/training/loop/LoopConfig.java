package org.owarelab.training.loop;

/**
 * The shape of the loop: how many generations, how much self-play and training per generation,
 * how often to checkpoint and evaluate.
 *
 * @param generations generations to run (one generation = self-play, then training)
 * @param workers self-play threads, each with its own evaluator over the shared network
 * @param gamesPerGeneration self-play games per generation, over all workers
 * @param batchSize learner minibatch size
 * @param maxStepsPerGeneration cap on learner steps per generation (the replay buffer's sample
 *     ratio decides how many are allowed)
 * @param checkpointEvery write a checkpoint every this many generations (the last one always); a
 *     checkpoint is also the resume point, so a killed run plays again the generations after its
 *     last one (1, the default, loses at most the generation in progress)
 * @param keepCheckpoints checkpoints kept on disk (older ones are deleted; 0 keeps all)
 * @param evaluateEvery evaluate against the arena's opponents every this many generations
 *     (0: only at the end)
 * @param cacheEntries entries of each self-play worker's position cache (0: no cache)
 * @param learnerThreads libtorch threads of the learner (self-play workers use one each: on a
 *     small CPU more threads per call are much slower, see docs/training.md)
 * @param maxWallSeconds a time budget (0: none): the first generation whose training ends at or
 *     past this many seconds of training time (over all sessions) is the last one, with the
 *     last generation's checkpoint and final evaluation; {@code generations} still caps the run.
 *     For comparisons at equal wall time (e.g. simulations per move); unlike a generation count
 *     it depends on the machine and its load, so such a run is not reproducible bit for bit
 * @param inference what runs the network for self-play: {@code onnx} (the generation's network
 *     exported to ONNX and run by ONNX Runtime on the CPU, one thread per worker: a fraction of
 *     libtorch's per-call cost at self-play's batch sizes, docs/measurements.md), {@code djl} (the
 *     training network itself through DJL/libtorch), or {@code auto} (the default: {@code onnx}
 *     when the network is on the CPU, {@code djl} on a GPU). The two agree to float rounding, not
 *     bit for bit, so a seeded run's games depend on the choice (and are the same on every run of
 *     that choice)
 */
public record LoopConfig(int generations, int workers, int gamesPerGeneration, int batchSize,
        int maxStepsPerGeneration, int checkpointEvery, int keepCheckpoints, int evaluateEvery, int cacheEntries, int learnerThreads,
        double maxWallSeconds, String inference) {

    /** The values of {@code loop.inference}. */
    public static final java.util.List<String> INFERENCE = java.util.List.of("auto", "djl", "onnx");

    public static final LoopConfig DEFAULT = new LoopConfig(20, 2, 128, 256, 400, 1, 0, 5, 1 << 16, 1, 0, "auto");

    public LoopConfig {
        check("generations", generations, 1, 1_000_000);
        check("workers", workers, 1, 1024);
        check("gamesPerGeneration", gamesPerGeneration, 1, 10_000_000);
        check("batchSize", batchSize, 1, 65_536);
        check("maxStepsPerGeneration", maxStepsPerGeneration, 0, 10_000_000);
        check("checkpointEvery", checkpointEvery, 1, 1_000_000);
        check("keepCheckpoints", keepCheckpoints, 0, 1_000_000);
        check("evaluateEvery", evaluateEvery, 0, 1_000_000);
        check("cacheEntries", cacheEntries, 0, 1 << 26);
        check("learnerThreads", learnerThreads, 1, 256);
        if (!(maxWallSeconds >= 0) || maxWallSeconds > 1e9) {
            throw new IllegalArgumentException("loop.maxWallSeconds=" + maxWallSeconds
                    + ": expected 0 (no budget) .. 1e9 seconds");
        }
        inference = inference == null ? "auto" : inference.trim();
        if (!INFERENCE.contains(inference)) {
            throw new IllegalArgumentException("loop.inference=" + inference + ": expected one of " + INFERENCE);
        }
        if (gamesPerGeneration < workers) {
            throw new IllegalArgumentException("loop.gamesPerGeneration=" + gamesPerGeneration
                    + " is less than loop.workers=" + workers);
        }
    }

    /** Whether a run whose training time is {@code seconds} has spent its time budget (never without one). */
    public boolean wallSpent(double seconds) {
        return maxWallSeconds > 0 && seconds >= maxWallSeconds;
    }

    /** Whether self-play runs the network on ONNX Runtime: {@code onnx}, or {@code auto} with the network on the CPU. */
    public boolean selfPlayOnOnnx(boolean networkOnGpu) {
        return inference.equals("onnx") || inference.equals("auto") && !networkOnGpu;
    }

    static void check(String name, long v, long min, long max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException("loop." + name + "=" + v + ": expected " + min + ".." + max);
        }
    }
}
