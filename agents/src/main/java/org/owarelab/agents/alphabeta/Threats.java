package org.owarelab.agents.alphabeta;

import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;

/**
 * The seeds a side would capture with one move on the current counts, computed arithmetically
 * without playing it: the cheap capture test of move ordering and the threat terms of the
 * evaluation.
 *
 * <p>Why not ask the {@link Board}: the evaluation needs the captures of the side that is
 * <em>not</em> to move (what the opponent threatens), which the board cannot play, and move
 * ordering needs them without a make/undo per move. This is a feature of positions, not a second
 * home of the rules: feeding and the end of the game are ignored (the side may not be allowed
 * to move), and a test checks it against {@link Board#play} and {@link Board#lastCaptured()} for
 * every legal move of random positions under every grand-slam variant.
 *
 * <p>Sowing arithmetic: {@code s} seeds from house {@code o} of {@code 2n} houses give every other
 * house {@code s / (2n-1)} seeds and the first {@code s % (2n-1)} houses after {@code o} one more;
 * the last seed falls at {@code o + s % (2n-1)}, or at {@code o - 1} when that remainder is 0.
 */
final class Threats {
    private Threats() {
    }

    /**
     * Seeds side {@code side} would capture by sowing its relative house {@code m} now (0 for an
     * empty house), with the grand-slam variant {@code grandSlam} applied.
     */
    static int capture(Board b, int side, int m, GrandSlam grandSlam) {
        final int n = b.housesPerSide();
        final int n2 = 2 * n;
        final int origin = side * n + m;
        final int seeds = b.count(origin);
        if (seeds == 0) {
            return 0;
        }
        final int oppBase = n - side * n;
        if (seeds < n2 - 1) {
            // One partial lap (the common case, no division): every house after the origin up to
            // the last gets one seed, so every opponent house from the row's start to the last does.
            int last = origin + seeds;
            if (last >= n2) {
                last -= n2;
            }
            if (last < oppBase || last >= oppBase + n) {
                return 0;
            }
            int c = b.count(last) + 1;
            if (c != 2 && c != 3) {
                return 0;
            }
            int sum = c;
            int p = last - 1;
            for (; p >= oppBase; p--) {
                c = b.count(p) + 1;
                if (c != 2 && c != 3) {
                    return sum; // a house is left before the chain: no grand slam
                }
                sum += c;
            }
            for (int q = last + 1, e = oppBase + n; q < e; q++) {
                if (b.count(q) != 0) {
                    return sum; // seeds are left beyond the last house: no grand slam
                }
            }
            return grandSlam(sum, b.count(last) + 1, grandSlam);
        }
        final int laps = seeds / (n2 - 1);
        final int rest = seeds % (n2 - 1);
        int last = origin + (rest == 0 ? n2 - 1 : rest);
        if (last >= n2) {
            last -= n2;
        }
        if (last < oppBase || last >= oppBase + n) {
            return 0;
        }
        int sum = 0;
        int p = last;
        for (; p >= oppBase; p--) {
            int c = b.count(p) + added(p, origin, n2, laps, rest);
            if (c != 2 && c != 3) {
                break;
            }
            sum += c;
        }
        if (sum == 0) {
            return 0;
        }
        if (p < oppBase) {
            // The chain reached the end of the row: a grand slam if no seeds are left beyond `last`.
            int beyond = 0;
            for (int q = last + 1; q < oppBase + n; q++) {
                beyond += b.count(q) + added(q, origin, n2, laps, rest);
            }
            if (beyond == 0) {
                return grandSlam(sum, b.count(last) + added(last, origin, n2, laps, rest), grandSlam);
            }
        }
        return sum;
    }

    private static int grandSlam(int sum, int lastHouse, GrandSlam grandSlam) {
        switch (grandSlam) {
            case NO_CAPTURE:
            case ILLEGAL:
                return 0;
            case SPARE_LAST:
                return sum - lastHouse;
            default:
                return sum; // capture-all, to-opponent: the capture happens (and the game ends)
        }
    }

    /** Seeds that sowing from {@code origin} adds to house {@code p != origin}. */
    private static int added(int p, int origin, int n2, int laps, int rest) {
        int j = p - origin;
        if (j < 0) {
            j += n2;
        }
        return j <= rest ? laps + 1 : laps;
    }

    /** The largest {@link #capture} of side {@code side} over its non-empty houses. */
    static int best(Board b, int side, GrandSlam grandSlam) {
        int best = 0;
        for (int m = 0, n = b.housesPerSide(); m < n; m++) {
            int c = capture(b, side, m, grandSlam);
            if (c > best) {
                best = c;
            }
        }
        return best;
    }
}
