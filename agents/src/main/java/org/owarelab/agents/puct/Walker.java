package org.owarelab.agents.puct;

import org.owarelab.rules.Board;
import org.owarelab.tables.EndgameTable;

/**
 * The simulations of one {@link Tree}: walks copies of the root board down to leaves (one
 * board per leaf in flight), resolves terminal nodes on the spot with the exact result, and
 * after the evaluator's answer expands the leaves, backs their values up (negated per ply,
 * removing the virtual loss) and brings the boards back to the root with {@code undo}. A walk
 * that reaches a leaf already in flight (a collision) either ends the step's collection or, up to
 * {@link #collisionLimit} times, adds one more virtual visit to that leaf's path and goes on
 * (lc0's way to fill a batch from one tree); those virtual visits are taken back with the
 * answer, and the collision counts as no simulation. A step of one leaf marks nothing (see
 * {@link #virtualLoss}), and its first walk selects with {@link Selection}'s plain path.
 * Keeps the simulation budget of the current search. Allocation-free.
 */
final class Walker {
    static final int DONE = -2;
    static final int COLLISION = -3;
    static final int FULL = -4;
    /** Terminal simulations one {@link #collect} may run before it returns (so callers see clocks). */
    static final int TERMINAL_BURST = 256;

    private final Tree tr;
    /** The search's budget and statistics, shared by every walker of the tree. */
    private final SearchBudget budget;
    private final Nodes t;
    private final int a;
    /** Boards walked to the leaves, one per leaf in flight; at the root between steps. */
    private final Board[] slots;
    private final int[] pendingNode;
    private final int[] pendingDepth;
    private int pendingCount;
    /**
     * Leaves reached again in this step (collisions), each holding one extra virtual visit on its
     * path until {@link #expand}; at most {@link #collisionLimit}.
     */
    private final int[] collided;
    private int collisionCount;
    /** The pending node the last COLLISION of {@link #descend} reached. */
    private int lastCollision;
    /** Collisions one {@link #collect} tolerates before it returns (0: it returns at the first). */
    int collisionLimit;
    /**
     * Whether this step's walks mark their paths with virtual visits: only when the step may
     * collect more than one leaf. With one, no later walk of the step could see the mark, so the
     * walk up the path to set it and the taking back are skipped.
     */
    private boolean virtualLoss;
    /** Leaves one {@link #collect} returns at most (at most the boards in {@link #slots}). */
    int stepLeaves;

    Walker(Tree tr, int leaves) {
        this.tr = tr;
        this.budget = tr.budget;
        this.t = tr.t;
        this.a = tr.a;
        this.slots = new Board[leaves];
        for (int i = 0; i < leaves; i++) {
            slots[i] = new Board(tr.board().rules());
        }
        this.pendingNode = new int[leaves];
        this.pendingDepth = new int[leaves];
        this.collided = new int[leaves];
        this.stepLeaves = leaves;
    }

    /** Sets every board to {@code position} and drops leaves in flight. */
    void reset(Board position) {
        pendingCount = 0;
        collisionCount = 0;
        for (Board s : slots) {
            s.copyFrom(position);
        }
    }

    /** Plays {@code move} on every board (the root moved). */
    void play(int move) {
        for (Board s : slots) {
            s.play(move);
        }
    }

    /** Starts the budget of a search. */
    void begin(int simulations) {
        budget.simsLeft = simulations;
        budget.simsDone = 0;
        budget.full = false;
        budget.maxDepth = 0;
        budget.depthSum = 0;
    }

    int pending() {
        return pendingCount;
    }

    /**
     * Walks to up to {@code max} leaves that need an evaluation, puts their boards into
     * {@code out[off ..]} and returns how many. Simulations that end at terminal nodes are
     * backed up on the way and counted; the boards stay at their leaves until {@link #expand}.
     */
    int collect(Board[] out, int off, int max) {
        int n = 0;
        int terminals = 0;
        int limit = Math.min(max, stepLeaves);
        // With threads sharing the tree every walk marks its path: the other threads' walks see it.
        virtualLoss = limit > 1 || tr.shared;
        // Leaves in flight on other threads hold simulations of the budget already.
        while (n < limit && budget.simsLeft - budget.inFlight - n > 0 && !budget.full && t.proof[0] == Nodes.UNPROVEN) {
            int r = descend(n);
            if (r == DONE) {
                budget.simsLeft--;
                budget.simsDone++;
                if (++terminals == TERMINAL_BURST) {
                    break;
                }
            } else if (r == COLLISION) {
                if (collisionCount >= collisionLimit || !holdCollision()) {
                    break;
                }
            } else if (r == FULL) {
                budget.full = true;
            } else {
                pendingNode[n] = r;
                out[off + n] = slots[n];
                n++;
            }
        }
        pendingCount = n;
        budget.inFlight += n;
        return n;
    }

