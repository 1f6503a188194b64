package org.owarelab.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Board against the naive reference ({@link NaiveOware}): seeded random games under every
 * rule-variant combination, half from the start position and half from random positions,
 * compared at every ply (position text, legal moves, end and reason, final stores, captures,
 * winner). Default run: 70 rule sets x 100 games; the slow-tagged run plays 1,200 games per rule set.
 *
 * <p>The games must reach what they claim to check: each rule set's games end by each of the
 * three reasons, and every grand-slam variant meets grand slams (played, or for {@code illegal}
 * left out of the legal moves).
 */
class DifferentialTest {
    /** Grand slams met per variant, over all rule sets (filled by the parameterized runs). */
    private static final Map<GrandSlam, Long> SLAMS = new EnumMap<>(GrandSlam.class);
    private static final Set<RuleSet> RAN = new HashSet<>();

    @BeforeAll
    static void reset() {
        SLAMS.clear();
        RAN.clear();
    }

    @AfterAll
    static void everyVariantMetGrandSlams() {
        if (RAN.size() == variants().size()) { // only when the whole class ran
            for (GrandSlam g : GrandSlam.values()) {
                assertTrue(SLAMS.getOrDefault(g, 0L) > 0, "no grand slam met under " + g);
            }
        }
    }

    static List<RuleSet> variants() {
        return RandomPositions.allVariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void randomGamesAgreeWithTheNaiveReference(RuleSet rules) {
        Set<String> reasons = new HashSet<>();
        long slams = playGames(rules, 100, 0x5EED_0000L + rules.spec().hashCode(), reasons);
        assertEquals(Set.of("threshold", "no-moves", "repetition"), reasons, "end reasons reached");
        synchronized (SLAMS) {
            SLAMS.merge(rules.grandSlam(), slams, Long::sum);
            RAN.add(rules);
        }
    }

    @Test
    @Tag("slow")
    void manyMoreRandomGamesAgree() {
        for (RuleSet rules : variants()) {
            playGames(rules, 1200, 0xB16_0000L + rules.spec().hashCode(), new HashSet<>());
        }
    }

    /**
     * Plays {@code games} seeded games, adding the end reasons met to {@code reasons}; returns the
     * number of grand slams met (played, or left out of the legal moves under {@code illegal}).
     */
    static long playGames(RuleSet rules, int games, long seed, Set<String> reasons) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long slams = 0;
        for (int g = 0; g < games; g++) {
            String start = g % 2 == 0 ? RandomPositions.start(rules) : RandomPositions.random(rules, rnd);
            Board b = new Board(Position.parse(start, rules));
            NaiveOware ref = NaiveOware.of(start, rules);
            StringBuilder moves = new StringBuilder();
            compare(b, ref, rules, start, moves);
            slams += ref.forbiddenSlams();
            while (!b.isOver()) {
                int m = RandomPositions.randomMove(b, rnd);
                moves.append(b.letter(m));
                b.play(m);
                ref = ref.after(m);
                compare(b, ref, rules, start, moves);
                slams += ref.forbiddenSlams() + (ref.slam ? 1 : 0);
            }
            reasons.add(ref.reason);
        }
        return slams;
    }

    static void compare(Board b, NaiveOware ref, RuleSet rules, String start, CharSequence moves) {
        String where = "rules " + rules + ", from " + start + " after '" + moves + "'";
        List<Integer> legal = new ArrayList<>();
        for (int m = 0; m < rules.houses(); m++) {
            if (b.isLegal(m)) {
                legal.add(m);
            }
        }
        try {
            assertEquals(ref.text(), b.text(), "position");
            assertEquals(ref.legalMoves(), legal, "legal moves");
            assertEquals(ref.over(), b.isOver(), "over");
            assertEquals(ref.reason, b.endReason() == null ? null : b.endReason().text(), "end reason");
            assertEquals(ref.captured, b.lastCaptured(), "captured");
            if (ref.over()) {
                assertEquals(ref.finalStore(0), b.finalStore(Side.SOUTH), "final store S");
                assertEquals(ref.finalStore(1), b.finalStore(Side.NORTH), "final store N");
                assertEquals(ref.winner(), b.winner(), "winner");
            } else {
                assertEquals(ref.store[0], b.finalStore(Side.SOUTH), "final store S while going on");
                assertEquals(ref.store[1], b.finalStore(Side.NORTH), "final store N while going on");
            }
        } catch (AssertionError e) {
            fail(where + ": " + e.getMessage(), e);
        }
    }
}
