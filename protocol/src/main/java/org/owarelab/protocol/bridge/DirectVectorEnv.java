package org.owarelab.protocol.bridge;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.VectorEnv;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.RuleSet;

/**
 * A {@link VectorEnv} that reads its actions from, and writes everything a step answers into, one
 * direct {@link ByteBuffer} that the caller owns (Python: a numpy array wrapped by JPype's
 * {@code convertToDirectBuffer}), so that a batch crosses the language boundary as one call with no
 * array argument and no array result, and the caller reads each part as a numpy view.
 *
 * <p>Layout (native byte order, parts in the order of the constants below, each at
 * {@link #offset(int)}, {@link #length(int)} elements of {@link #elementBytes(int)} bytes; rows
 * are sub-envs):
 * <ul>
 *   <li>{@link #ACTIONS} int64 {@code [N]}: the caller writes them before {@link #step()} (64 bits, so
 *       that no caller's integer wraps around to a legal-looking action on the way in);</li>
 *   <li>{@link #OBSERVATIONS} float32 {@code [N, size]}: canonical from each side to move;</li>
 *   <li>{@link #FINAL_OBSERVATIONS} float32 {@code [N, size]}: the last observation of an episode
 *       that ended at the step (other rows keep older values);</li>
 *   <li>{@link #REWARDS} float32 {@code [N, 2]}: the step's rewards per absolute side (South, North);</li>
 *   <li>{@link #MOVER_REWARDS} float32 {@code [N]}: the reward of the side that played the step's action;</li>
 *   <li>{@link #CAPTURED}, {@link #EPISODE_LENGTHS} int32 {@code [N]}, {@link #FINAL_SCORES} int32
 *       {@code [N, 2]}, {@link #END_REASONS} int32 {@code [N]} (an {@link EndReason} ordinal): where
 *       sub-env {@code i} ended at the step, else 0 (and -1 for the end reason);</li>
 *   <li>{@link #MASKS} int8 {@code [N, houses]} (0 or 1), {@link #TO_MOVE}, {@link #TERMINATED},
 *       {@link #TRUNCATED} int8 {@code [N]}.</li>
 * </ul>
 * The numbers are those of {@link FlatVectorEnv}'s rows (the jsonl protocol's {@code vstep}), so
 * both Python backends agree. Not thread-safe.
 */
public final class DirectVectorEnv {
    /** Part: the actions, int64 {@code [N]} (written by the caller). */
    public static final int ACTIONS = 0;
    /** Part: observations, float32 {@code [N, size]}. */
    public static final int OBSERVATIONS = 1;
    /** Part: final observations, float32 {@code [N, size]}. */
    public static final int FINAL_OBSERVATIONS = 2;
    /** Part: rewards per absolute side, float32 {@code [N, 2]}. */
    public static final int REWARDS = 3;
    /** Part: the mover's reward, float32 {@code [N]}. */
    public static final int MOVER_REWARDS = 4;
    /** Part: seeds captured by the step's move, int32 {@code [N]}. */
    public static final int CAPTURED = 5;
    /** Part: the ended episode's length, int32 {@code [N]}. */
    public static final int EPISODE_LENGTHS = 6;
    /** Part: the ended episode's scores (South, North), int32 {@code [N, 2]}. */
    public static final int FINAL_SCORES = 7;
    /** Part: the ended episode's end reason ordinal or -1, int32 {@code [N]}. */
    public static final int END_REASONS = 8;
    /** Part: legal masks as 0/1, int8 {@code [N, houses]}. */
    public static final int MASKS = 9;
    /** Part: the side to move (0 South, 1 North), int8 {@code [N]}. */
    public static final int TO_MOVE = 10;
    /** Part: terminated (0 or 1), int8 {@code [N]}. */
    public static final int TERMINATED = 11;
    /** Part: truncated (0 or 1), int8 {@code [N]}. */
    public static final int TRUNCATED = 12;
    /** The number of parts. */
    public static final int PARTS = 13;

