package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.owarelab.rules.RuleSet;

/**
 * The retrograde builder against {@link ReferenceBuilder}, the sweeps and full passes that define
 * the values: the same {@code lo} and {@code hi} for every layout of every layer, with and
 * without the repetition refinement, for every rule variant, on 1 and 2 threads.
 */
class BuilderDifferentialTest {
    @ParameterizedTest
    @MethodSource("org.owarelab.tables.TableCorrectnessTest#variants")
    void sameBoundsAsTheReference(RuleSet rules) {
        int seeds = Math.min(7, rules.totalSeeds() / 2);
        for (boolean refine : new boolean[] {true, false}) {
            EndgameTable want = new ReferenceBuilder(rules, seeds, refine).build();
            for (int threads : new int[] {1, 2}) {
                EndgameTable got = new TableBuilder(rules, seeds, threads, line -> { }, refine).build();
                assertSame(want, got, rules + ", refine " + refine + ", " + threads + " threads");
            }
        }
    }

    static void assertSame(EndgameTable want, EndgameTable got, String what) {
        assertEquals(want.maxSeeds(), got.maxSeeds(), what);
        for (int n = 0; n <= want.maxSeeds(); n++) {
            for (long i = 0; i < want.positions(n); i++) {
                if (want.lo(n, i) != got.lo(n, i) || want.hi(n, i) != got.hi(n, i)) {
                    int[] c = new int[2 * want.rules().houses()];
                    want.decode(n, i, c);
                    fail(what + ": layout " + i + " of " + n + " seeds " + java.util.Arrays.toString(c) + ": reference ["
                            + want.lo(n, i) + ", " + want.hi(n, i) + "], built [" + got.lo(n, i) + ", " + got.hi(n, i) + "]");
                }
            }
        }
    }
}
