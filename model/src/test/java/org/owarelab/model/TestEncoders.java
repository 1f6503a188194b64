package org.owarelab.model;

import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Two tiny encoders for the network tests (here and, through the test jar, in training) (the real ones live in {@code org.owarelab.env}):
 * {@code test-flat} ({@code 2n + 2} features: the mover's houses, the opponent's, the mover's store,
 * the opponent's, each over the total seeds) and {@code test-planes} ({@code {4, n}}: the mover's
 * houses, the opponent's houses facing them, both stores broadcast).
 */
public final class TestEncoders {
    private TestEncoders() {
    }

    public static ObservationEncoder flat(RuleSet rules) {
        return new Base(rules, "test-flat", new int[] {2 * rules.houses() + 2}) {
            @Override
            public void encode(Board b, float[] out, int offset) {
                int n = rules.houses();
                int me = b.toMove();
                float t = rules.totalSeeds();
                for (int m = 0; m < n; m++) {
                    out[offset + m] = b.count(me * n + m) / t;
                    out[offset + n + m] = b.count((1 - me) * n + m) / t;
                }
                out[offset + 2 * n] = b.store(me) / t;
                out[offset + 2 * n + 1] = b.store(1 - me) / t;
            }
        };
    }

    public static ObservationEncoder planes(RuleSet rules) {
        return new Base(rules, "test-planes", new int[] {4, rules.houses()}) {
            @Override
            public void encode(Board b, float[] out, int offset) {
                int n = rules.houses();
                int me = b.toMove();
                float t = rules.totalSeeds();
                for (int m = 0; m < n; m++) {
                    out[offset + m] = b.count(me * n + m) / t;
                    out[offset + n + m] = b.count((1 - me) * n + (n - 1 - m)) / t;
                    out[offset + 2 * n + m] = b.store(me) / t;
                    out[offset + 3 * n + m] = b.store(1 - me) / t;
                }
            }
        };
    }

    private abstract static class Base implements ObservationEncoder {
        final RuleSet rules;
        private final String id;
        private final int[] shape;

        Base(RuleSet rules, String id, int[] shape) {
            this.rules = rules;
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
            return rules;
        }

        @Override
        public int[] shape() {
            return shape.clone();
        }
    }
}
