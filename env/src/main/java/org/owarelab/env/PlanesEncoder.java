package org.owarelab.env;

import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * {@code planes/1}: per-house feature planes for 1-D convolutional nets, shape
 * {@code {C, 2n}} with {@code C = 2n + 7} (19 x 12 = 228 floats for 6 houses), channel-major:
 * value {@code (c, k)} is at {@code offset + c * 2n + k}. Column {@code k} is canonical house
 * {@code k}: the mover's houses from its left, then the opponent's from the opponent's left, which
 * is the sowing order, so a convolution slides along the direction seeds travel.
 *
 * <p>Channels, for {@code T = 2n} (a house of {@code 2n - 1} seeds reaches every other house):
 * <ol start="0">
 *   <li>{@code 0 .. T-1}: thermometer counts, channel {@code t} is 1 when the house holds more than {@code t} seeds;</li>
 *   <li>{@code T}: the count divided by the total seeds (the magnitude past the thermometer);</li>
 *   <li>{@code T+1}: capture-able, 1 when the house holds 1 or 2 seeds (a seed sown there makes 2 or 3);</li>
 *   <li>{@code T+2}: 1 on the mover's houses, 0 on the opponent's;</li>
 *   <li>{@code T+3}: 1 on the mover's houses whose move is legal (from the rules' legal mask);</li>
 *   <li>{@code T+4}, {@code T+5}: the mover's and the opponent's store divided by the total, on every column;</li>
 *   <li>{@code T+6}: ply progress {@code min(ply, 300) / 300} on every column, with {@code ply} the
 *       board's plies since its reset position (a fixed scale in version 1, whatever the ply cap).</li>
 * </ol>
 *
 * <p>Immutable and thread-safe; {@link #encode} allocates nothing.
 */
public final class PlanesEncoder implements ObservationEncoder {
    public static final String ID = "planes";
    public static final int VERSION = 1;
    /** The ply at which the progress plane reaches 1. */
    public static final int PROGRESS_PLIES = 300;

    private final RuleSet rules;
    private final int n2;
    private final int thermometer;
    private final int channels;
    /** {@code countPlanes[c * (T + 2) + t]}: the count-dependent channels 0..T+1 of a house holding {@code c}. */
    private final float[] countPlanes;
    private final float[] norm;

    public PlanesEncoder(RuleSet rules) {
        this.rules = rules;
        this.n2 = 2 * rules.houses();
        this.thermometer = n2;
        this.channels = thermometer + 7;
        int total = rules.totalSeeds();
        int per = thermometer + 2;
        this.norm = new float[total + 1];
        this.countPlanes = new float[(total + 1) * per];
        for (int c = 0; c <= total; c++) {
            norm[c] = (float) c / total;
            for (int t = 0; t < thermometer; t++) {
                countPlanes[c * per + t] = c > t ? 1f : 0f;
            }
            countPlanes[c * per + thermometer] = norm[c];
            countPlanes[c * per + thermometer + 1] = c == 1 || c == 2 ? 1f : 0f;
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int version() {
        return VERSION;
    }

    @Override
    public RuleSet rules() {
        return rules;
    }

    /** {@code {2n + 7, 2n}}: channels, then houses. */
    @Override
    public int[] shape() {
        return new int[] {channels, n2};
    }

    @Override
    public int size() {
        return channels * n2;
    }

    /** Channels per observation, {@code 2n + 7}. */
    public int channels() {
        return channels;
    }

    @Override
    public void encode(Board board, float[] out, int offset) {
        final int n2 = this.n2;
        final int n = n2 / 2;
        final int per = thermometer + 2;
        final int mover = board.toMove();
        final int legal = board.legalMask();
        int abs = mover * n;
        for (int k = 0; k < n2; k++) {
            int base = board.count(abs) * per;
            int o = offset + k;
            for (int t = 0; t < per; t++, o += n2) {
                out[o] = countPlanes[base + t];
            }
            boolean mine = k < n;
            out[o] = mine ? 1f : 0f;
            out[o + n2] = mine && (legal >>> k & 1) != 0 ? 1f : 0f;
            if (++abs == n2) {
                abs = 0;
            }
        }
        fill(out, offset + (thermometer + 4) * n2, norm[board.store(mover)]);
        fill(out, offset + (thermometer + 5) * n2, norm[board.store(1 - mover)]);
        fill(out, offset + (thermometer + 6) * n2, Math.min(board.ply(), PROGRESS_PLIES) / (float) PROGRESS_PLIES);
    }

    private void fill(float[] out, int from, float v) {
        for (int k = 0; k < n2; k++) {
            out[from + k] = v;
        }
    }

    @Override
    public String toString() {
        return tag();
    }
}
