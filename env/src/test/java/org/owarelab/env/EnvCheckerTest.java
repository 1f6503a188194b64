package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;
import org.owarelab.rules.Repetition;
import org.owarelab.rules.RuleSet;

class EnvCheckerTest {
    /** Every grand-slam and repetition variant, and small and large boards. */
    static List<RuleSet> ruleSets() {
        List<RuleSet> all = new ArrayList<>();
        for (GrandSlam g : GrandSlam.values()) {
            all.add(RuleSet.DEFAULT.withGrandSlam(g));
        }
        all.add(RuleSet.DEFAULT.withRepetition(Repetition.SPLIT));
        all.add(RuleSet.parse("houses=3,seeds=3"));
        all.add(RuleSet.parse("houses=3,seeds=2,grand-slam=capture-all"));
        all.add(RuleSet.parse("houses=8,seeds=5,repetition=split"));
        return all;
    }

    @Test
    void everyConfigurationPasses() {
        List<String> failures = new ArrayList<>();
        int configs = 0;
        for (RuleSet rules : ruleSets()) {
            for (RewardMode reward : RewardMode.values()) {
                for (TruncationRule truncation : TruncationRule.values()) {
                    for (String encoder : Encoders.ids()) {
                        for (int cap : new int[] {300, 25}) {
                            for (int opening : new int[] {0, 3}) {
                                EnvConfig c = new EnvConfig(rules, reward, cap, truncation, opening, encoder);
                                failures.addAll(EnvChecker.problems(new OwareEnv(c), configs, 4));
                                configs++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(9 * 2 * 3 * 2 * 2 * 2, configs);
        assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
    }

    @Test
    void aNondeterministicEncoderIsCaught() {
        ObservationEncoder noisy = new TestEncoder("noisy", 1) {
            private float next;

            @Override
            public void encode(Board board, float[] out, int offset) {
                out[offset] = next++;
            }
        };
        List<String> p = EnvChecker.problems(new OwareEnv(EnvConfig.DEFAULT, noisy), 1, 1);
        assertFalse(p.isEmpty());
        assertTrue(p.get(0).contains("not deterministic"), p.get(0));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> EnvChecker.check(new OwareEnv(EnvConfig.DEFAULT, noisy), 1, 1));
        assertTrue(e.getMessage().startsWith("env check failed for rules default, env default, encoder noisy/1"));
    }

    @Test
    void anEncoderWritingOutsideItsSlotIsCaught() {
        ObservationEncoder sloppy = new TestEncoder("sloppy", 2, 3) {
            @Override
            public void encode(Board board, float[] out, int offset) {
                for (int i = 0; i < 7 && offset + i < out.length; i++) {
                    out[offset + i] = 0f;
                }
            }
        };
        List<String> p = EnvChecker.problems(new OwareEnv(EnvConfig.DEFAULT, sloppy), 1, 1);
        assertTrue(p.stream().anyMatch(s -> s.contains("does not write exactly its 6 floats")), p.toString());
    }

    /** A broken encoder for the default rules, version 1, of the given shape. */
    private abstract static class TestEncoder implements ObservationEncoder {
        private final String id;
        private final int[] shape;

        TestEncoder(String id, int... shape) {
            this.id = id;
            this.shape = shape;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public int version() {
            return 1;
        }

        @Override
        public RuleSet rules() {
            return RuleSet.DEFAULT;
        }

        @Override
        public int[] shape() {
            return shape.clone();
        }
    }
}
