package org.owarelab.training.loop;

/**
 * Optional gating of the self-play network (AlphaGo Zero style): self-play uses the best
 * network accepted so far; each new checkpoint plays colour-swapped pairs against it until an
 * SPRT decides, and replaces it only when accepted. Off by default (AlphaZero, and the quick
 * config, always self-play with the latest network).
 *
 * @param enabled whether to gate
 * @param elo0 H0 of the SPRT: the candidate is at most this much stronger (Elo)
 * @param elo1 H1: the candidate is at least this much stronger
 * @param alpha false-accept rate
 * @param beta false-reject rate
 * @param maxPairs pairs before the gate gives up (rejects)
 */
public record GatingConfig(boolean enabled, double elo0, double elo1, double alpha, double beta, int maxPairs) {
    public static final GatingConfig OFF = new GatingConfig(false, 0, 20, 0.05, 0.05, 100);

    public GatingConfig {
        if (!(elo1 > elo0)) {
            throw new IllegalArgumentException("gating.elo1=" + elo1 + " must exceed gating.elo0=" + elo0);
        }
        if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) {
            throw new IllegalArgumentException("gating.alpha and gating.beta must lie in (0, 0.5), got " + alpha
                    + " and " + beta);
        }
        LoopConfig.check("gating.maxPairs", maxPairs, 1, 1_000_000);
    }
}
