package org.owarelab.agents.puct;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The PUCT exploration scale {@code c(N) * sqrt(max(1, N))} of a node whose children have
 * {@code N} visits, with {@code c(N) = cPuct + log((N + cBase + 1) / cBase)}. Selection needs it
 * at every level of every simulation, and a logarithm and a square root there were a large share
 * of the search's time; it depends only on the integer N, so it is tabulated once per
 * (cPuct, cBase) and shared by every tree (immutable, thread-safe). The values are computed by
 * the same expression, so searches are bit-for-bit what they were.
 */
final class ExplorationScale {
    private static final int TABLE = 1 << 14;
    private static final Map<String, ExplorationScale> SHARED = new ConcurrentHashMap<>();

    private final PuctConfig cfg;
    private final double[] table = new double[TABLE];

    private ExplorationScale(PuctConfig cfg) {
        this.cfg = cfg;
        for (int n = 0; n < TABLE; n++) {
            table[n] = compute(n);
        }
    }

    /** The scale for {@code cfg}'s exploration constants. */
    static ExplorationScale of(PuctConfig cfg) {
        return SHARED.computeIfAbsent(cfg.cPuct() + "/" + cfg.cBase(), k -> new ExplorationScale(cfg));
    }

    /** {@code c(N) * sqrt(max(1, N))} for {@code childVisits} = N (tabulated below 16384). */
    double scale(int childVisits) {
        return childVisits >= 0 && childVisits < TABLE ? table[childVisits] : compute(childVisits);
    }

    private double compute(double childN) {
        return Selection.cpuct(cfg, childN) * Math.sqrt(Math.max(1.0, childN));
    }
}
