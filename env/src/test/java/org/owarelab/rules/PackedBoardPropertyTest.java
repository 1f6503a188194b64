package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The packed {@link Board} against the unpacked board it replaced ({@link ReferenceBoard}, kept
 * in test sources) on random games under random rule sets (every grand-slam and repetition
 * variant, 2..8 houses x 1..8 seeds), from the start or from a random position: at every ply the
 * same position, legal moves, captures, end, reason, final stores, winner and hash (and the
 * hash equals a recompute); every move is also made and taken back on both boards first, and
 * the undo must restore everything; some plies take back several moves, and some continue on a
 * copy. Also the byte arithmetic of {@link Rows} against plain loops.
 */
class PackedBoardPropertyTest {
    @Provide
    Arbitrary<RuleSet> ruleSets() {
        return Combinators.combine(Arbitraries.integers().between(RuleSet.MIN_HOUSES, RuleSet.MAX_HOUSES),
                Arbitraries.integers().between(RuleSet.MIN_SEEDS, RuleSet.MAX_SEEDS),
                Arbitraries.of(GrandSlam.class), Arbitraries.of(Repetition.class)).as(RuleSet::new);
    }

    @Property
    void randomGamesAgreeWithTheUnpackedBoard(@ForAll("ruleSets") RuleSet rules, @ForAll long seed,
            @ForAll boolean fromStart) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position base = fromStart ? Position.start(rules) : Position.parse(RandomPositions.random(rules, rnd), rules);
        Board board = new Board(base);
        ReferenceBoard ref = new ReferenceBoard(base);
        for (int step = 0; step < 300; step++) {
            assertSame(ref, board, "ply " + board.ply() + " from " + base.text());
            int mask = ref.legalMask();
            if (mask == 0 || rnd.nextInt(40) == 0) {
                int back = Math.min(board.ply(), 1 + rnd.nextInt(6));
                if (back == 0) {
                    break;
                }
                for (int i = 0; i < back; i++) {
                    board.undo();
                    ref.undo();
                }
                continue;
            }
            String before = state(board);
            for (int b = mask; b != 0; b &= b - 1) {
                int m = Integer.numberOfTrailingZeros(b);
                board.play(m);
                ref.play(m);
                assertSame(ref, board, "after move " + m + " at ply " + (board.ply() - 1) + " from " + base.text());
                board.undo();
                ref.undo();
                assertEquals(before, state(board), "undo of move " + m);
            }
            int k = rnd.nextInt(Integer.bitCount(mask));
            int m = mask;
            while (k-- > 0) {
                m &= m - 1;
            }
            board.play(Integer.numberOfTrailingZeros(m));
            ref.play(Integer.numberOfTrailingZeros(m));
            if (rnd.nextInt(50) == 0) {
                board = board.copy();
                ref = ref.copy();
            }
        }
    }

    /** Every observable of {@code board} against {@code ref}. */
    private static void assertSame(ReferenceBoard ref, Board board, String where) {
        assertEquals(stateOf(ref), state(board), where);
        assertEquals(board.recomputeHash(), board.hash(), where + ": incremental hash");
    }

    private static String state(Board b) {
        StringBuilder sb = new StringBuilder(b.text());
        for (int i = 0; i < 2 * b.housesPerSide(); i++) {
            sb.append(i == 0 ? " counts " : ",").append(b.count(i));
        }
        for (int m = 0; m < b.housesPerSide(); m++) {
            sb.append(m == 0 ? " moves " : ",").append(b.countOfMove(m));
        }
        return sb.append(" hash ").append(b.hash()).append(" legal ").append(b.legalMask()).append(" over ")
                .append(b.isOver()).append(" reason ").append(b.endReason()).append(" captured ")
                .append(b.lastCaptured()).append(" final ").append(b.finalStore(0)).append('/').append(b.finalStore(1))
                .append(" winner ").append(b.winner()).append(" ply ").append(b.ply()).append(" side ")
                .append(b.toMove()).append(" seeds ").append(b.seedsOnSide(0)).append('/').append(b.seedsOnSide(1))
                .append(" stores ").append(b.store(0)).append('/').append(b.store(1)).toString();
    }

    private static String stateOf(ReferenceBoard b) {
        StringBuilder sb = new StringBuilder(b.text());
        for (int i = 0; i < 2 * b.housesPerSide(); i++) {
            sb.append(i == 0 ? " counts " : ",").append(b.count(i));
        }
        for (int m = 0; m < b.housesPerSide(); m++) {
            sb.append(m == 0 ? " moves " : ",").append(b.countOfMove(m));
        }
        return sb.append(" hash ").append(b.hash()).append(" legal ").append(b.legalMask()).append(" over ")
                .append(b.isOver()).append(" reason ").append(b.endReason()).append(" captured ")
                .append(b.lastCaptured()).append(" final ").append(b.finalStore(0)).append('/').append(b.finalStore(1))
                .append(" winner ").append(b.winner()).append(" ply ").append(b.ply()).append(" side ")
                .append(b.toMove()).append(" seeds ").append(b.seedsOnSide(0)).append('/').append(b.seedsOnSide(1))
                .append(" stores ").append(b.store(0)).append('/').append(b.store(1)).toString();
    }

    @Provide
    Arbitrary<int[]> rows() {
        // Up to 8 houses whose counts add up to at most 128 (RuleSet.MAX_TOTAL).
        return Arbitraries.integers().between(0, RuleSet.MAX_TOTAL).array(int[].class).ofMinSize(1).ofMaxSize(8)
                .filter(a -> java.util.Arrays.stream(a).sum() <= RuleSet.MAX_TOTAL);
    }

    @Property
    void rowArithmeticMatchesLoops(@ForAll("rows") int[] counts, @ForAll @IntRange(min = 0, max = 7) int a,
            @ForAll @IntRange(min = 0, max = 7) int b) {
        int n = counts.length;
        long row = Rows.pack(counts, 0, n);
        int total = 0;
        int nonEmpty = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(counts[i], Rows.count(row, i));
            total += counts[i];
            nonEmpty |= (counts[i] != 0 ? 1 : 0) << i;
        }
        assertEquals(total, Rows.total(row));
        assertEquals(nonEmpty, Rows.nonEmpty(row));
        int from = Math.min(a, n - 1);
        int to = Math.min(b, n - 1);
        long cleared = Rows.clear(row, from, to);
        int sum = 0;
        for (int i = 0; i < n; i++) {
            boolean in = i >= from && i <= to;
            assertEquals(in ? 0 : counts[i], Rows.count(cleared, i), "house " + i + " after clear " + from + ".." + to);
            sum += in ? counts[i] : 0;
        }
        assertEquals(sum, Rows.sum(row, from, to));
        int first = to + 1;
        while (first > 0 && (counts[first - 1] == 2 || counts[first - 1] == 3)) {
            first--;
        }
        assertEquals(first, Rows.runStart(row, to), "capture run ending at " + to);
    }

    @Provide
    Arbitrary<int[]> smallRows() {
        // Counts of 0 to 4, so that capture runs of 2s and 3s of every length and place occur.
        return Arbitraries.integers().between(0, 4).array(int[].class).ofMinSize(1).ofMaxSize(8);
    }

    @Property
    void captureRunStartMatchesTheLoop(@ForAll("smallRows") int[] counts, @ForAll @IntRange(min = 0, max = 7) int b) {
        int n = counts.length;
        long row = Rows.pack(counts, 0, n);
        int to = Math.min(b, n - 1);
        int first = to + 1;
        while (first > 0 && (counts[first - 1] == 2 || counts[first - 1] == 3)) {
            first--;
        }
        assertEquals(first, Rows.runStart(row, to), "capture run ending at " + to + " of " + java.util.Arrays.toString(counts));
    }
}
