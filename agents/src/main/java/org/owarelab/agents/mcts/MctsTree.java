package org.owarelab.agents.mcts;

import java.util.Arrays;

/**
 * A search tree in flat arrays with a fixed node budget: one slot per node in each array, the
 * children of a node in one contiguous block (in move order), the root at slot 0. Nothing is
 * allocated after construction.
 *
 * <p>Per node: the relative move that led to it, the index of its first child (-1 while not
 * expanded), its number of children, its visit count and the sum of the values backed up
 * through it. Values are from the view of the side that played the move into the node (the
 * parent's side to move), so a parent picks the child with the largest mean.
 *
 * <p>{@link #reroot(int)} keeps the subtree of one node and compacts it to the front of the
 * arrays, in place and in one linear pass: children always sit at higher indices than their
 * parent, and slots keep their relative order, so every node moves down (or stays).
 *
 * <p>Not thread-safe.
 */
final class MctsTree {
    static final int ROOT = 0;

    private final int capacity;
    private final int[] first;
    private final byte[] count;
    private final byte[] move;
    private final int[] visits;
    private final float[] valueSum;
    /** Scratch for {@link #reroot}: old slot -> new slot, -1 outside the kept subtree. */
    private final int[] remap;
    private int used;

    /** Allocates a tree of {@code capacity} nodes (about 18 bytes each), holding an unexpanded root. */
    MctsTree(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("tree capacity must be >= 1, got " + capacity);
        }
        this.capacity = capacity;
        first = new int[capacity];
        count = new byte[capacity];
        move = new byte[capacity];
        visits = new int[capacity];
        valueSum = new float[capacity];
        remap = new int[capacity];
        clear();
    }

    /** Forgets everything but an unexpanded, unvisited root. */
    void clear() {
        used = 1;
        first[ROOT] = -1;
        count[ROOT] = 0;
        move[ROOT] = -1;
        visits[ROOT] = 0;
        valueSum[ROOT] = 0f;
    }

    int capacity() {
        return capacity;
    }

    /** Nodes in use. */
    int size() {
        return used;
    }

    boolean isExpanded(int node) {
        return first[node] >= 0;
    }

    int firstChild(int node) {
        return first[node];
    }

    int childCount(int node) {
        return count[node];
    }

    /** The relative move that leads from the parent to {@code node} (-1 for the root). */
    int move(int node) {
        return move[node];
    }

    int visits(int node) {
        return visits[node];
    }

    /** Sum of the values backed up through {@code node}, from the view of the side that moved into it. */
    float valueSum(int node) {
        return valueSum[node];
    }

    /** Whether {@code children} more nodes fit. */
    boolean hasRoom(int children) {
        return used + children <= capacity;
    }

    /**
     * Gives {@code node} one child per set bit of {@code legalMask}, in move order.
     *
     * @throws IllegalStateException if the node is expanded or the children do not fit
     */
    void expand(int node, int legalMask) {
        int k = Integer.bitCount(legalMask);
        if (first[node] >= 0 || !hasRoom(k) || k == 0) {
            throw new IllegalStateException("cannot expand node " + node + " with " + k + " children (used "
                    + used + " of " + capacity + ")");
        }
        int c = used;
        first[node] = c;
        count[node] = (byte) k;
        for (int m = legalMask; m != 0; m &= m - 1) {
            first[c] = -1;
            count[c] = 0;
            move[c] = (byte) Integer.numberOfTrailingZeros(m);
            visits[c] = 0;
            valueSum[c] = 0f;
            c++;
        }
        used = c;
    }

    /** Adds one visit with {@code value} (from the view of the side that moved into {@code node}). */
    void update(int node, float value) {
        visits[node]++;
        valueSum[node] += value;
    }

    /** The child of {@code node} reached by relative move {@code m}, or -1. */
    int child(int node, int m) {
        int f = first[node];
        if (f < 0) {
            return -1;
        }
        for (int c = f, e = f + count[node]; c < e; c++) {
            if (move[c] == m) {
                return c;
            }
        }
        return -1;
    }

    /**
     * Makes {@code node} the root, keeping its subtree (visits and values) and freeing the rest.
     * Linear in the slots in use.
     */
    void reroot(int node) {
        if (node <= ROOT || node >= used) {
            if (node == ROOT) {
                return;
            }
            throw new IllegalArgumentException("reroot: no node " + node + " (used " + used + ")");
        }
        Arrays.fill(remap, node, used, -1);
        remap[node] = 0; // marked: kept
        int next = 0;
        for (int i = node; i < used; i++) {
            if (remap[i] < 0) {
                continue;
            }
            int j = next++;
            remap[i] = j;
            int f = first[i];
            if (f >= 0) {
                for (int c = f, e = f + count[i]; c < e; c++) {
                    remap[c] = 0; // marked; children lie above i, so they are reached later in this loop
                }
            }
            // j <= i, and every slot below i has been read already.
            first[j] = f; // still the old index: fixed below, once the children have their new slots
            count[j] = count[i];
            move[j] = move[i];
            visits[j] = visits[i];
            valueSum[j] = valueSum[i];
        }
        for (int j = 0; j < next; j++) {
            if (first[j] >= 0) {
                first[j] = remap[first[j]];
            }
        }
        move[ROOT] = -1;
        used = next;
    }
}
