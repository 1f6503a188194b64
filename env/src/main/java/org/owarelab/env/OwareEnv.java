package org.owarelab.env;

import org.owarelab.rules.Board;
import org.owarelab.rules.Position;

/**
 * A Gymnasium-like two-player Oware environment in plain Java: {@link #reset(long)} then
 * {@link #step(int)} until the returned {@link TimeStep} is {@link TimeStep#done() done}.
 *
 * <p>Actions are the mover's houses {@code 0..n-1} from the mover's left ({@code A..F} for South,
 * {@code a..f} for North); the legal ones are the bits of {@link TimeStep#legalMask()}. Both
 * players act through the same {@code step}, alternately (turn-based, as PettingZoo's AEC games):
 * {@link TimeStep#toMove()} says whose turn it is. Observations are canonical from the side to
 * move ({@link ObservationEncoder}). Rewards are per absolute side, zero-sum, and sum over an
 * episode to each side's return ({@link RewardMode}). An episode ends terminated by the rules or
 * truncated at {@link EnvConfig#plyCap()}, scored by {@link EnvConfig#truncation()}.
 *
 * <p>Each call returns a new {@code TimeStep} with its own observation array (a few small
 * allocations per step); use {@link VectorEnv} for allocation-free batched stepping.
 * Deterministic: the same config, seeds and actions give the same time steps. Not thread-safe.
 */
public final class OwareEnv {
    private final Episode episode;
    private final ObservationEncoder encoder;

    /** An environment encoding with the config's {@link EnvConfig#encoder()}. */
    public OwareEnv(EnvConfig config) {
        this(config, Encoders.create(config.encoder(), config.rules()));
    }

    /**
     * An environment with a custom encoder ({@link EnvConfig#encoder()} is then not used).
     *
     * @throws EnvConfigException if the encoder is for another rule set
     */
    public OwareEnv(EnvConfig config, ObservationEncoder encoder) {
        if (!encoder.rules().equals(config.rules())) {
            throw new EnvConfigException("encoder " + encoder.tag() + " is for rules " + encoder.rules()
                    + ", the environment plays rules " + config.rules());
        }
        this.episode = new Episode(config);
        this.encoder = encoder;
    }

    /** The default environment: default rules and options. */
    public OwareEnv() {
        this(EnvConfig.DEFAULT);
    }

    /**
     * Starts an episode from the start position, after {@link EnvConfig#openingPlies()} random legal
     * plies drawn from {@code seed} (the same seed gives the same opening).
     */
    public TimeStep reset(long seed) {
        episode.reset(seed);
        return timeStep();
    }

    /**
     * Starts an episode from {@code start} exactly: no random opening; the ply cap counts from it.
     * The seed is kept for wrappers (e.g. an opponent's randomness).
     *
     * @throws org.owarelab.rules.RulesException if the position is for other rules or already over
     */
    public TimeStep reset(Position start, long seed) {
        episode.reset(start, seed);
        return timeStep();
    }

    /**
     * Plays {@code action} for the side to move.
     *
     * @throws IllegalActionException naming the action and the legal mask when it is not legal
     * @throws IllegalStateException before the first reset and after the episode ended
     */
    public TimeStep step(int action) {
        episode.step(action);
        return timeStep();
    }

    private TimeStep timeStep() {
        Episode e = episode;
        float[] obs = new float[encoder.size()];
        encoder.encode(e.board, obs, 0);
        return new TimeStep(obs, e.legalMask(), e.board.toMove(), e.southReward, e.northReward, e.terminated,
                e.truncated, e.info());
    }

    /**
     * The live board of the episode, for policies and diagnostics. Read it, or play and undo on it
     * symmetrically; never leave it changed (the environment's state would no longer match its
     * time steps).
     */
    public Board board() {
        return episode.board;
    }

    /** Whether the current episode is over (false before the first reset). */
    public boolean isDone() {
        return episode.isDone();
    }

    /** The legal mask now: 0 before the first reset and once the episode is over. */
    public int legalMask() {
        return episode.legalMask();
    }

    /** The seed the current episode was reset with. */
    public long episodeSeed() {
        return episode.seed();
    }

    public EnvConfig config() {
        return episode.config;
    }

    public ObservationEncoder encoder() {
        return encoder;
    }

    /** Floats per observation, {@code encoder().size()}. */
    public int observationSize() {
        return encoder.size();
    }

    /** The number of actions, {@code n} houses per side (6); legal ones are given by the mask. */
    public int actionCount() {
        return episode.config.rules().houses();
    }
}
