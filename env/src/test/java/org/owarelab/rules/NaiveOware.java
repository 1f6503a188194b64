package org.owarelab.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately naive second implementation of the rules in {@code env/RULES.md}, kept in test
 * sources only to check {@link Board} against. It shares nothing with Board but the rule-set
 * value: plain lists, one seed sown at a time, every question (feeding, grand slam, legality)
 * answered by simulating the whole move on a copy, repetition found by comparing full position
 * strings against the list of every position of the game, no hashing, no undo. Slow on purpose;
 * clarity is the point. Immutable: {@link #after(int)} returns a new game.
 *
 * <p>Moves are relative (0 = the mover's leftmost house, as in Board); sides are 0 = South,
 * 1 = North. End reasons are the strings {@code threshold}, {@code no-moves}, {@code repetition}.
 */
final class NaiveOware {
    final RuleSet rules;
    final int n;
    final List<Integer> pits;
    final int[] store;
    final int turn;
    /** Every position text of the game so far, this one last. */
    final List<String> seen;
    final int captured;
    final String reason;
    final int[] finals;
    /** Whether the move that led here was a grand slam (whatever the variant made of it). */
    final boolean slam;
    /** Filled on first use (the object is otherwise immutable). */
    private List<Integer> legal;
    private int forbiddenSlams;

    private NaiveOware(RuleSet rules, List<Integer> pits, int[] store, int turn, List<String> seen, int captured,
            String reason, int[] finals, boolean slam) {
        this.slam = slam;
        this.rules = rules;
        this.n = rules.houses();
        this.pits = pits;
        this.store = store;
        this.turn = turn;
        this.seen = seen;
        this.captured = captured;
        this.reason = reason;
        this.finals = finals;
    }

    /** A game starting at the position written as {@code text} (assumed well-formed). */
    static NaiveOware of(String text, RuleSet rules) {
        String[] parts = text.split("-");
        int n = rules.houses();
        List<Integer> pits = new ArrayList<>();
        for (int i = 0; i < 2 * n; i++) {
            pits.add(Integer.valueOf(parts[i]));
        }
        int[] store = {Integer.parseInt(parts[2 * n]), Integer.parseInt(parts[2 * n + 1])};
        int turn = parts[2 * n + 2].equals("S") ? 0 : 1;
        List<String> seen = new ArrayList<>();
        seen.add(textOf(pits, store, turn));
        return settle(rules, pits, store, turn, seen, 0, false);
    }

    static NaiveOware start(RuleSet rules) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2 * rules.houses(); i++) {
            sb.append(rules.seeds()).append('-');
        }
        return of(sb.append("0-0-S").toString(), rules);
    }

    private static String textOf(List<Integer> pits, int[] store, int turn) {
        StringBuilder sb = new StringBuilder();
        for (int p : pits) {
            sb.append(p).append('-');
        }
        return sb.append(store[0]).append('-').append(store[1]).append('-').append(turn == 0 ? "S" : "N").toString();
    }

    String text() {
        return textOf(pits, store, turn);
    }

    boolean over() {
        return reason != null;
    }

    int finalStore(int side) {
        return finals[side];
    }

    /** 0 South, 1 North, -1 draw or game not over. */
    int winner() {
        if (!over() || finals[0] == finals[1]) {
            return -1;
        }
        return finals[0] > finals[1] ? 0 : 1;
    }

    private static boolean ownedBy(int house, int side, int n) {
        return house / n == side;
    }

    private static int seedsOf(List<Integer> pits, int side, int n) {
        int sum = 0;
        for (int i = 0; i < pits.size(); i++) {
            if (ownedBy(i, side, n)) {
                sum += pits.get(i);
            }
        }
        return sum;
    }

    /** What a move would do, worked out on a copy of the pits. */
    private static final class Trial {
        List<Integer> pits;
        int last;
        boolean fedOpponent;
        List<Integer> chain = new ArrayList<>(); // last house first
        boolean grandSlam;
    }

    private Trial trial(int move) {
        Trial t = new Trial();
        t.pits = new ArrayList<>(pits);
        int origin = turn * n + move;
        int hand = t.pits.get(origin);
        t.pits.set(origin, 0);
        int at = origin;
        while (hand > 0) {
            at = (at + 1) % (2 * n);
            if (at == origin) {
                continue;
            }
            t.pits.set(at, t.pits.get(at) + 1);
            hand--;
        }
        t.last = at;
        int opp = 1 - turn;
        t.fedOpponent = seedsOf(t.pits, opp, n) > 0;
        int h = t.last;
        while (h >= 0 && ownedBy(h, opp, n) && (t.pits.get(h) == 2 || t.pits.get(h) == 3)) {
            t.chain.add(h);
            h--;
        }
        if (!t.chain.isEmpty()) {
            int left = seedsOf(t.pits, opp, n);
            for (int c : t.chain) {
                left -= t.pits.get(c);
            }
            t.grandSlam = left == 0;
        }
        return t;
    }

    /** The legal moves of the side to move, ascending; empty once the game is over. */
    List<Integer> legalMoves() {
        if (legal == null) {
            legal = List.copyOf(computeLegal());
        }
        return legal;
    }

    private List<Integer> computeLegal() {
        List<Integer> out = new ArrayList<>();
        if (over()) {
            return out;
        }
        boolean mustFeed = seedsOf(pits, 1 - turn, n) == 0;
        for (int m = 0; m < n; m++) {
            if (pits.get(turn * n + m) == 0) {
                continue;
            }
            Trial t = trial(m);
            if (mustFeed && !t.fedOpponent) {
                continue;
            }
            if (rules.grandSlam() == GrandSlam.ILLEGAL && t.grandSlam) {
                forbiddenSlams++;
                continue;
            }
            out.add(m);
        }
        return out;
    }

    /** How many moves were left out here only because grand slams are illegal. */
    int forbiddenSlams() {
        legalMoves();
        return forbiddenSlams;
    }

    /** The game after the mover plays {@code move} (which must be legal). */
    NaiveOware after(int move) {
        if (!legalMoves().contains(move)) {
            throw new IllegalArgumentException("naive: move " + move + " not legal in " + text());
        }
        Trial t = trial(move);
        List<Integer> next = t.pits;
        int[] st = store.clone();
        List<Integer> taken = new ArrayList<>(t.chain);
        String slamEnd = null;
        if (t.grandSlam) {
            switch (rules.grandSlam()) {
                case NO_CAPTURE -> taken.clear();
                case SPARE_LAST -> taken.remove(Integer.valueOf(t.last));
                case CAPTURE_ALL -> slamEnd = "mover";
                case TO_OPPONENT -> slamEnd = "opponent";
                default -> throw new AssertionError("grand slam played under " + rules.grandSlam());
            }
        }
        int got = 0;
        for (int hse : taken) {
            got += next.get(hse);
            next.set(hse, 0);
        }
        st[turn] += got;
        int mover = turn;
        int other = 1 - turn;
        List<String> history = new ArrayList<>(seen);
        history.add(textOf(next, st, other));
        int half = rules.totalSeeds() / 2;
        if (st[0] > half || st[1] > half) {
            return new NaiveOware(rules, next, st, other, history, got, "threshold", st.clone(), t.grandSlam);
        }
        if (slamEnd != null) {
            int[] fin = st.clone();
            int onBoard = seedsOf(next, 0, n) + seedsOf(next, 1, n);
            fin[slamEnd.equals("mover") ? mover : other] += onBoard;
            return new NaiveOware(rules, next, st, other, history, got, "no-moves", fin, true);
        }
        if (seen.contains(history.get(history.size() - 1))) {
            int[] fin = st.clone();
            int south = seedsOf(next, 0, n);
            int north = seedsOf(next, 1, n);
            if (rules.repetition() == Repetition.OWN_SIDE) {
                fin[0] += south;
                fin[1] += north;
            } else {
                int all = south + north;
                fin[0] += all / 2;
                fin[1] += all / 2;
                if (all % 2 == 1) {
                    fin[south > north ? 0 : 1] += 1;
                }
            }
            return new NaiveOware(rules, next, st, other, history, got, "repetition", fin, t.grandSlam);
        }
        return settle(rules, next, st, other, history, got, t.grandSlam);
    }

    /** Ends the game if the side to move has no legal move (or a store is already past half). */
    private static NaiveOware settle(RuleSet rules, List<Integer> pits, int[] st, int turn, List<String> seen,
            int got, boolean slam) {
        int half = rules.totalSeeds() / 2;
        if (st[0] > half || st[1] > half) {
            return new NaiveOware(rules, pits, st, turn, seen, got, "threshold", st.clone(), slam);
        }
        NaiveOware open = new NaiveOware(rules, pits, st, turn, seen, got, null, null, slam);
        if (!open.legalMoves().isEmpty()) {
            return open;
        }
        int[] fin = st.clone();
        int n = rules.houses();
        int mine = seedsOf(pits, turn, n);
        int theirs = seedsOf(pits, 1 - turn, n);
        // No move: the mover takes everything when it has seeds (no feed, or only forbidden grand
        // slams); a mover with an empty side (set-up positions only) leaves the opponent its own.
        if (mine > 0) {
            fin[turn] += mine + theirs;
        } else {
            fin[1 - turn] += theirs;
        }
        return new NaiveOware(rules, pits, st, turn, seen, got, "no-moves", fin, slam);
    }

    /** Leaf count at {@code depth} plies (1 at depth 0); finished games have no moves. */
    long perft(int depth) {
        if (depth == 0) {
            return 1;
        }
        if (depth == 1) {
            return legalMoves().size();
        }
        long sum = 0;
        for (int m : legalMoves()) {
            sum += after(m).perft(depth - 1);
        }
        return sum;
    }
}