    /**
     * Keeps the collision {@link #descend} just reported: one more virtual visit on the path of
     * the leaf it reached (so the next selections turn elsewhere), taken back in {@link #expand}.
     * False when the collision was at the root (nothing else can be selected this step).
     */
    private boolean holdCollision() {
        int node = lastCollision;
        if (node == 0) {
            return false;
        }
        for (int x = node; x != Nodes.NONE; x = t.parent[x]) {
            t.virtual[x]++;
        }
        collided[collisionCount++] = node;
        budget.collisions++;
        return true;
    }

    /**
     * Takes the evaluations of the leaves of the last {@link #collect}: priors at
     * {@code priors[(off + i) * actions ..]}, values at {@code values[off + i]}, from the view of
     * the side to move at each leaf. Expands the leaves, backs the values up and brings the
     * boards back to the root.
     */
    void expand(float[] priors, float[] values, int off) {
        for (int i = 0; i < pendingCount; i++) {
            int node = pendingNode[i];
            Board b = slots[i];
            float v = values[off + i];
            if (!(v >= -1f && v <= 1f)) {
                throw new IllegalStateException("evaluator returned value " + v + " (expected -1..1) for " + b.text());
            }
            setPriors(node, b.legalMask(), priors, (off + i) * a);
            t.raw[node] = v;
            t.state[node] = Nodes.EXPANDED;
            int d = pendingDepth[i];
            budget.depthSum += d;
            budget.maxDepth = Math.max(budget.maxDepth, d);
            for (int k = 0; k < d; k++) {
                b.undo();
            }
            backup(node, v, virtualLoss);
            if (node == 0) {
                tr.rootState.prepare(tr);
            }
        }
        for (int i = 0; i < collisionCount; i++) {
            for (int x = collided[i]; x != Nodes.NONE; x = t.parent[x]) {
                t.virtual[x]--;
            }
        }
        collisionCount = 0;
        budget.inFlight -= pendingCount;
        budget.simsLeft -= pendingCount;
        budget.simsDone += pendingCount;
        pendingCount = 0;
    }

