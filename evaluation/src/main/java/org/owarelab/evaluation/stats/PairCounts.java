package org.owarelab.evaluation.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The pairs of players that met, with their W/D/L counts and, with virtual draws added, the games
 * {@code n} and points {@code s} of the first player of each pair: the data the Bradley-Terry
 * likelihood sees. Package-private plumbing of {@link BradleyTerry} and {@link EloBootstrap}.
 */
final class PairCounts {
    final int[] a;
    final int[] b;
    final long[][] wdl;
    final double virtualDraws;
    final double[] n;
    final double[] s;

    private PairCounts(int m, double virtualDraws) {
        a = new int[m];
        b = new int[m];
        wdl = new long[m][];
        n = new double[m];
        s = new double[m];
        this.virtualDraws = virtualDraws;
    }

    static PairCounts of(Crosstable t, double virtualDraws) {
        List<int[]> met = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            for (int j = i + 1; j < t.size(); j++) {
                if (t.wdl(i, j).games() > 0) {
                    met.add(new int[] {i, j});
                }
            }
        }
        PairCounts p = new PairCounts(met.size(), virtualDraws);
        for (int q = 0; q < met.size(); q++) {
            WinDrawLoss w = t.wdl(met.get(q)[0], met.get(q)[1]);
            p.a[q] = met.get(q)[0];
            p.b[q] = met.get(q)[1];
            p.wdl[q] = new long[] {w.wins(), w.draws(), w.losses()};
            p.set(q, w.wins(), w.draws(), w.losses());
        }
        return p;
    }

    /**
     * A bootstrap resample: each pair's games drawn with replacement from its own games (a
     * multinomial draw of its W/D/L counts), the same virtual draws added.
     */
    PairCounts resample(SplittableRandom rng) {
        PairCounts r = new PairCounts(a.length, virtualDraws);
        for (int q = 0; q < a.length; q++) {
            long games = wdl[q][0] + wdl[q][1] + wdl[q][2];
            double pWin = (double) wdl[q][0] / games;
            double pWinOrDraw = (double) (wdl[q][0] + wdl[q][1]) / games;
            long w = 0;
            long d = 0;
            for (long g = 0; g < games; g++) {
                double u = rng.nextDouble();
                if (u < pWin) {
                    w++;
                } else if (u < pWinOrDraw) {
                    d++;
                }
            }
            r.a[q] = a[q];
            r.b[q] = b[q];
            r.wdl[q] = new long[] {w, d, games - w - d};
            r.set(q, w, d, games - w - d);
        }
        return r;
    }

    /** Sets pair q's games to these counts plus the virtual draws. */
    private void set(int q, long wins, long draws, long losses) {
        n[q] = wins + draws + losses + virtualDraws;
        s[q] = wins + 0.5 * (draws + virtualDraws);
    }
}
