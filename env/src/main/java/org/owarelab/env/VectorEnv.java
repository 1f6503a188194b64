package org.owarelab.env;

import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;

/**
 * {@code N} Oware environments stepped together by one call, writing into preallocated arrays:
 * what self-play and batched inference sit on. {@link #step(int[])} allocates nothing.
 *
 * <p>Buffers (live: overwritten by every {@link #reset(long)} and {@link #step(int[])}; read them
 * between calls, copy what you keep):
 * <ul>
 *   <li>{@link #observations()}: {@code float[N * size]}, sub-env {@code i} at {@code i * size},
 *       canonical from its side to move;</li>
 *   <li>{@link #masks()}: {@code int[N]} legal masks; {@link #toMove()}: {@code int[N]} sides to move;</li>
 *   <li>{@link #rewards()}: {@code float[2N]}, the step's reward of side {@code s} of sub-env {@code i}
 *       at {@code 2i + s} (absolute sides, zero-sum; the mover of the step was {@code toMove()[i]}
 *       before the call);</li>
 *   <li>{@link #terminated()}, {@link #truncated()}: {@code boolean[N]}, whether sub-env {@code i}'s
 *       episode ended at this step.</li>
 * </ul>
 *
 * <p>Auto-reset: a sub-env whose episode ends is reset at once with its next episode seed, so
 * {@code observations()}, {@code masks()} and {@code toMove()} already show the new episode; the
 * ended one's last observation, final scores, end reason and length are kept in
 * {@link #finalObservations()}, {@link #finalScores()}, {@link #endReason(int)} and
 * {@link #episodeLengths()} (valid where {@code terminated[i] || truncated[i]}), as Gymnasium's
 * {@code final_observation} info. Rewards of the step are those of the ended episode.
 *
 * <p>Seeding: {@code reset(seed)} gives each sub-env its own episode seed, mixed from
 * {@code seed} and its index; each auto-reset derives the next one from the previous episode's.
 * {@link #episodeSeed(int)} tells the seed of the running episode: a single {@link OwareEnv} reset
 * with it and given the same actions follows the same episode. Not thread-safe.
 */
public final class VectorEnv {
    /** Child index of an episode seed that gives the sub-env's next episode seed. */
    private static final long NEXT_EPISODE = -1;

    private final int count;
    private final int size;
    private final int houses;
    private final ObservationEncoder encoder;
    private final Episode[] episodes;
    private final float[] observations;
    private final float[] finalObservations;
    private final int[] masks;
    private final int[] toMove;
    private final float[] rewards;
    private final boolean[] terminated;
    private final boolean[] truncated;
    private final int[] finalScores;
    private final int[] episodeLengths;
    private final int[] captured;
    private final EndReason[] endReasons;
    private boolean started;

    /** {@code count} environments encoding with the config's encoder. */
    public VectorEnv(EnvConfig config, int count) {
        this(config, Encoders.create(config.encoder(), config.rules()), count);
    }

    /** {@code count} environments with a custom encoder (shared: encoders are thread-safe and stateless). */
    public VectorEnv(EnvConfig config, ObservationEncoder encoder, int count) {
        if (count < 1) {
            throw new EnvConfigException("vector env: " + count + " environments, expected at least 1");
        }
        if (!encoder.rules().equals(config.rules())) {
            throw new EnvConfigException("encoder " + encoder.tag() + " is for rules " + encoder.rules()
                    + ", the environment plays rules " + config.rules());
        }
        this.count = count;
        this.encoder = encoder;
        this.size = encoder.size();
        this.houses = config.rules().houses();
        this.episodes = new Episode[count];
        for (int i = 0; i < count; i++) {
            episodes[i] = new Episode(config);
        }
        this.observations = new float[count * size];
        this.finalObservations = new float[count * size];
        this.masks = new int[count];
        this.toMove = new int[count];
        this.rewards = new float[2 * count];
        this.terminated = new boolean[count];
        this.truncated = new boolean[count];
        this.finalScores = new int[2 * count];
        this.episodeLengths = new int[count];
        this.captured = new int[count];
        this.endReasons = new EndReason[count];
    }

    /** Resets every sub-env, each with its own episode seed derived from {@code seed} and its index. */
    public void reset(long seed) {
        for (int i = 0; i < count; i++) {
            episodes[i].reset(SeedStream.child(seed, i));
            publish(i);
            rewards[2 * i] = 0f;
            rewards[2 * i + 1] = 0f;
            terminated[i] = false;
            truncated[i] = false;
            captured[i] = 0;
            endReasons[i] = null;
        }
        started = true;
    }

