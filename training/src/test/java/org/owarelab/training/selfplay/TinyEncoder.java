package org.owarelab.training.selfplay;

import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** A minimal canonical encoder for tests: mover's houses, opponent's houses, both stores, over the total seeds. */
public final class TinyEncoder implements ObservationEncoder {
    private final RuleSet rules;

    public TinyEncoder(RuleSet rules) {
        this.rules = rules;
    }

    @Override
    public String id() {
        return "tiny";
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
        return new int[] {2 * rules.houses() + 2};
    }

    @Override
    public void encode(Board board, float[] out, int offset) {
        int n = rules.houses();
        int me = board.toMove();
        float scale = 1f / rules.totalSeeds();
        for (int i = 0; i < n; i++) {
            out[offset + i] = board.count(me * n + i) * scale;
            out[offset + n + i] = board.count((1 - me) * n + i) * scale;
        }
        out[offset + 2 * n] = board.store(me) * scale;
        out[offset + 2 * n + 1] = board.store(1 - me) * scale;
    }
}
