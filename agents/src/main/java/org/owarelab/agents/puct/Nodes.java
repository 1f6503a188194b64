package org.owarelab.agents.puct;

import java.util.Arrays;

/**
 * The flat-array storage of one search tree (mctx style): one slot per node in parallel
 * primitive arrays, plus {@code actions} edge slots per node for child indices and priors.
 * No object per node; allocation happens only when the budget grows (doubling, up to
 * {@link #maxNodes}).
 *
 * <p>Invariant: a child is always allocated after its parent, so parents have smaller indices
 * and the root is node 0. {@link #keepSubtree(int)} relies on it to compact a subtree in place.
 *
 * <p>Perspective: {@code valueSum[i]} and {@code raw[i]} are from the view of the side to move
 * at node {@code i}; a parent reads a child's value negated. Not thread-safe.
 */
final class Nodes {
    static final int NONE = -1;
    /** Allocated and waiting for its evaluation (a leaf in flight). */
    static final byte PENDING = 0;
    /** Evaluated: priors and legal mask known, children may be selected. */
    static final byte EXPANDED = 1;
    /** The game is over here: {@code raw} is the exact result for the side to move. */
    static final byte TERMINAL = 2;

    /** {@link #proof}: not proven. */
    static final byte UNPROVEN = 0;
    /** {@link #proof}: proven won for the node's mover. */
    static final byte WON = 1;
    /** {@link #proof}: proven drawn. */
    static final byte DRAWN = 2;
    /** {@link #proof}: proven lost for the node's mover. */
    static final byte LOST = 3;

    final int actions;
    final int maxNodes;
    int capacity;
    int size;

    /**
     * Per node {@code i}: {@code stat[2i]} its completed visits (the node's own evaluation
     * included; whole numbers held exactly), {@code stat[2i + 1]} the sum of its backed-up values
     * from its mover's view. Side by side, so that a selection reads a child's two statistics
     * from one cache line instead of two (each 16-byte pair lies within one line).
     */
    double[] stat;
    /** Simulations in flight through the node (virtual loss). */
    int[] virtual;
    int[] parent;
    /** The move from the parent that leads here (-1 at the root). */
    byte[] move;
    byte[] state;
    /** The MCTS-solver's proven result from the node's mover's view ({@link #UNPROVEN} when the solver is off). */
    byte[] proof;
    /** Legal-move mask of the node's position (bit m = relative move m). */
    byte[] legal;
    /** The evaluator's value (or the exact terminal value), from the node's mover's view. */
    float[] raw;
    /** {@code child[i * actions + m]}: the node reached by move m, or {@link #NONE}. */
    int[] child;
    /** {@code prior[i * actions + m]}: the evaluator's prior of move m at node i. */
    float[] prior;
    /** Scratch for {@link #keepSubtree}: old index to new index. */
    private int[] map;

    Nodes(int actions, int initialCapacity, int maxNodes) {
        if (actions < 1 || actions > 8) {
            throw new IllegalArgumentException("actions must be 1..8, got " + actions);
        }
        if (maxNodes < 2 || initialCapacity < 2 || initialCapacity > maxNodes) {
            throw new IllegalArgumentException("node budget: need 2 <= initial (" + initialCapacity + ") <= max ("
                    + maxNodes + ")");
        }
        this.actions = actions;
        this.maxNodes = maxNodes;
        resize(initialCapacity);
    }

    private void resize(int cap) {
        stat = stat == null ? new double[2 * cap] : Arrays.copyOf(stat, 2 * cap);
        virtual = virtual == null ? new int[cap] : Arrays.copyOf(virtual, cap);
        parent = parent == null ? new int[cap] : Arrays.copyOf(parent, cap);
        move = move == null ? new byte[cap] : Arrays.copyOf(move, cap);
        state = state == null ? new byte[cap] : Arrays.copyOf(state, cap);
        proof = proof == null ? new byte[cap] : Arrays.copyOf(proof, cap);
        legal = legal == null ? new byte[cap] : Arrays.copyOf(legal, cap);
        raw = raw == null ? new float[cap] : Arrays.copyOf(raw, cap);
        child = child == null ? new int[cap * actions] : Arrays.copyOf(child, cap * actions);
        prior = prior == null ? new float[cap * actions] : Arrays.copyOf(prior, cap * actions);
        map = new int[cap];
        capacity = cap;
    }