    /**
     * Plays {@code actions[i]} in sub-env {@code i}, for every {@code i}, then auto-resets the ones
     * that ended. All actions are checked first: on an exception no sub-env has moved.
     *
     * @throws IllegalActionException naming the sub-env, its action and its legal mask
     * @throws IllegalStateException before the first reset
     * @throws IllegalArgumentException if {@code actions.length != count()}
     */
    public void step(int[] actions) {
        if (!started) {
            throw new IllegalStateException("vector env: step before reset: call reset(seed) first");
        }
        if (actions.length != count) {
            throw new IllegalArgumentException("vector env: " + actions.length + " actions for " + count + " environments");
        }
        for (int i = 0; i < count; i++) {
            int a = actions[i];
            if (a < 0 || a >= houses || (masks[i] >>> a & 1) == 0) {
                Board b = episodes[i].board;
                throw new IllegalActionException("sub-env " + i + ": ", a, masks[i], b.toMove(), houses, b.ply());
            }
        }
        for (int i = 0; i < count; i++) {
            Episode e = episodes[i];
            e.play(actions[i]); // checked above, and running: ended episodes are reset at once
            rewards[2 * i] = e.southReward;
            rewards[2 * i + 1] = e.northReward;
            captured[i] = e.captured;
            boolean term = e.terminated;
            boolean trunc = e.truncated;
            terminated[i] = term;
            truncated[i] = trunc;
            if (term || trunc) {
                encoder.encode(e.board, finalObservations, i * size);
                finalScores[2 * i] = e.southScore;
                finalScores[2 * i + 1] = e.northScore;
                episodeLengths[i] = e.board.ply();
                endReasons[i] = e.board.endReason();
                e.reset(SeedStream.child(e.seed(), NEXT_EPISODE));
            }
            publish(i);
        }
    }

    private void publish(int i) {
        Episode e = episodes[i];
        encoder.encode(e.board, observations, i * size);
        masks[i] = e.board.legalMask();
        toMove[i] = e.board.toMove();
    }

    /** {@code float[N * size]}: the current observations. */
    public float[] observations() {
        return observations;
    }

    /** {@code int[N]}: the current legal masks (never 0: ended episodes are reset). */
    public int[] masks() {
        return masks;
    }

    /** {@code int[N]}: the sides to move. */
    public int[] toMove() {
        return toMove;
    }

    /** {@code float[2N]}: the last step's rewards, side {@code s} of sub-env {@code i} at {@code 2i + s}. */
    public float[] rewards() {
        return rewards;
    }

    /** {@code boolean[N]}: sub-env {@code i}'s episode ended by the rules at the last step. */
    public boolean[] terminated() {
        return terminated;
    }

    /** {@code boolean[N]}: sub-env {@code i}'s episode reached the ply cap at the last step. */
    public boolean[] truncated() {
        return truncated;
    }

    /** {@code float[N * size]}: the last observation of an episode that ended at the last step. */
    public float[] finalObservations() {
        return finalObservations;
    }

    /** {@code int[2N]}: final scores (South at {@code 2i}, North at {@code 2i + 1}) of an episode that just ended. */
    public int[] finalScores() {
        return finalScores;
    }

    /** {@code int[N]}: plies of an episode that just ended (random opening plies included). */
    public int[] episodeLengths() {
        return episodeLengths;
    }

    /** {@code int[N]}: seeds captured by the last step's move in each sub-env. */
    public int[] captured() {
        return captured;
    }

    /** Why sub-env {@code i}'s episode ended at the last step; {@code null} if truncated or not ended. */
    public EndReason endReason(int i) {
        return endReasons[i];
    }

    /** The seed sub-env {@code i}'s running episode was reset with. */
    public long episodeSeed(int i) {
        return episodes[i].seed();
    }

    /** Sub-env {@code i}'s live board (read it; play and undo symmetrically; never leave it changed). */
    public Board board(int i) {
        return episodes[i].board;
    }

    /** The number of sub-environments {@code N}. */
    public int count() {
        return count;
    }

    /** Floats per observation. */
    public int observationSize() {
        return size;
    }

    public ObservationEncoder encoder() {
        return encoder;
    }

    public EnvConfig config() {
        return episodes[0].config;
    }
}