    private final VectorEnv vec;
    private final int count;
    private final int size;
    private final int houses;
    private final int[] offsets = new int[PARTS + 1];
    private final int[] actions;
    private final long[] wide;
    private final int[] movers;
    // Scratch arrays filled in plain loops, then copied into the block in one bulk put per part.
    private final float[] moverRewards;
    private final int[] lengths;
    private final int[] scores;
    private final int[] ends;
    private final byte[] masks;
    private final byte[] flags;
    // The final observations gathered row by row, then put in one bulk copy: a put per ended row
    // (14 floats) into the direct buffer made write() several times slower in a timing on JDK 17.
    private final float[] finalRows;
    // The mask part's bytes of every legal mask (houses bytes at mask * houses), copied per row: a
    // shift and a store per house made the loop below a third of write()'s time in a timing on JDK 17.
    private final byte[] maskRows;
    // The rows that ended at the last write: the only ones whose lengths, scores and end reasons are
    // not 0 (-1), set back after their put so that a write touches only the rows that ended.
    private final int[] endedRows;
    private ByteBuffer block;
    private LongBuffer actionsIn;
    private FloatBuffer obs;
    private FloatBuffer finalObs;
    private FloatBuffer rewardsOut;
    private FloatBuffer moverOut;
    private IntBuffer capturedOut;
    private IntBuffer lengthsOut;
    private IntBuffer scoresOut;
    private IntBuffer endsOut;

    /**
     * @param rules rule variants ("" for the default)
     * @param options environment options ("" for the defaults)
     * @param count the number of sub-environments, at least 1
     */
    public DirectVectorEnv(String rules, String options, int count) {
        this.vec = new VectorEnv(EnvConfig.parse(options, RuleSet.parse(rules)), count);
        this.count = count;
        this.size = vec.observationSize();
        this.houses = vec.config().rules().houses();
        this.actions = new int[count];
        this.wide = new long[count];
        this.movers = new int[count];
        this.moverRewards = new float[count];
        this.lengths = new int[count];
        this.scores = new int[2 * count];
        this.ends = new int[count];
        this.masks = new byte[count * houses];
        this.flags = new byte[3 * count]; // TO_MOVE, TERMINATED, TRUNCATED: adjacent parts
        this.finalRows = new float[count * size];
        this.endedRows = new int[count];
        Arrays.fill(ends, -1);
        this.maskRows = new byte[(1 << houses) * houses];
        for (int m = 0; m < 1 << houses; m++) {
            for (int a = 0; a < houses; a++) {
                maskRows[m * houses + a] = (byte) (m >>> a & 1);
            }
        }
        for (int p = 0; p < PARTS; p++) {
            offsets[p + 1] = offsets[p] + length(p) * elementBytes(p); // widest parts first: all aligned
        }
    }

    /** Elements of {@code part}. */
    public int length(int part) {
        return switch (part) {
            case OBSERVATIONS, FINAL_OBSERVATIONS -> count * size;
            case REWARDS, FINAL_SCORES -> 2 * count;
            case MASKS -> count * houses;
            default -> count;
        };
    }

    /** Bytes per element of {@code part}: 8 (int64), 4 (int32, float32) or 1 (int8). */
    public int elementBytes(int part) {
        return part == ACTIONS ? 8 : part >= MASKS ? 1 : 4;
    }

    /** Byte offset of {@code part} in the block. */
    public int offset(int part) {
        return offsets[part];
    }

    /** Bytes the block must hold. */
    public int bytes() {
        return offsets[PARTS];
    }

