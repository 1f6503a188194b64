package org.owarelab.protocol.bridge;

import org.owarelab.env.EnvConfig;
import org.owarelab.env.StepInfo;
import org.owarelab.env.VectorEnv;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.RuleSet;

/**
 * A {@link VectorEnv} whose {@link #reset(long)} and {@link #step(int[])} answer one
 * {@code float[N * (FIELDS + observationSize)]}: row {@code i} holds sub-env {@code i}'s numbers at
 * {@link FlatEnv}'s indices, then its current observation. Where sub-env {@code i} ended at the
 * step, {@link FlatEnv#PLY} is the ended episode's length, the scores its final scores and
 * {@link FlatEnv#END_REASON} its end; stores are always those of the board now (after an end, the next episode's),
 * and {@link #finalObservations()} holds its last observation. The array is reused. Not thread-safe.
 */
public final class FlatVectorEnv {
    private final VectorEnv vec;
    private final int row;
    private final float[] out;
    private static final StepInfo NONE = new StepInfo(0, 0, 0, 0, 0, null, 0);

    /**
     * @param rules rule variants ("" for the default)
     * @param options environment options ("" for the defaults)
     * @param count the number of sub-environments, at least 1
     */
    public FlatVectorEnv(String rules, String options, int count) {
        this.vec = new VectorEnv(EnvConfig.parse(options, RuleSet.parse(rules)), count);
        this.row = FlatEnv.FIELDS + vec.observationSize();
        this.out = new float[count * row];
    }

    /** Resets every sub-env as {@link VectorEnv#reset(long)}. */
    public float[] reset(long seed) {
        vec.reset(seed);
        return write();
    }

    /** Steps every sub-env as {@link VectorEnv#step(int[])} (all actions checked first). */
    public float[] step(int[] actions) {
        vec.step(actions);
        return write();
    }

    private float[] write() {
        int size = vec.observationSize();
        float[] obs = vec.observations();
        float[] rewards = vec.rewards();
        int[] scores = vec.finalScores();
        for (int i = 0; i < vec.count(); i++) {
            int at = i * row;
            boolean term = vec.terminated()[i];
            boolean trunc = vec.truncated()[i];
            FlatEnv.fields(out, at, rewards[2 * i], rewards[2 * i + 1], vec.masks()[i], vec.toMove()[i], term, trunc,
                    NONE);
            if (term || trunc) {
                EndReason r = vec.endReason(i);
                out[at + FlatEnv.PLY] = vec.episodeLengths()[i];
                out[at + FlatEnv.SOUTH_SCORE] = scores[2 * i];
                out[at + FlatEnv.NORTH_SCORE] = scores[2 * i + 1];
                out[at + FlatEnv.END_REASON] = r == null ? -1 : r.ordinal();
            } else {
                out[at + FlatEnv.PLY] = vec.board(i).ply();
            }
            out[at + FlatEnv.SOUTH_STORE] = vec.board(i).store(0);
            out[at + FlatEnv.NORTH_STORE] = vec.board(i).store(1);
            out[at + FlatEnv.CAPTURED] = vec.captured()[i];
            System.arraycopy(obs, i * size, out, at + FlatEnv.FIELDS, size);
        }
        return out;
    }

    /** {@code float[N * size]}: the last observation of each episode that ended at the last step. */
    public float[] finalObservations() {
        return vec.finalObservations();
    }

    /** The underlying vector env. */
    public VectorEnv vector() {
        return vec;
    }
}
