package org.owarelab.training.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlaySeeds;

/**
 * A window over the most recent self-play positions, in primitive ring arrays, with seeded
 * uniform sampling (with replacement) into preallocated {@link Minibatch}es (the learner's input
 * as it is) and a budget of {@link ReplayConfig#sampleRatio()} samples per position added.
 *
 * <p>Sampling is reproducible across a save and load: minibatch {@code k} is drawn with a
 * generator seeded from the buffer's seed and the number of samples drawn before it, over
 * positions numbered from the oldest; both counters are saved with the records
 * ({@link ReplayFile}).
 *
 * <p>Not thread-safe: the training loop owns it (self-play sinks hand positions to that thread,
 * or synchronise on the buffer).
 */
public final class ReplayBuffer {
    private final RecordLayout layout;
    private final ReplayConfig cfg;
    private final long seed;
    private final int window;
    private final int obsSize;
    private final int actions;
    private final int totalSeeds;
    final long[] gameId;
    final int[] ply;
    final byte[] mask;
    final byte[] result;
    final short[] margin;
    final byte[] flags;
    final float[] rootValue;
    final float[] observation;
    final float[] policy;
    /** Physical index of the oldest position. */
    private int start;
    private int size;
    private long added;
    private long sampled;

    public ReplayBuffer(RecordLayout layout, ReplayConfig cfg, long seed) {
        this.layout = layout;
        this.cfg = cfg;
        this.seed = seed;
        this.window = cfg.window();
        this.obsSize = layout.observationSize();
        this.actions = layout.actions();
        this.totalSeeds = layout.rules().totalSeeds();
        gameId = new long[window];
        ply = new int[window];
        mask = new byte[window];
        result = new byte[window];
        margin = new short[window];
        flags = new byte[window];
        rootValue = new float[window];
        observation = new float[window * obsSize];
        policy = new float[window * actions];
    }

    public RecordLayout layout() {
        return layout;
    }

    public ReplayConfig config() {
        return cfg;
    }

    /** Positions held now (at most the window). */
    public int size() {
        return size;
    }

    /** Positions ever added (the dropped ones included). */
    public long added() {
        return added;
    }

    /** Samples drawn so far. */
    public long sampled() {
        return sampled;
    }

    /**
     * Samples the training loop may still draw: {@code floor(sampleRatio * added) - sampled}, or
     * 0 while fewer than {@code minPositions} positions are held.
     */
    public long samplesAllowed() {
        if (size < cfg.minPositions() || size == 0) {
            return 0;
        }
        return Math.max(0, (long) Math.floor(cfg.sampleRatio() * added) - sampled);
    }

    /** Adds the positions of one game, in order. */
    public void addAll(List<PositionRecord> records) {
        for (PositionRecord r : records) {
            add(r);
        }
    }

    /**
     * Adds one position, dropping the oldest when the window is full.
     *
     * @throws IllegalArgumentException for a record of another shape or out-of-range fields
     */
    public void add(PositionRecord r) {
        if (r.observation().length != obsSize || r.policy().length != actions) {
            throw new IllegalArgumentException("record with " + r.observation().length + " floats and "
                    + r.policy().length + " moves for a buffer of " + layout.describe());
        }
        if (r.result() < -1 || r.result() > 1 || r.legalMask() >>> actions != 0 || r.legalMask() == 0
                || r.margin() < Short.MIN_VALUE || r.margin() > Short.MAX_VALUE || r.flags() >>> 8 != 0 || r.ply() < 0) {
            throw new IllegalArgumentException("record out of range: game " + r.gameId() + " ply " + r.ply() + " result "
                    + r.result() + " mask " + r.legalMask() + " margin " + r.margin() + " flags " + r.flags());
        }
        int i = slotForAppend();
        gameId[i] = r.gameId();
        ply[i] = r.ply();
        mask[i] = (byte) r.legalMask();
        result[i] = (byte) r.result();
        margin[i] = (short) r.margin();
        flags[i] = (byte) r.flags();
        rootValue[i] = r.rootValue();
        System.arraycopy(r.observation(), 0, observation, i * obsSize, obsSize);
        System.arraycopy(r.policy(), 0, policy, i * actions, actions);
        added++;
    }

    /** The physical slot of a new position (evicting the oldest when full); package use by the loader too. */
    int slotForAppend() {
        int i;
        if (size < window) {
            i = (start + size) % window;
            size++;
        } else {
            i = start;
            start = (start + 1) % window;
        }
        return i;
    }

    /** The physical slot of the {@code k}-th oldest position. */
    int physical(int k) {
        return (start + k) % window;
    }

    void restoreCounters(long addedTotal, long sampledTotal) {
        this.added = addedTotal;
        this.sampled = sampledTotal;
    }

    /** The {@code k}-th oldest position as a record (allocates; for tools and tests). */
    public PositionRecord get(int k) {
        if (k < 0 || k >= size) {
            throw new IndexOutOfBoundsException("position " + k + " of " + size);
        }
        int i = physical(k);
        float[] obs = new float[obsSize];
        float[] pol = new float[actions];
        System.arraycopy(observation, i * obsSize, obs, 0, obsSize);
        System.arraycopy(policy, i * actions, pol, 0, actions);
        return new PositionRecord(gameId[i], ply[i], obs, mask[i] & 0xFF, pol, result[i], margin[i], rootValue[i],
                flags[i] & 0xFF);
    }

    /**
     * Fills {@code out} with {@code out.size} positions drawn uniformly with replacement, and
     * counts them as sampled. Does not check {@link #samplesAllowed()}: the loop does.
     *
     * @throws IllegalStateException when the buffer is empty
     */
    public void sample(Minibatch out) {
        if (size == 0) {
            throw new IllegalStateException("cannot sample an empty replay buffer");
        }
        if (!out.layout.equals(layout)) {
            throw new IllegalArgumentException("minibatch for " + out.layout.describe() + ", buffer of " + layout.describe());
        }
        SplittableRandom rng = new SplittableRandom(SelfPlaySeeds.mix(seed ^ SelfPlaySeeds.mix(sampled + 0x51A7E5L)));
        for (int b = 0; b < out.size; b++) {
            int k = rng.nextInt(size);
            int i = physical(k);
            out.indices[b] = k;
            System.arraycopy(observation, i * obsSize, out.observations, b * obsSize, obsSize);
            System.arraycopy(policy, i * actions, out.policies, b * actions, actions);
            out.masks[b] = mask[i] & 0xFF;
            out.results[b] = result[i];
            out.margins[b] = Minibatch.normalisedMargin(margin[i], totalSeeds);
            out.rootValues[b] = rootValue[i];
            out.flags[b] = flags[i] & 0xFF;
        }
        sampled += out.size;
    }

    /** Writes the buffer to {@code file} atomically (see {@link ReplayFile} for the format). */
    public void save(Path file) throws IOException {
        ReplayFile.write(this, file);
    }

    /**
     * Loads a buffer saved by {@link #save}, keeping its counters; with a smaller window than
     * the file's, only the most recent positions are kept.
     *
     * @throws ReplayFormatException for a file that is truncated, corrupt, of another format
     *     version or of another layout than {@code expected}
     */
    public static ReplayBuffer load(Path file, RecordLayout expected, ReplayConfig cfg, long seed) throws IOException {
        return ReplayFile.read(file, expected, cfg, seed);
    }

    long seed() {
        return seed;
    }
}
