package org.owarelab.env;

import org.owarelab.rules.Side;

/**
 * What {@link OwareEnv#reset} and {@link OwareEnv#step} return: the state after the step and the
 * rewards it paid.
 *
 * <p>Perspectives: the observation is canonical from {@link #toMove()} (the side to move now;
 * at the end, the side that would move). Rewards are per absolute side, indexed by
 * {@link Side#SOUTH} = 0 and {@link Side#NORTH} = 1: {@code reward(s)} is what side {@code s}
 * receives for this step, whoever moved. They are zero-sum ({@code southReward == -northReward})
 * and a side's rewards over an episode add up to its return (see {@link RewardMode}). The side
 * that made the step's move is {@code 1 - toMove()}.
 *
 * @param observation the encoding of the state, {@code encoder.size()} floats; a fresh array owned by the caller
 * @param legalMask bit {@code a} set when action {@code a} (the mover's house {@code a} from its left) is legal;
 *        0 once the episode is over (terminated or truncated)
 * @param toMove {@link Side#SOUTH} or {@link Side#NORTH}
 * @param southReward South's reward for this step (0 on reset)
 * @param northReward North's reward for this step (0 on reset)
 * @param terminated the game ended by its rules (threshold, no moves, repetition)
 * @param truncated the ply cap ended the episode first; never both flags at once
 * @param info stores, scores, ply, end reason, captured seeds
 */
public record TimeStep(float[] observation, int legalMask, int toMove, float southReward, float northReward,
        boolean terminated, boolean truncated, StepInfo info) {

    /** The reward of side {@code s} ({@link Side#SOUTH} or {@link Side#NORTH}) for this step. */
    public float reward(int side) {
        return side == Side.SOUTH ? southReward : northReward;
    }

    /** True when the episode is over: {@code terminated || truncated}. */
    public boolean done() {
        return terminated || truncated;
    }

    /** Whether action {@code a} is legal now. */
    public boolean isLegal(int action) {
        return action >= 0 && action < 32 && (legalMask >>> action & 1) != 0;
    }
}
