package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.owarelab.evaluation.stats.Rating;

class ChartsReferenceTest {
    @Test
    void fixedOpponentsAreDashedLinesAcrossTheTrainingRange() {
        EloSeries run = new EloSeries("a", List.of(new EloSeries.Point("c1", 100, 60, 200, 150, 250),
                new EloSeries.Point("c2", 300, 180, 400, 350, 450)));
        List<Rating> refs = List.of(new Rating("alphabeta:depth=1", 0, -50, 50, 40, 0.2),
                new Rating("alphabeta:depth=2", 310, 260, 360, 40, 0.6));
        XYChart steps = Charts.eloVsSteps(List.of(run), refs);
        XYSeries second = steps.getSeries("reference 1");
        assertArrayEquals(new double[] {100, 300}, second.getXData());
        assertArrayEquals(new double[] {310, 310}, second.getYData());
        // The run lasted 3 minutes, so time is in minutes: the same lines over 1..3.
        XYSeries first = Charts.eloVsTime(List.of(run), refs).getSeries("reference 0");
        assertArrayEquals(new double[] {1, 3}, first.getXData());
        assertEquals(2 + 1 + 0, Charts.eloVsSteps(List.of(run)).getSeriesCollection().size(), "no references: bars and line");
    }
}
