package org.owarelab.play.web;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** Seeded random games and positions that the JavaScript is checked on, in Node and against the golden file. */
public final class RandomGames {
    private RandomGames() {
    }

    /** Random games to their end (uniform over the legal moves), as move letters. */
    public static List<String> games(RuleSet rules, int count, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> games = new ArrayList<>();
        for (int g = 0; g < count; g++) {
            Board b = new Board(rules);
            StringBuilder s = new StringBuilder();
            while (!b.isOver()) {
                int mask = b.legalMask();
                int pick = r.nextInt(Integer.bitCount(mask));
                int m = Integer.numberOfTrailingZeros(mask);
                for (int i = 0; i < pick; i++) {
                    mask &= mask - 1;
                    m = Integer.numberOfTrailingZeros(mask);
                }
                s.append(b.letter(m));
                b.play(m);
            }
            games.add(s.toString());
        }
        return games;
    }

    /** Positions along random games (not over), each as the moves from the start. */
    public static List<String> positions(RuleSet rules, int count, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> out = new ArrayList<>();
        for (String game : games(rules, count, seed)) {
            out.add(game.substring(0, r.nextInt(Math.max(1, game.length() - 1))));
        }
        return out;
    }
}
