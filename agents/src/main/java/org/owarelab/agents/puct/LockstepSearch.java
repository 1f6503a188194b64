package org.owarelab.agents.puct;

import org.owarelab.agents.inference.Evaluator;
import org.owarelab.rules.Board;

/**
 * Advances many trees together with one evaluator call per step: each searching tree walks to
 * its leaves ({@code leavesPerStep} at most, with virtual loss beyond the first), all leaves go
 * to {@link Evaluator#evaluate} as one batch, and each tree backs its values up. Terminal
 * leaves are resolved by the trees themselves and never reach the evaluator; a step in which no
 * tree needs an evaluation makes no call.
 *
 * <p>Each tree's search depends only on its own state and generator and on the evaluator's
 * answer for each board, never on the other trees in the batch: batching changes speed, not
 * results. Not thread-safe: one instance (and one evaluator) per thread; {@link #step} blocks
 * for the evaluator call. Allocation-free per step once the trees are known.
 */
public final class LockstepSearch {
    private final Evaluator evaluator;
    private final int actions;
    private final int capacity;
    private final Board[] boards;
    private final float[] priors;
    private final float[] values;
    private int[] offsets = new int[0];
    private long calls;
    private long evaluated;

    /**
     * @param evaluator priors and values for the leaves (its {@code actions()} must match the trees')
     * @param maxBatch most leaves per evaluator call (the sum of the trees' leaves per step)
     */
    public LockstepSearch(Evaluator evaluator, int maxBatch) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch=" + maxBatch + ": expected >= 1");
        }
        this.evaluator = evaluator;
        this.actions = evaluator.actions();
        this.capacity = maxBatch;
        this.boards = new Board[maxBatch];
        this.priors = new float[maxBatch * actions];
        this.values = new float[maxBatch];
    }

    /**
     * One step over {@code trees[0 .. count)} (null entries and trees not searching are
     * skipped). Returns the number of leaves evaluated (0 when every simulation of the step ended
     * at a terminal node or no tree is searching).
     */
    public int step(Tree[] trees, int count) {
        if (offsets.length < count) {
            offsets = new int[count];
        }
        int n = 0;
        for (int i = 0; i < count; i++) {
            Tree tr = trees[i];
            offsets[i] = n;
            if (tr != null && tr.searching() && n < capacity) {
                if (tr.a != actions) {
                    throw new IllegalArgumentException("tree with " + tr.a + " actions and an evaluator with " + actions);
                }
                n += tr.collect(boards, n, capacity - n);
            }
        }
        if (n > 0) {
            evaluator.evaluate(boards, n, priors, values);
            calls++;
            evaluated += n;
        }
        for (int i = 0; i < count; i++) {
            if (trees[i] != null) {
                trees[i].expand(priors, values, offsets[i]);
            }
        }
        java.util.Arrays.fill(boards, 0, n, null);
        return n;
    }

    /** Runs steps until no tree in {@code trees[0 .. count)} is searching. */
    public void finish(Tree[] trees, int count) {
        while (true) {
            boolean any = false;
            for (int i = 0; i < count; i++) {
                any |= trees[i] != null && trees[i].searching();
            }
            if (!any) {
                return;
            }
            step(trees, count);
        }
    }

    /** Evaluator calls made so far. */
    public long calls() {
        return calls;
    }

    /** Positions evaluated so far (the sum of the batch sizes). */
    public long evaluated() {
        return evaluated;
    }

    public Evaluator evaluator() {
        return evaluator;
    }
}
