package org.owarelab.model.rl;

import ai.djl.modality.rl.ActionSpace;
import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * One transition of a {@link DjlOwareEnv}, kept as plain Java values; its arrays are made on first
 * use in the step's manager and reused. A recorded step owns its manager ({@link #close()} frees
 * it); an unrecorded one borrows the environment's current-state manager, freed at the next step.
 */
final class OwareStep implements RlEnv.Step {
    private final NDManager manager;
    private final Shape shape;
    private final int actions;
    private final float[] pre;
    private final int action;
    private final float[] post;
    private final int postMask;
    private final float reward;
    private final boolean done;
    private final boolean ownsManager;
    private NDList preList;
    private NDList actionList;
    private NDList postList;
    private ActionSpace postSpace;
    private NDArray rewardArray;

    OwareStep(NDManager manager, Shape shape, int actions, float[] pre, int action, float[] post, int postMask,
            float reward, boolean done, boolean ownsManager) {
        this.manager = manager;
        this.shape = shape;
        this.actions = actions;
        this.pre = pre;
        this.action = action;
        this.post = post;
        this.postMask = postMask;
        this.reward = reward;
        this.done = done;
        this.ownsManager = ownsManager;
    }

    @Override
    public NDList getPreObservation() {
        if (preList == null) {
            preList = new NDList(manager.create(pre, shape));
        }
        return preList;
    }

    @Override
    public NDList getAction() {
        if (actionList == null) {
            actionList = new NDList(DjlOwareEnv.oneHot(manager, action, actions));
        }
        return actionList;
    }

    @Override
    public NDList getPostObservation() {
        if (postList == null) {
            postList = new NDList(manager.create(post, shape));
        }
        return postList;
    }

    /** The agent's legal actions after the step; empty when the episode is over. */
    @Override
    public ActionSpace getPostActionSpace() {
        if (postSpace == null) {
            postSpace = DjlOwareEnv.actionSpace(manager, postMask, actions);
        }
        return postSpace;
    }

    /** The agent's reward, a float32 scalar. */
    @Override
    public NDArray getReward() {
        if (rewardArray == null) {
            rewardArray = manager.create(reward);
        }
        return rewardArray;
    }

    @Override
    public boolean isDone() {
        return done;
    }

    /** The action index played. */
    int actionIndex() {
        return action;
    }

    float rewardValue() {
        return reward;
    }

    @Override
    public void close() {
        if (ownsManager) {
            manager.close();
        }
    }
}
