package org.owarelab.training.replay;

/**
 * How the replay buffer keeps and hands out positions.
 *
 * @param window the most recent positions kept; older ones are dropped
 * @param sampleRatio training samples allowed per new position (KataGo and lc0 use about 1-8
 *     for fresh data; each position is seen about this many times on average)
 * @param minPositions no sample is allowed before the buffer holds this many positions
 * @param tableTargets an endgame table file ({@code oware tables build}) for the rules trained, or
 *     null (YAML: absent or empty) for none: a position that enters the buffer with at most the
 *     table's seeds on the board takes its value target from the table where the table decides the
 *     result for the side to move given the stores ({@link TableTargets}); the rest keep the game's
 *     result. Checked when the config is read ({@code TrainConfig})
 */
public record ReplayConfig(int window, double sampleRatio, int minPositions, String tableTargets) {
    public ReplayConfig {
        tableTargets = tableTargets == null || tableTargets.isBlank() ? null : tableTargets.trim();
        if (window < 1 || window > 1 << 26) {
            throw new IllegalArgumentException("replay window=" + window + ": expected 1..67108864");
        }
        if (!(sampleRatio > 0 && sampleRatio <= 1000)) {
            throw new IllegalArgumentException("replay sampleRatio=" + sampleRatio + ": expected (0, 1000]");
        }
        if (minPositions < 0 || minPositions > window) {
            throw new IllegalArgumentException("replay minPositions=" + minPositions + ": expected 0..window ("
                    + window + ")");
        }
    }

    /** Without table targets (every value target is the game's result). */
    public ReplayConfig(int window, double sampleRatio, int minPositions) {
        this(window, sampleRatio, minPositions, null);
    }
}
