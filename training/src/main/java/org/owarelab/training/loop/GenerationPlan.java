package org.owarelab.training.loop;

/**
 * What generation {@code gen} of {@code of} does besides self-play and training: whether it is the
 * last, evaluates, writes a checkpoint (the resume point: evaluation and gating read one, and the
 * last generation ends on one) and gates.
 */
record GenerationPlan(int gen, int of, boolean last, boolean evaluate, boolean checkpoint, boolean gate) {
    /** The plan of generation {@code gen}; {@code wallSpent}: the time budget ends the run with it. */
    static GenerationPlan of(TrainConfig cfg, int gen, boolean wallSpent) {
        int of = cfg.loop().generations();
        boolean last = gen == of || wallSpent;
        boolean evaluate = !last && cfg.loop().evaluateEvery() > 0 && gen % cfg.loop().evaluateEvery() == 0;
        boolean gating = cfg.gating().enabled();
        // A checkpoint is the resume point: evaluation and gating read one, and the last generation ends on one.
        boolean checkpoint = last || evaluate || gating || gen % cfg.loop().checkpointEvery() == 0;
        return new GenerationPlan(gen, of, last, evaluate, checkpoint, gating);
    }

    String label() {
        return "gen " + gen + "/" + of;
    }
}
