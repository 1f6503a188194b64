package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.owarelab.evaluation.accuracy.Accuracy;

/** The accuracy chart: rates in percent by seed count, seed counts without positions left out. */
class ChartsAccuracyTest {
    @Test
    void ratesArePercentagesBySeedsAndEmptyRowsAreLeftOut() {
        List<Accuracy.Row> rows = List.of(new Accuracy.Row(2, 10, 9, 10, 0, 0, 0, 1),
                new Accuracy.Row(3, 0, 0, 0, 0, 0, 0, 1), new Accuracy.Row(4, 20, 5, 10, 0, 0, 0, 1));
        XYChart chart = Charts.accuracy("random (movetime 1)", rows);
        assertEquals("Accuracy against perfect play: random (movetime 1)", chart.getTitle());
        XYSeries optimal = chart.getSeries("optimal move");
        assertArrayEquals(new double[] {2, 4}, optimal.getXData());
        assertArrayEquals(new double[] {90, 25}, optimal.getYData(), 1e-9);
        XYSeries kept = chart.getSeries("outcome kept");
        assertArrayEquals(new double[] {100, 50}, kept.getYData(), 1e-9);
        double[] ci = rows.get(2).outcomeInterval();
        assertEquals(100 * Math.max(0.5 - ci[0], ci[1] - 0.5), kept.getExtraValues()[1], 1e-9, "error bar: the wider side");
    }
}
