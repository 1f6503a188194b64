package org.owarelab.agents;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * A small strength harness kept in test sources (the lab's arena is {@code oware match}): paired
 * games between two agent specs, each opening of K random plies played twice with the colours
 * swapped. Prints one line per opening pair and a W/D/L summary for A, with the score and its
 * normal-approximation 95% interval. Not a test: run it by hand, e.g.
 *
 * <pre>
 * mvn -B -q -pl agents -am test-compile
 * java -cp env/target/classes:agents/target/classes:agents/target/test-classes \
 *     org.owarelab.agents.PairedMatch alphabeta:depth=4 greedy --openings 100 --plies 6 --seed 1 --threads 2
 * </pre>
 *
 * <p>Agents are built per game from the specs with seeds derived from {@code --seed}, so a run is
 * reproducible for depth- and node-limited agents whatever the thread count. A game longer than
 * 2000 plies (none seen) is ended with each side taking its own seeds.
 */
public final class PairedMatch {
    private PairedMatch() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: PairedMatch SPEC_A SPEC_B [--openings N] [--plies K] [--seed S] [--threads T] [--rules R]");
            System.exit(2);
        }
        String a = args[0];
        String b = args[1];
        int openings = 50;
        int plies = 6;
        long seed = 1;
        int threads = 1;
        String rulesText = "";
        for (int i = 2; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--openings" -> openings = Integer.parseInt(args[i + 1]);
                case "--plies" -> plies = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                case "--rules" -> rulesText = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        RuleSet rules = RuleSet.parse(rulesText);
        BuiltInAgents.registry().validate(a);
        BuiltInAgents.registry().validate(b);
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<int[]>> futures = new ArrayList<>();
        SplittableRandom master = new SplittableRandom(seed);
        for (int o = 0; o < openings; o++) {
            long openingSeed = master.nextLong();
            String opening = opening(rules, openingSeed, plies);
            for (int aSide = 0; aSide < 2; aSide++) {
                final int side = aSide;
                futures.add(pool.submit(() -> play(rules, opening, a, b, side, openingSeed)));
            }
        }
        int w = 0;
        int d = 0;
        int l = 0;
        long[] nodes = new long[2];
        long[] nanos = new long[2];
        for (Future<int[]> f : futures) {
            int[] r = f.get();
            if (r[0] > 0) {
                w++;
            } else if (r[0] == 0) {
                d++;
            } else {
                l++;
            }
        }
        pool.shutdown();
        int n = w + d + l;
        double score = (w + 0.5 * d) / n;
        double var = (w * Math.pow(1 - score, 2) + d * Math.pow(0.5 - score, 2) + l * Math.pow(score, 2)) / n;
        double half = 1.96 * Math.sqrt(var / n);
        System.out.printf("%s vs %s: games %d  W %d  D %d  L %d  score %.3f  95%% [%.3f, %.3f]  (%.0f s)%n", a, b, n, w,
                d, l, score, Math.max(0, score - half), Math.min(1, score + half), (System.nanoTime() - t0) / 1e9);
    }

    /** K random plies from the start that do not end the game, as letters. */
    public static String opening(RuleSet rules, long seed, int plies) {
        SplittableRandom random = new SplittableRandom(seed);
        for (;;) {
            Board board = new Board(rules);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < plies && !board.isOver(); i++) {
                int mask = board.legalMask();
                int k = random.nextInt(Integer.bitCount(mask));
                while (k-- > 0) {
                    mask &= mask - 1;
                }
                int m = Integer.numberOfTrailingZeros(mask);
                sb.append(board.letter(m));
                board.play(m);
            }
            if (!board.isOver()) {
                return sb.toString();
            }
        }
    }

    /** Plays one game; returns {result for A (+1, 0, -1), plies}. */
    static int[] play(RuleSet rules, String opening, String specA, String specB, int aSide, long seed) {
        Board board = new Board(rules);
        org.owarelab.rules.Moves.playAll(board, opening);
        try (Agent a = BuiltInAgents.registry().create(specA, rules, seed ^ 0xA); Agent b = BuiltInAgents.registry().create(specB, rules, seed ^ 0xB)) {
            while (!board.isOver() && board.ply() < 2000) {
                Agent mover = board.toMove() == aSide ? a : b;
                int m = mover.decide(board).move();
                board.play(m);
                a.played(board, m);
                b.played(board, m);
            }
        }
        int mine;
        if (board.isOver()) {
            mine = board.result(aSide);
        } else {
            int sa = board.store(aSide) + board.seedsOnSide(aSide);
            int sb = board.store(1 - aSide) + board.seedsOnSide(1 - aSide);
            mine = Integer.compare(sa, sb);
        }
        return new int[] {mine, board.ply()};
    }
}
