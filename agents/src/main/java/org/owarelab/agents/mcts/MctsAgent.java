package org.owarelab.agents.mcts;

import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Monte Carlo tree search: UCT selection ({@code Q + c sqrt(ln N / n)}, unvisited children first
 * in move order), one expansion per simulation (a node is expanded on its second visit; its
 * first visit rolls out), uniformly random roll-outs, exact values at terminal positions.
 * Spec: {@code mcts:sims=2000,c=1.4[,movetime=MS][,tree=NODES][,reuse=true][,rollout=PLIES]}
 * (see {@link MctsConfig}).
 *
 * <p>Values: a roll-out or a terminal position gives +1/0/-1 for the side to move there
 * ({@link Board#result(int)}), negated at each ply on the way up. The decision's move is the
 * most visited root child (ties: higher mean, then the lower move), its policy the root visit
 * distribution, its value the mean over all root visits from the mover's view, its nodes the
 * simulations of this search, its pv the most-visited path.
 *
 * <p>Limits: {@code simulations} and {@code nodes} both cap the simulations of this search,
 * {@code movetime} the wall-clock time, {@code infinite} runs until the monitor asks to stop;
 * a limit with none of them (e.g. depth only) uses the spec's. At least one simulation is run.
 *
 * <p>Tree reuse: after a search the tree's root is the searched position. Each
 * {@link #played(Board, int)} moves the root down to the child of the played move, keeping
 * its subtree, if the move and the resulting position match the tree; otherwise the tree is
 * dropped. {@link #decide} keeps the tree only when its root is the position asked about
 * (same houses, stores and side; the game history is taken from the board given), and then
 * adds its simulations to the visits already there.
 *
 * <p>Allocation: the tree arrays once, at the first search; none per simulation. Not
 * thread-safe: one agent per game and thread.
 */
public final class MctsAgent implements Agent {
    public static final AgentFactory FACTORY = new AgentFactory() {
        @Override
        public String name() {
            return "mcts";
        }

        @Override
        public Set<String> keys() {
            return MctsConfig.KEYS;
        }

        @Override
        public String help() {
            return "UCT tree search with random roll-outs: sims=2000 (per move), c=1.4 (exploration), "
                    + "movetime=0 (ms, 0 = none), tree=1000000 (node budget), reuse=true (keep the subtree "
                    + "between moves), rollout=1000 (roll-out ply cap)";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            MctsConfig config = MctsConfig.of(spec); // range errors are AgentSpecExceptions
            return new MctsAgent(config, rules, seed);
        }
    };

    private static final long INFO_INTERVAL_NANOS = 1_000_000_000L;

    private final MctsConfig config;
    private final int houses;
    private final SearchLimit specLimit;
    /** The searched position with its history; kept in step with the tree's root. */
    private final Board root;
    /** The board simulations play and undo on. */
    private final Board work;
    private SplittableRandom random;
    private MctsTree tree;
    private boolean treeValid;
    private int[] path = new int[256];

    // Statistics of the current search.
    private long depthSum;
    private int selDepth;

    public MctsAgent(MctsConfig config, RuleSet rules, long seed) {
        this.config = config;
        this.houses = rules.houses();
        this.specLimit = new SearchLimit(0, 0, config.simulations(), config.movetimeMillis(), false);
        this.root = new Board(rules);
        this.work = new Board(rules);
        this.random = new SplittableRandom(seed);
    }

    public MctsConfig config() {
        return config;
    }

    @Override
    public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
        long t0 = System.nanoTime();
        if (board.isOver()) {
            throw new IllegalArgumentException("mcts: the game is over (" + board.endReason() + "): no move to choose");
        }
        if (tree == null) {
            tree = new MctsTree(config.treeNodes());
        }
        boolean keep = config.reuse() && treeValid && root.samePosition(board);
        root.copyFrom(board);
        work.copyFrom(board);
        if (!keep) {
            tree.clear();
        }
        treeValid = true;
        if (!tree.isExpanded(MctsTree.ROOT)) {
            if (!tree.hasRoom(Integer.bitCount(work.legalMask()))) {
                tree.clear();
            }
            tree.expand(MctsTree.ROOT, work.legalMask());
        }

        SearchLimit l = limit.or(specLimit);
        long maxSims = Long.MAX_VALUE;
        long deadline = Long.MAX_VALUE;
        if (!l.infinite()) {
            if (l.simulations() > 0) {
                maxSims = l.simulations();
            }
            if (l.nodes() > 0) {
                maxSims = Math.min(maxSims, l.nodes());
            }
            if (l.movetimeMillis() > 0) {
                deadline = t0 + l.movetimeMillis() * 1_000_000L;
            }
            if (maxSims == Long.MAX_VALUE && deadline == Long.MAX_VALUE) {
                maxSims = config.simulations();
            }
        }

        depthSum = 0;
        selDepth = 0;
        long sims = 0;
        long nextInfo = t0 + INFO_INTERVAL_NANOS;
        while (sims < maxSims) {
            simulate();
            sims++;
            long now = System.nanoTime();
            if (now >= deadline || monitor.stopRequested()) {
                break;
            }
            if (now >= nextInfo) {
                monitor.info(info(sims, now - t0));
                nextInfo = now + INFO_INTERVAL_NANOS;
            }
        }
        long elapsed = System.nanoTime() - t0;
        monitor.info(info(sims, elapsed));
        return decision(sims, elapsed);
    }

    /** One descent, expansion, roll-out and backup, starting and ending with {@code work} at the root. */
    private void simulate() {
        final MctsTree t = tree;
        final Board b = work;
        int node = MctsTree.ROOT;
        int depth = 0;
        path[0] = node;
        float v;
        while (true) {
            if (b.isOver()) {
                v = b.result(b.toMove());
                break;
            }
            if (!t.isExpanded(node)) {
                int legal = b.legalMask();
                if (t.visits(node) == 0 || !t.hasRoom(Integer.bitCount(legal))) {
                    v = rollout();
                    break;
                }
                t.expand(node, legal);
            }
            node = select(node);
            b.play(t.move(node));
            if (++depth == path.length) {
                path = Arrays.copyOf(path, 2 * path.length);
            }
            path[depth] = node;
        }
        // v is from the view of the side to move at the leaf; each node stores the view of the side
        // that moved into it, one ply earlier: negate before every update.
        for (int d = depth; d >= 0; d--) {
            v = -v;
            t.update(path[d], v);
        }
        for (int d = 0; d < depth; d++) {
            b.undo();
        }
        depthSum += depth;
        if (depth > selDepth) {
            selDepth = depth;
        }
    }

    /** The child of an expanded, visited {@code node} with the largest UCT score; unvisited ones first. */
    private int select(int node) {
        final MctsTree t = tree;
        int f = t.firstChild(node);
        int e = f + t.childCount(node);
        double logN = Math.log(Math.max(1, t.visits(node)));
        double c = config.exploration();
        int best = f;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int ch = f; ch < e; ch++) {
            int n = t.visits(ch);
            if (n == 0) {
                return ch;
            }
            double score = t.valueSum(ch) / n + c * Math.sqrt(logN / n);
            if (score > bestScore) {
                bestScore = score;
                best = ch;
            }
        }
        return best;
    }

    /**
     * Plays random legal moves from {@code work} to the end of the game (or the roll-out cap),
     * takes them back, and returns the result for the side to move at the start.
     */
    private float rollout() {
        final Board b = work;
        final int side = b.toMove();
        final int cap = config.rolloutPlies();
        int plies = 0;
        while (!b.isOver() && plies < cap) {
            int mask = b.legalMask();
            int k = random.nextInt(Integer.bitCount(mask));
            while (k-- > 0) {
                mask &= mask - 1;
            }
            b.play(Integer.numberOfTrailingZeros(mask));
            plies++;
        }
        float v;
        if (b.isOver()) {
            v = b.result(side);
        } else {
            v = MctsConfig.ROLLOUT_TRUNCATION.result(b, side);
        }
        for (int i = 0; i < plies; i++) {
            b.undo();
        }
        return v;
    }

    private Decision decision(long sims, long elapsed) {
        final MctsTree t = tree;
        float[] policy = new float[houses];
        int f = t.firstChild(MctsTree.ROOT);
        int e = f + t.childCount(MctsTree.ROOT);
        long total = 0;
        double sum = 0;
        for (int ch = f; ch < e; ch++) {
            total += t.visits(ch);
            sum += t.valueSum(ch);
        }
        for (int ch = f; ch < e; ch++) {
            policy[t.move(ch)] = total == 0 ? 1f / (e - f) : (float) ((double) t.visits(ch) / total);
        }
        int best = bestChild(MctsTree.ROOT);
        float value = total == 0 ? 0f : (float) Math.max(-1, Math.min(1, sum / total));
        return new Decision(t.move(best), policy, value, sims, 0, elapsed, pv());
    }

    /** The most visited child of an expanded node; ties go to the higher mean, then the lower move. */
    private int bestChild(int node) {
        final MctsTree t = tree;
        int f = t.firstChild(node);
        int best = f;
        for (int ch = f + 1, e = f + t.childCount(node); ch < e; ch++) {
            int n = t.visits(ch);
            int bn = t.visits(best);
            if (n > bn || n == bn && n > 0 && t.valueSum(ch) / n > t.valueSum(best) / bn) {
                best = ch;
            }
        }
        return best;
    }

    /** The most-visited path from the root, as far as its nodes have been visited. */
    private int[] pv() {
        final MctsTree t = tree;
        int[] moves = new int[16];
        int len = 0;
        int node = MctsTree.ROOT;
        while (t.isExpanded(node)) {
            int ch = bestChild(node);
            if (t.visits(ch) == 0 && len > 0) {
                break;
            }
            if (len == moves.length) {
                moves = Arrays.copyOf(moves, 2 * len);
            }
            moves[len++] = t.move(ch);
            node = ch;
        }
        return Arrays.copyOf(moves, len);
    }

    private SearchInfo info(long sims, long elapsedNanos) {
        final MctsTree t = tree;
        int f = t.firstChild(MctsTree.ROOT);
        long total = 0;
        double sum = 0;
        for (int ch = f, e = f + t.childCount(MctsTree.ROOT); ch < e; ch++) {
            total += t.visits(ch);
            sum += t.valueSum(ch);
        }
        int avgDepth = sims == 0 ? 0 : (int) Math.round((double) depthSum / sims);
        return new SearchInfo(avgDepth, selDepth, total == 0 ? 0 : sum / total, Double.NaN, 0, sims,
                elapsedNanos / 1_000_000, pv());
    }

    @Override
    public void played(Board after, int move) {
        if (!treeValid || !config.reuse()) {
            treeValid = false;
            return;
        }
        if (!root.isLegal(move)) {
            treeValid = false;
            return;
        }
        root.play(move);
        if (!root.samePosition(after)) {
            treeValid = false;
            return;
        }
        int child = tree.child(MctsTree.ROOT, move);
        if (child < 0) {
            tree.clear();
        } else {
            tree.reroot(child);
        }
    }

    /** The tree (for tests in this package); null before the first search. */
    MctsTree tree() {
        return tree;
    }

    /** Nodes in the tree now (for tests and diagnostics); 0 before the first search. */
    public int treeSize() {
        return tree == null ? 0 : tree.size();
    }

    /** Visits of the tree's root now: simulations kept from earlier searches after {@link #played}. */
    public int rootVisits() {
        return tree == null || !treeValid ? 0 : tree.visits(MctsTree.ROOT);
    }

    @Override
    public void reset(long seed) {
        random = new SplittableRandom(seed);
        treeValid = false;
    }

    @Override
    public String spec() {
        return config.spec();
    }
}