    /**
     * Uses {@code buffer} (direct, at least {@link #bytes()} bytes, kept alive by the caller) from now on.
     *
     * @throws IllegalArgumentException if it is not direct or too small
     */
    public void attach(ByteBuffer buffer) {
        if (!buffer.isDirect() || buffer.capacity() < bytes()) {
            throw new IllegalArgumentException("vector env: a direct buffer of at least " + bytes()
                    + " bytes expected, got " + (buffer.isDirect() ? "" : "a heap buffer of ") + buffer.capacity());
        }
        block = buffer.duplicate().order(ByteOrder.nativeOrder());
        actionsIn = slice(ACTIONS).asLongBuffer();
        obs = slice(OBSERVATIONS).asFloatBuffer();
        finalObs = slice(FINAL_OBSERVATIONS).asFloatBuffer();
        rewardsOut = slice(REWARDS).asFloatBuffer();
        moverOut = slice(MOVER_REWARDS).asFloatBuffer();
        capturedOut = slice(CAPTURED).asIntBuffer();
        lengthsOut = slice(EPISODE_LENGTHS).asIntBuffer();
        scoresOut = slice(FINAL_SCORES).asIntBuffer();
        endsOut = slice(END_REASONS).asIntBuffer();
    }

    private ByteBuffer slice(int part) {
        return block.slice(offsets[part], offsets[part + 1] - offsets[part]).order(ByteOrder.nativeOrder());
    }

    /** Resets every sub-env as {@link VectorEnv#reset(long)} and writes the block. */
    public void reset(long seed) {
        check();
        vec.reset(seed);
        write(false);
    }

    /**
     * Steps every sub-env with the block's actions as {@link VectorEnv#step(int[])} (all checked
     * first: on an exception nothing moved and the block is as it was, actions aside).
     *
     * @throws IllegalArgumentException naming the sub-env and its action when one is past an int
     */
    public void step() {
        check();
        actionsIn.get(0, wide);
        for (int i = 0; i < count; i++) {
            long a = wide[i];
            if (a != (int) a) {
                throw new IllegalArgumentException("vector env: sub-env " + i + ": action " + a + ": expected an int 0.."
                        + (houses - 1));
            }
            actions[i] = (int) a;
        }
        System.arraycopy(vec.toMove(), 0, movers, 0, count);
        vec.step(actions);
        write(true);
    }

    private void check() {
        if (block == null) {
            throw new IllegalStateException("vector env: no buffer attached: call attach(buffer) first");
        }
    }

    private void write(boolean stepped) {
        float[] rewards = vec.rewards();
        int[] legal = vec.masks();
        int[] toMove = vec.toMove();
        boolean[] term = vec.terminated();
        boolean[] trunc = vec.truncated();
        float[] finals = vec.finalObservations();
        int[] finalScores = vec.finalScores();
        int[] lengthsNow = vec.episodeLengths();
        int ended = 0;
        for (int i = 0; i < count; i++) {
            moverRewards[i] = stepped ? rewards[2 * i + movers[i]] : 0f;
            if (term[i] || trunc[i]) {
                endedRows[ended++] = i;
                EndReason r = vec.endReason(i);
                lengths[i] = lengthsNow[i];
                scores[2 * i] = finalScores[2 * i];
                scores[2 * i + 1] = finalScores[2 * i + 1];
                ends[i] = r == null ? -1 : r.ordinal();
                System.arraycopy(finals, i * size, finalRows, i * size, size);
            }
            System.arraycopy(maskRows, legal[i] * houses, masks, houses * i, houses);
            flags[i] = (byte) toMove[i];
            flags[count + i] = (byte) (term[i] ? 1 : 0);
            flags[2 * count + i] = (byte) (trunc[i] ? 1 : 0);
        }
        obs.put(0, vec.observations());
        if (ended > 0) {
            finalObs.put(0, finalRows);
        }
        rewardsOut.put(0, rewards);
        moverOut.put(0, moverRewards);
        capturedOut.put(0, vec.captured());
        lengthsOut.put(0, lengths);
        scoresOut.put(0, scores);
        endsOut.put(0, ends);
        block.put(offsets[MASKS], masks);
        block.put(offsets[TO_MOVE], flags);
        for (int k = 0; k < ended; k++) {
            int i = endedRows[k];
            lengths[i] = 0;
            scores[2 * i] = 0;
            scores[2 * i + 1] = 0;
            ends[i] = -1;
        }
    }

    /** The underlying vector env. */
    public VectorEnv vector() {
        return vec;
    }
}