    private void setPriors(int node, int mask, float[] priors, int off) {
        t.legal[node] = (byte) mask;
        double sum = 0;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                float p = priors[off + m];
                if (!(p >= 0f)) {
                    throw new IllegalStateException("evaluator returned prior " + p + " for move " + m);
                }
                sum += p;
            }
        }
        // Renormalise over the legal moves (a network's softmax may leak mass to illegal ones);
        // one store a move.
        final float[] out = t.prior;
        final int base = node * a;
        final float even = 1f / Integer.bitCount(mask);
        for (int m = 0; m < a; m++) {
            out[base + m] = (mask >>> m & 1) == 0 ? 0f : sum > 0 ? (float) (priors[off + m] / sum) : even;
        }
    }

    /** Adds {@code v} (from {@code node}'s mover's view) from {@code node} up to the root. */
    private void backup(int node, double v, boolean inFlight) {
        final Nodes t = this.t;
        final double[] st = t.stat;
        final int[] parent = t.parent;
        if (inFlight) {
            final int[] virtual = t.virtual;
            while (node != Nodes.NONE) {
                st[2 * node] += 1;
                st[2 * node + 1] += v;
                virtual[node]--;
                v = -v;
                node = parent[node];
            }
            return;
        } // else no virtual visit on the path: its counters are left unread (one cache line less a node)
        while (node != Nodes.NONE) {
            st[2 * node] += 1;
            st[2 * node + 1] += v;
            v = -v;
            node = parent[node];
        }
    }

    /** One selection from the root with slot board {@code s}: a new leaf's index, or DONE, COLLISION, FULL. */
    private int descend(int s) {
        final Nodes t = this.t;
        if (t.state[0] == Nodes.PENDING) {
            if (t.virtual[0] > 0) {
                lastCollision = 0;
                return COLLISION;
            }
            if (virtualLoss) {
                t.virtual[0]++;
            }
            pendingDepth[s] = 0;
            return 0;
        }
        Board b = slots[s];
        int node = 0;
        int depth = 0;
        // The step's first walk, with no collision held and the solver off, meets no virtual
        // visit and no proof anywhere in the tree (on one thread).
        // With threads sharing the tree, the other threads' leaves carry virtual visits.
        final boolean plain = s == 0 && collisionCount == 0 && !tr.solver && !tr.shared;
        while (true) {
            int m = node == 0 ? RootSelection.select(tr, plain) : Selection.select(tr, node, plain);
            int ci = node * a + m;
            int c = t.child[ci];
            // m is legal (chosen from the node's mask); only a new leaf's board needs its end and legal mask.
            b.playKnown(m, c == Nodes.NONE);
            depth++;
            if (c == Nodes.NONE) {
                c = t.allocate(node, m);
                if (c == Nodes.NONE) {
                    undo(b, depth);
                    return FULL;
                }
                t.child[ci] = c;
                if (b.isOver()) {
                    t.state[c] = Nodes.TERMINAL;
                    t.raw[c] = ended(b);
                    return proven(b, c, depth);
                }
                if (tr.table != null && tr.table.covers(b)) {
                    int o = tr.table.outcome(b);
                    if (o != EndgameTable.UNKNOWN) {
                        t.state[c] = Nodes.TERMINAL;
                        t.raw[c] = decided(b, o);
                        budget.tableHits++;
                        return proven(b, c, depth);
                    }
                }
                if (virtualLoss) {
                    for (int x = c; x != Nodes.NONE; x = t.parent[x]) {
                        t.virtual[x]++;
                    }
                }
                pendingDepth[s] = depth;
                return c;
            }
            byte st = t.state[c];
            if (st == Nodes.TERMINAL) {
                return terminal(b, c, depth);
            }
            if (t.proof[c] != Nodes.UNPROVEN) {
                // A proven subtree: its exact value, no deeper walk.
                budget.depthSum += depth;
                budget.maxDepth = Math.max(budget.maxDepth, depth);
                undo(b, depth);
                backup(c, Nodes.provenValue(t.proof[c]), false);
                return DONE;
            }
            if (st == Nodes.PENDING) {
                undo(b, depth);
                lastCollision = c;
                return COLLISION;
            }
            node = c;
        }
    }

    /** The value of a finished game for the side to move: its result, with the seed margin's share ({@link Tree#margin}). */
    private float ended(Board b) {
        int r = b.result(b.toMove());
        if (tr.margin == 0f) {
            return r;
        }
        int me = b.toMove();
        return blend(r, b.finalStore(me) - b.finalStore(1 - me), b.rules().totalSeeds());
    }

    /** The value of a leaf the table decides with result {@code o}, with the seed margin's share. */
    private float decided(Board b, int o) {
        if (tr.margin == 0f) {
            return o;
        }
        int total = b.rules().totalSeeds();
        int mine = b.store(b.toMove()) + tr.table.value(b);
        return blend(o, 2 * mine - total, total);
    }

    private float blend(int result, int margin, int total) {
        float w = tr.margin;
        return (1f - w) * result + w * margin / (float) total;
    }

    /** A new terminal node: proven by its exact value when the solver is on, which may prove its ancestors. */
    private int proven(Board b, int node, int depth) {
        if (tr.solver) {
            t.proof[node] = Nodes.proofOf(t.raw[node]);
            propagate(t.parent[node]);
        }
        return terminal(b, node, depth);
    }

    /**
     * Proves {@code node} and its ancestors where their children now allow: won when some child
     * is lost for its mover; lost when every legal child is proven won for its mover; drawn when
     * every legal child is proven and none is lost. Stops at the first node left unproven.
     */
    private void propagate(int node) {
        final Nodes t = this.t;
        while (node != Nodes.NONE && t.proof[node] == Nodes.UNPROVEN && t.state[node] == Nodes.EXPANDED) {
            int mask = t.legal[node] & 0xFF;
            boolean open = false;
            boolean draw = false;
            byte p = Nodes.UNPROVEN;
            for (int m = 0; m < a; m++) {
                if ((mask >>> m & 1) == 0) {
                    continue;
                }
                int c = t.child[node * a + m];
                byte q = c == Nodes.NONE ? Nodes.UNPROVEN : t.proof[c];
                if (q == Nodes.LOST) {
                    p = Nodes.WON;
                    break;
                }
                open |= q == Nodes.UNPROVEN;
                draw |= q == Nodes.DRAWN;
            }
            if (p == Nodes.UNPROVEN) {
                if (open) {
                    return;
                }
                p = draw ? Nodes.DRAWN : Nodes.LOST;
            }
            t.proof[node] = p;
            node = t.parent[node];
        }
    }

    private int terminal(Board b, int node, int depth) {
        budget.depthSum += depth;
        budget.maxDepth = Math.max(budget.maxDepth, depth);
        undo(b, depth);
        backup(node, t.raw[node], false);
        return DONE;
    }

    private static void undo(Board b, int plies) {
        for (int k = 0; k < plies; k++) {
            b.undo();
        }
    }
}
