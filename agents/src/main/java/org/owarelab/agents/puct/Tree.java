package org.owarelab.agents.puct;

import java.util.SplittableRandom;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * One PUCT search over one game, on a flat-array tree with a node budget ({@link Nodes}).
 * Built to be advanced in lock-step with many others: {@link LockstepSearch} asks each tree
 * for up to {@code leavesPerStep} leaves ({@link #collect}), makes one evaluator call for all
 * of them, and hands the results back ({@link #expand}).
 *
 * <p>Every node stands for one history from the root (a tree, never a graph), and each leaf is
 * reached by playing the moves on a copy of the root board that carries the game's history, so
 * the board itself ends games by repetition exactly; terminal nodes take the exact result
 * ({@code Board.result} of the side to move) and never reach the evaluator.
 *
 * <p>Perspective: values are from the side to move at each node, in [-1, 1], negated on the
 * way up. A simulation is one visit added to the root: the root's own evaluation when it is
 * new, then one leaf or terminal per simulation. Several leaves per step use virtual loss (a
 * virtual visit counts as a loss for the chooser); a selection that reaches a leaf already in
 * flight (a collision) ends the tree's collection for that step.
 *
 * <p>Allocation-free per simulation: the arrays grow by doubling only when the node budget
 * needs it. Not thread-safe; one tree per game.
 */
public final class Tree {
    private static final int DONE = -2;
    private static final int COLLISION = -3;
    private static final int FULL = -4;
    /** Terminal simulations one {@link #collect} may run before it returns (so callers see clocks). */
    private static final int TERMINAL_BURST = 256;

    final PuctConfig cfg;
    final Nodes t;
    final int a;
    private final Board root;
    private final Board[] slots;
    private final int[] pendingNode;
    private final int[] pendingDepth;
    private int pendingCount;
    SplittableRandom rng;

    private int simsLeft;
    private int simsDone;
    boolean explore;
    private boolean full;
    private int maxDepth;
    private long depthSum;

    /** Priors used at the root in this search: the evaluator's, with Dirichlet noise when exploring. */
    final float[] rootPrior;
    final double[] gumbelNoise;
    /** Root child visits when the search began (Gumbel's schedule counts this search's visits). */
    final int[] baseVisits;
    private int[] schedule;
    private boolean gumbelReady;
    final double[] scratch;
    private final double[] noise;

    /**
     * @param rules the rule set of the games (the number of actions)
     * @param cfg search settings
     * @param leavesPerStep most leaves in flight per step (1 = no virtual loss)
     * @param initialNodes nodes allocated now
     * @param maxNodes node budget: the search stops when it is spent
     */
    public Tree(RuleSet rules, PuctConfig cfg, int leavesPerStep, int initialNodes, int maxNodes) {
        if (leavesPerStep < 1 || leavesPerStep > 1024) {
            throw new IllegalArgumentException("leavesPerStep=" + leavesPerStep + ": expected 1..1024");
        }
        this.cfg = cfg;
        this.a = rules.houses();
        this.t = new Nodes(a, Math.max(2, Math.min(initialNodes, maxNodes)), maxNodes);
        this.root = new Board(rules);
        this.slots = new Board[leavesPerStep];
        for (int i = 0; i < leavesPerStep; i++) {
            slots[i] = new Board(rules);
        }
        this.pendingNode = new int[leavesPerStep];
        this.pendingDepth = new int[leavesPerStep];
        this.rootPrior = new float[a];
        this.gumbelNoise = new double[a];
        this.baseVisits = new int[a];
        this.scratch = new double[a];
        this.noise = new double[a];
        this.rng = new SplittableRandom(0);
    }

    // ------------------------------------------------------------ positions

    /**
     * Starts over at {@code position} (copied, history included) with an empty tree;
     * {@code random} drives the noise and the move choice from now on. Always allowed, even
     * with leaves in flight (they are dropped).
     */
    public void reset(Board position, SplittableRandom random) {
        pendingCount = 0; // leaves in flight (after an evaluator failure) are dropped with the tree
        root.copyFrom(position);
        for (Board s : slots) {
            s.copyFrom(position);
        }
        this.rng = random;
        freshRoot();
    }

    private void freshRoot() {
        t.clear();
        t.allocate(Nodes.NONE, -1);
        simsLeft = 0;
    }

    /** Plays {@code move} at the root, keeping its subtree when {@link PuctConfig#reuseTree()} is on. */
    public void advance(int move) {
        requireIdle();
        int c = t.state[0] == Nodes.EXPANDED ? t.child[move] : Nodes.NONE;
        root.play(move); // throws IllegalMoveException for an illegal move, before anything changes
        for (Board s : slots) {
            s.play(move);
        }
        if (cfg.reuseTree() && c != Nodes.NONE && t.state[c] == Nodes.EXPANDED) {
            t.keepSubtree(c);
            simsLeft = 0;
        } else {
            freshRoot();
        }
    }

    /** The root position with its history. Read it, never change it. */
    public Board board() {
        return root;
    }

    // ------------------------------------------------------------ search

    /**
     * Prepares a search of {@code simulations} more simulations from the root. An exploring
     * search adds Dirichlet noise (or Gumbel noise) at the root and forces playouts when they are
     * configured. A reused subtree that would leave too few nodes for the search is dropped.
     *
     * @throws IllegalStateException if the root position is over or leaves are still in flight
     */
    public void beginSearch(int simulations, boolean exploring) {
        requireIdle();
        if (root.isOver()) {
            throw new IllegalStateException("cannot search a finished game (" + root.endReason() + ") at " + root.text());
        }
        if (simulations < 1) {
            throw new IllegalArgumentException("simulations=" + simulations + ": expected >= 1");
        }
        // Keep a reused subtree only if the search still fits in the budget (for searches of
        // more than half the budget, only if the subtree takes at most half).
        if (t.size > 1 && (long) t.size + Math.min(simulations, t.maxNodes / 2) > t.maxNodes) {
            freshRoot();
        }
        simsLeft = simulations;
        simsDone = 0;
        explore = exploring;
        full = false;
        maxDepth = 0;
        depthSum = 0;
        gumbelReady = false;
        if (t.state[0] == Nodes.EXPANDED) {
            prepareRoot();
        }
    }

    /** Whether the current search still has simulations to run (and nodes to run them). */
    public boolean searching() {
        return simsLeft > 0 && !full;
    }

    /** Ends the current search early (a stop request or a clock); the results stand as they are. */
    public void stop() {
        requireIdle();
        simsLeft = 0;
    }

    private void requireIdle() {
        if (pendingCount != 0) {
            throw new IllegalStateException("tree has " + pendingCount + " leaves waiting for their evaluation");
        }
    }

    /**
     * Walks to up to {@code max} leaves that need an evaluation, puts their boards into
     * {@code out[off ..]} and returns how many. Simulations that end at terminal nodes are
     * backed up on the way and counted; the boards stay at their leaves until {@link #expand}.
     */
    int collect(Board[] out, int off, int max) {
        int n = 0;
        int terminals = 0;
        int limit = Math.min(max, slots.length);
        while (n < limit && simsLeft - n > 0 && !full) {
            int r = descend(n);
            if (r == DONE) {
                simsLeft--;
                simsDone++;
                if (++terminals == TERMINAL_BURST) {
                    break;
                }
            } else if (r == COLLISION) {
                break;
            } else if (r == FULL) {
                full = true;
            } else {
                pendingNode[n] = r;
                out[off + n] = slots[n];
                n++;
            }
        }
        pendingCount = n;
        return n;
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
            depthSum += d;
            maxDepth = Math.max(maxDepth, d);
            for (int k = 0; k < d; k++) {
                b.undo();
            }
            backup(node, v, true);
            if (node == 0) {
                prepareRoot();
            }
        }
        simsLeft -= pendingCount;
        simsDone += pendingCount;
        pendingCount = 0;
    }

    private void setPriors(int node, int mask, float[] priors, int off) {
        t.legal[node] = (byte) mask;
        int base = node * a;
        double sum = 0;
        for (int m = 0; m < a; m++) {
            float p = (mask >>> m & 1) != 0 ? priors[off + m] : 0f;
            if (!(p >= 0f)) {
                throw new IllegalStateException("evaluator returned prior " + p + " for move " + m);
            }
            t.prior[base + m] = p;
            sum += p;
        }
        // Renormalise over the legal moves (a network's softmax may leak mass to illegal ones).
        int legal = Integer.bitCount(mask);
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                t.prior[base + m] = sum > 0 ? (float) (t.prior[base + m] / sum) : 1f / legal;
            }
        }
    }

    /** Adds {@code v} (from {@code node}'s mover's view) from {@code node} up to the root. */
    private void backup(int node, double v, boolean inFlight) {
        final Nodes t = this.t;
        int dv = inFlight ? 1 : 0;
        while (node != Nodes.NONE) {
            t.visits[node]++;
            t.valueSum[node] += v;
            t.virtual[node] -= dv;
            v = -v;
            node = t.parent[node];
        }
    }

    /** One selection from the root with slot board {@code s}: a new leaf's index, or DONE, COLLISION, FULL. */
    private int descend(int s) {
        final Nodes t = this.t;
        if (t.state[0] == Nodes.PENDING) {
            if (t.virtual[0] > 0) {
                return COLLISION;
            }
            t.virtual[0]++;
            pendingDepth[s] = 0;
            return 0;
        }
        Board b = slots[s];
        int node = 0;
        int depth = 0;
        while (true) {
            int m = node == 0 ? RootSelection.select(this) : Selection.select(this, node);
            int ci = node * a + m;
            int c = t.child[ci];
            b.play(m);
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
                    t.raw[c] = b.result(b.toMove());
                    return terminal(b, c, depth);
                }
                for (int x = c; x != Nodes.NONE; x = t.parent[x]) {
                    t.virtual[x]++;
                }
                pendingDepth[s] = depth;
                return c;
            }
            byte st = t.state[c];
            if (st == Nodes.TERMINAL) {
                return terminal(b, c, depth);
            }
            if (st == Nodes.PENDING) {
                undo(b, depth);
                return COLLISION;
            }
            node = c;
        }
    }

    private int terminal(Board b, int node, int depth) {
        depthSum += depth;
        maxDepth = Math.max(maxDepth, depth);
        undo(b, depth);
        backup(node, t.raw[node], false);
        return DONE;
    }

    private static void undo(Board b, int plies) {
        for (int k = 0; k < plies; k++) {
            b.undo();
        }
    }

    /** Root set-up once the root is expanded: the priors it uses (with noise when exploring). */
    private void prepareRoot() {
        System.arraycopy(t.prior, 0, rootPrior, 0, a);
        int mask = t.legal[0] & 0xFF;
        PuctConfig.RootNoise n = cfg.noise();
        if (explore && n.fraction() > 0 && !cfg.gumbel().enabled()) {
            Dirichlet.sample(rng, n.alpha(), mask, a, noise);
            for (int m = 0; m < a; m++) {
                if ((mask >>> m & 1) != 0) {
                    rootPrior[m] = (float) ((1 - n.fraction()) * rootPrior[m] + n.fraction() * noise[m]);
                }
            }
        }
    }

    /** Gumbel set-up at the first root selection of a search: noise, base visits, schedule. */
    void prepareGumbel() {
        if (gumbelReady) {
            return;
        }
        PuctConfig.GumbelConfig g = cfg.gumbel();
        int mask = t.legal[0] & 0xFF;
        double scale = explore ? g.scale() : 0.0;
        for (int m = 0; m < a; m++) {
            gumbelNoise[m] = (mask >>> m & 1) != 0 && scale > 0 ? scale * Gumbel.sample(rng) : 0.0;
            baseVisits[m] = t.childVisits(0, m);
        }
        int considered = Math.min(g.maxActions(), Integer.bitCount(mask));
        schedule = Gumbel.schedule(considered, Math.max(1, simsLeft));
        gumbelReady = true;
    }

    int[] schedule() {
        return schedule;
    }

    // ------------------------------------------------------------ statistics

    /** Simulations run by the current (or last) search. */
    public int simulations() {
        return simsDone;
    }

    /** Nodes in use, the reused subtree included. */
    public int nodes() {
        return t.size;
    }

    /** Whether the last search stopped because the node budget was spent. */
    public boolean budgetSpent() {
        return full;
    }

    /** The deepest leaf of the current search, in plies from the root. */
    public int maxDepth() {
        return maxDepth;
    }

    /** Mean leaf depth of the current search. */
    public double averageDepth() {
        return simsDone == 0 ? 0 : (double) depthSum / simsDone;
    }

    /** The moves available at the root: its legal mask. */
    public int rootLegal() {
        return root.legalMask();
    }

    /** Visits of the root (its own evaluation included). */
    public int rootVisits() {
        return t.visits[0];
    }

    /** The root's mean value from the root mover's view, in [-1, 1]; 0 before any visit. */
    public double rootValue() {
        return t.visits[0] == 0 ? 0.0 : t.valueSum[0] / t.visits[0];
    }

    /** Visits of the root's child by {@code move}. */
    public int childVisits(int move) {
        return t.state[0] == Nodes.EXPANDED ? t.childVisits(0, move) : 0;
    }

    /** Mean value of the root's child by {@code move} from the root mover's view; NaN when unvisited. */
    public double childValue(int move) {
        return t.state[0] == Nodes.EXPANDED ? t.childQ(0, move) : Double.NaN;
    }

    /** The evaluator's prior of {@code move} at the root (without noise); 0 before the root is evaluated. */
    public float prior(int move) {
        return t.state[0] == Nodes.EXPANDED ? t.prior[move] : 0f;
    }

    // ------------------------------------------------------------ results

    /**
     * The policy target into {@code out[0 .. actions)}: the visit distribution (pruned of forced
     * playouts after an exploring search that used them), or Gumbel's improved policy.
     */
    public void policy(float[] out) {
        RootPolicy.target(this, out);
    }

    /** The plain visit distribution of the root's children into {@code out[0 .. actions)}. */
    public void visitPolicy(float[] out) {
        RootPolicy.visits(this, out);
    }

    /**
     * The move to play: at temperature 0 the most visited (ties: higher value, then higher
     * prior, then lower move), else drawn with probability proportional to {@code N^(1/t)} from
     * this tree's generator; with Gumbel root selection the winner of sequential halving.
     */
    public int chooseMove(double temperature) {
        return RootPolicy.choose(this, temperature);
    }

    /** The most visited line from the root, at most {@code max} moves. */
    public int[] principalVariation(int max) {
        return RootPolicy.principalVariation(this, max);
    }
}