    /** Forgets every node. */
    void clear() {
        size = 0;
    }

    /**
     * A new pending node under {@code parentNode} by {@code m}, or {@link #NONE} when the
     * budget of {@link #maxNodes} is spent.
     */
    int allocate(int parentNode, int m) {
        if (size == capacity) {
            if (capacity >= maxNodes) {
                return NONE;
            }
            resize((int) Math.min(maxNodes, 2L * capacity));
        }
        int i = size++;
        stat[2 * i] = 0;
        stat[2 * i + 1] = 0;
        virtual[i] = 0;
        parent[i] = parentNode;
        move[i] = (byte) m;
        state[i] = PENDING;
        proof[i] = UNPROVEN;
        legal[i] = 0;
        raw[i] = 0f;
        Arrays.fill(child, i * actions, i * actions + actions, NONE);
        return i;
    }

    /**
     * Keeps only the subtree under {@code newRoot}, renumbered in allocation order so that it
     * becomes node 0 and parents still precede children. Returns the new size. O(size).
     */
    int keepSubtree(int newRoot) {
        final int[] map = this.map;
        Arrays.fill(map, 0, newRoot, NONE);
        int next = 0;
        // Parents precede children: one forward pass decides membership.
        for (int i = newRoot; i < size; i++) {
            map[i] = i == newRoot || (parent[i] >= newRoot && map[parent[i]] != NONE) ? next++ : NONE;
        }
        // Moving node i to map[i] <= i never overwrites a member not yet moved.
        final int a = actions;
        for (int i = newRoot; i < size; i++) {
            int j = map[i];
            if (j == NONE) {
                continue;
            }
            stat[2 * j] = stat[2 * i];
            stat[2 * j + 1] = stat[2 * i + 1];
            virtual[j] = virtual[i];
            parent[j] = i == newRoot ? NONE : map[parent[i]];
            move[j] = i == newRoot ? -1 : move[i];
            state[j] = state[i];
            proof[j] = proof[i];
            legal[j] = legal[i];
            raw[j] = raw[i];
            for (int m = 0; m < a; m++) {
                int c = child[i * a + m];
                child[j * a + m] = c == NONE ? NONE : map[c];
                prior[j * a + m] = prior[i * a + m];
            }
        }
        size = next;
        return next;
    }

    /** The exact value of a proven result from its mover's view: +1, 0 or -1. */
    static float provenValue(byte p) {
        return p == WON ? 1f : p == LOST ? -1f : 0f;
    }

    /** The proof of an exact value from the mover's view (its sign). */
    static byte proofOf(float v) {
        return v > 0 ? WON : v < 0 ? LOST : DRAWN;
    }

    /** Visits of the child by move {@code m} of node {@code i} (0 when absent). */
    int childVisits(int i, int m) {
        int c = child[i * actions + m];
        return c == NONE ? 0 : visits(c);
    }

    /** Mean value of the child by {@code m} from the view of the mover at {@code i}; NaN when unvisited. */
    double childQ(int i, int m) {
        int c = child[i * actions + m];
        return c == NONE || stat[2 * c] == 0 ? Double.NaN : -stat[2 * c + 1] / stat[2 * c];
    }

    /** Completed visits of node {@code i}. */
    int visits(int i) {
        return (int) stat[2 * i];
    }

    /** The sum of node {@code i}'s backed-up values, from its mover's view. */
    double valueSum(int i) {
        return stat[2 * i + 1];
    }
}
