package org.owarelab.evaluation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;

/**
 * Balanced openings: sequences of K uniformly random legal plies from a start position, seeded,
 * without duplicates (two sequences reaching the same houses, stores and side to move count as
 * one), skipping any that end the game, optionally keeping only positions a shallow search judges
 * roughly even ({@link OpeningJudge}). A match plays each opening twice, once with each agent
 * as South, so that neither colour nor a lucky opening favours one agent.
 *
 * <p>The list for {@code count} openings is a prefix of the list for any larger count under the
 * same seed, so a longer match replays the shorter one's openings first.
 */
public final class Openings {
    private Openings() {
    }

    /**
     * Up to {@code count} distinct openings of {@code plies} random plies from {@code start}. Fewer are
     * returned when the positions at that depth run out (e.g. 1 for 0 plies, at most 6 for 1 ply);
     * callers reuse them in turn.
     *
     * @throws IllegalArgumentException for a negative ply count, a count below 1, or a start that is over
     */
    public static List<Opening> generate(Position start, int plies, int count, long seed) {
        return generate(start, plies, count, seed, null);
    }

    /**
     * Like {@link #generate(Position, int, int, long)}, keeping only the openings whose position
     * {@code accept} accepts (e.g. {@link OpeningJudge#balanced}); rejected positions are not asked
     * about twice. The accepted list is still a prefix of a longer one under the same seed and filter.
     *
     * @param accept null to keep every opening; it sees a board it may play and undo on but must
     *     leave as it found it
     */
    public static List<Opening> generate(Position start, int plies, int count, long seed, Predicate<Board> accept) {
        if (plies < 0 || count < 1) {
            throw new IllegalArgumentException("openings: expected plies >= 0 and count >= 1, got " + plies + " and "
                    + count);
        }
        Board board = new Board(start);
        if (board.isOver()) {
            throw new IllegalArgumentException("openings: the start position " + start.text() + " is a finished game");
        }
        List<Opening> list = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        SplittableRandom random = new SplittableRandom(seed);
        // Enough attempts to find every position a shallow depth has; each attempt is a few plies.
        long attempts = 200L * count + 2000;
        StringBuilder moves = new StringBuilder(plies);
        for (long a = 0; a < attempts && list.size() < count; a++) {
            board.set(start);
            moves.setLength(0);
            for (int p = 0; p < plies && !board.isOver(); p++) {
                int mask = board.legalMask();
                int k = random.nextInt(Integer.bitCount(mask));
                while (k-- > 0) {
                    mask &= mask - 1;
                }
                int m = Integer.numberOfTrailingZeros(mask);
                moves.append(board.letter(m));
                board.play(m);
            }
            if (!board.isOver() && seen.add(board.text()) && (accept == null || accept.test(board))) {
                list.add(new Opening(list.size(), moves.toString(), board.text()));
            }
            if (plies == 0) {
                break;
            }
        }
        return list;
    }
}
