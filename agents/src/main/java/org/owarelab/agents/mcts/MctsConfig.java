package org.owarelab.agents.mcts;

import java.util.Set;
import org.owarelab.agents.AgentSpec;
import org.owarelab.env.TruncationRule;

/**
 * The options of {@link MctsAgent}, one per spec key.
 *
 * @param simulations roll-outs per move when the caller gives no limit ({@code sims}, default 2000)
 * @param exploration the UCT constant {@code c} in {@code Q + c sqrt(ln N / n)} with Q in [-1, 1]
 *     ({@code c}, default 1.4)
 * @param movetimeMillis a time limit per move, 0 for none ({@code movetime}); with {@code sims} the
 *     first limit reached ends the search
 * @param treeNodes the node budget of the tree ({@code tree}, default 1,000,000 nodes, about 18 bytes
 *     each, allocated at the first search); a full tree stops growing and the search goes on with
 *     roll-outs from its leaves
 * @param reuse keep the subtree of the moves played between searches ({@code reuse}, default true)
 * @param rolloutPlies the longest roll-out; a roll-out still running after it is scored by the
 *     seeds each side holds (store plus own houses), {@link #ROLLOUT_TRUNCATION} ({@code rollout},
 *     default 1000, far above the length of random games)
 */
public record MctsConfig(int simulations, double exploration, long movetimeMillis, int treeNodes, boolean reuse,
        int rolloutPlies) {
    /** How a roll-out stopped at {@link #rolloutPlies()} is scored: as a match scores its ply cap. */
    public static final TruncationRule ROLLOUT_TRUNCATION = TruncationRule.OWN_SIDE;

    /** The spec keys. */
    public static final Set<String> KEYS = Set.of("sims", "c", "movetime", "tree", "reuse", "rollout");

    public static final MctsConfig DEFAULT = new MctsConfig(2000, 1.4, 0, 1_000_000, true, 1000);

    /** The smallest node budget: the root and one expansion of every move. */
    public static final int MIN_TREE_NODES = 64;

    public MctsConfig {
        if (simulations < 1) {
            throw new IllegalArgumentException("mcts: simulations must be >= 1, got " + simulations);
        }
        if (!(exploration >= 0) || Double.isInfinite(exploration)) {
            throw new IllegalArgumentException("mcts: exploration constant c must be a finite number >= 0, got "
                    + exploration);
        }
        if (movetimeMillis < 0) {
            throw new IllegalArgumentException("mcts: movetime must be >= 0 ms (0 = none), got " + movetimeMillis);
        }
        if (treeNodes < MIN_TREE_NODES) {
            throw new IllegalArgumentException("mcts: tree must be >= " + MIN_TREE_NODES + " nodes, got " + treeNodes);
        }
        if (rolloutPlies < 1) {
            throw new IllegalArgumentException("mcts: rollout must be >= 1 ply, got " + rolloutPlies);
        }
    }

    /** Reads the options of a parsed spec; absent keys keep the defaults. */
    public static MctsConfig of(AgentSpec spec) {
        MctsConfig d = DEFAULT;
        return new MctsConfig(
                spec.integer("sims", d.simulations, 1, 1_000_000_000),
                spec.real("c", d.exploration, 0, 100),
                spec.integer("movetime", (int) d.movetimeMillis, 0, Integer.MAX_VALUE),
                spec.integer("tree", d.treeNodes, MIN_TREE_NODES, 100_000_000),
                spec.bool("reuse", d.reuse),
                spec.integer("rollout", d.rolloutPlies, 1, 1_000_000));
    }

    /** The spec of these options: {@code sims} and {@code c} always, the other keys where not default. */
    public String spec() {
        StringBuilder sb = new StringBuilder("mcts:sims=").append(simulations).append(",c=").append(exploration);
        if (movetimeMillis != DEFAULT.movetimeMillis) {
            sb.append(",movetime=").append(movetimeMillis);
        }
        if (treeNodes != DEFAULT.treeNodes) {
            sb.append(",tree=").append(treeNodes);
        }
        if (reuse != DEFAULT.reuse) {
            sb.append(",reuse=").append(reuse);
        }
        if (rolloutPlies != DEFAULT.rolloutPlies) {
            sb.append(",rollout=").append(rolloutPlies);
        }
        return sb.toString();
    }
}
