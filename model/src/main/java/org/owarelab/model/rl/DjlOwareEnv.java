package org.owarelab.model.rl;

import ai.djl.modality.rl.ActionSpace;
import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.SplittableRandom;
import org.owarelab.env.OpponentEnv;
import org.owarelab.env.TimeStep;

/**
 * DJL's {@link RlEnv} over an {@link OpponentEnv}: DJL agents play one side of Oware against a
 * {@link org.owarelab.env.Policy}.
 *
 * <p>How the gaps between the two APIs are bridged:
 * <ul>
 *   <li>legal-move mask: {@link #getActionSpace()} lists only the legal actions, in house order,
 *       each as an {@link NDList} of one float32 one-hot vector of length {@code n} (6), so
 *       {@code QAgent} and {@code EpsilonGreedy} can only choose legal moves;</li>
 *   <li>players: the opponent moves inside {@code step}; the reward is the agent's (its side's
 *       reward for the agent's move and the opponent's replies, see {@link OpponentEnv});</li>
 *   <li>observations: one float32 array of the encoder's shape ({@code {14}} for {@code compact});</li>
 *   <li>seeds: {@code reset()} has no seed parameter, so episode seeds are drawn from the seed given
 *       to the constructor;</li>
 *   <li>memory: arrays for the current state live in a manager closed at the next step or reset;
 *       each recorded step owns a sub-manager closed when the replay buffer evicts it, and
 *       {@link #close()} frees the rest.</li>
 * </ul>
 * {@link #step(NDList, boolean)} accepts a one-hot (or any length-{@code n} score vector: its
 * argmax) or a scalar action index. Not thread-safe.
 */
public final class DjlOwareEnv implements RlEnv {
    private final NDManager manager;
    private final OpponentEnv env;
    private final Shape shape;
    private final int actions;
    private final SplittableRandom seeds;
    private final ClosingReplayBuffer replay;
    private NDManager stateManager;
    private TimeStep current;

    /**
     * @param parent the manager the environment's arrays come from (a sub-manager is taken and closed by {@link #close()})
     * @param env the single-agent game
     * @param batchSize steps per {@link #getBatch()}
     * @param replayCapacity steps kept for {@link #getBatch()}; older ones are evicted and closed
     * @param seed the seed of the episode seeds and of the batch sampling
     */
    public DjlOwareEnv(NDManager parent, OpponentEnv env, int batchSize, int replayCapacity, long seed) {
        this.manager = parent.newSubManager();
        this.env = env;
        this.shape = new Shape(toLongs(env.env().encoder().shape()));
        this.actions = env.env().actionCount();
        this.seeds = new SplittableRandom(seed);
        this.replay = new ClosingReplayBuffer(batchSize, replayCapacity, seeds.split());
        reset();
    }

    private static long[] toLongs(int[] dims) {
        long[] s = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            s[i] = dims[i];
        }
        return s;
    }

    @Override
    public void reset() {
        newState(env.reset(seeds.nextLong()));
    }

    private void newState(TimeStep t) {
        if (stateManager != null) {
            stateManager.close();
        }
        stateManager = manager.newSubManager();
        current = t;
    }

    @Override
    public NDList getObservation() {
        return new NDList(stateManager.create(current.observation(), shape));
    }

    @Override
    public ActionSpace getActionSpace() {
        return actionSpace(stateManager, current.legalMask(), actions);
    }

    static ActionSpace actionSpace(NDManager m, int mask, int actions) {
        ActionSpace space = new ActionSpace();
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            space.add(new NDList(oneHot(m, Integer.numberOfTrailingZeros(bits), actions)));
        }
        return space;
    }

    static NDArray oneHot(NDManager m, int action, int actions) {
        float[] v = new float[actions];
        v[action] = 1f;
        return m.create(v);
    }

    /**
     * Plays the agent's action, then the opponent's replies.
     *
     * @throws IllegalArgumentException if the action is not a length-{@code n} vector or a scalar
     * @throws org.owarelab.env.IllegalActionException if it names an illegal move
     */
    @Override
    public Step step(NDList action, boolean training) {
        int a = decode(action.singletonOrThrow());
        float[] pre = current.observation();
        TimeStep next = env.step(a);
        newState(next);
        OwareStep step = new OwareStep(training ? manager.newSubManager() : stateManager, shape, actions, pre, a,
                next.observation(), next.done() ? 0 : next.legalMask(), next.reward(env.agentSide()), next.done(), training);
        if (training) {
            replay.addStep(step);
        }
        return step;
    }

    private int decode(NDArray array) {
        float[] v = array.toType(DataType.FLOAT32, false).toFloatArray();
        if (v.length == 1) {
            return Math.round(v[0]);
        }
        if (v.length != actions) {
            throw new IllegalArgumentException("action of shape " + array.getShape() + ": expected a one-hot vector of "
                    + actions + " floats or a scalar index 0.." + (actions - 1));
        }
        int best = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[best]) {
                best = i;
            }
        }
        return best;
    }

    @Override
    public Step[] getBatch() {
        return replay.getBatch();
    }

    /** The wrapped single-agent environment. */
    public OpponentEnv env() {
        return env;
    }

    /** Steps currently held for {@link #getBatch()}. */
    public int replaySize() {
        return replay.size();
    }

    @Override
    public void close() {
        manager.close();
    }
}
