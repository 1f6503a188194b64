package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.RuleSet;

/**
 * The build's progress within a seed count: the moves listed, then each threshold of the bounds
 * (with the positions solved so far, never going down nor past the layer) and of the refinement.
 */
class TableProgressTest {
    private static final Pattern MOVES = Pattern.compile("tables: (\\d+) seeds: moves of (\\d+)/(\\d+) positions listed, \\d+ s");
    private static final Pattern BOUNDS = Pattern.compile(
            "tables: (\\d+) seeds: bounds, threshold (\\d+) of (\\d+), (\\d+)/(\\d+) positions solved, \\d+ s");
    private static final Pattern REFINEMENT = Pattern.compile("tables: (\\d+) seeds: refinement, threshold (\\d+) of (\\d+), \\d+ s");
    private static final Pattern LAYER = Pattern.compile("tables: (\\d+) seeds: (\\d+) positions, (\\d+) moves inside the layer,"
            + " (\\d+) with lo<hi .*");

    @Test
    void linesFollowThePhasesOfEachLayer() {
        List<String> lines = new ArrayList<>();
        new TableBuilder(RuleSet.DEFAULT, 6, 1, lines::add).progressEvery(0).build();
        int layerLines = 0;
        int boundsLines = 0;
        int refinementLines = 0;
        long lastSolved = -1;
        int lastThreshold = Integer.MAX_VALUE;
        for (String line : lines) {
            Matcher moves = MOVES.matcher(line);
            Matcher bounds = BOUNDS.matcher(line);
            Matcher refinement = REFINEMENT.matcher(line);
            Matcher layer = LAYER.matcher(line);
            if (moves.matches()) {
                assertEquals(layerLines, Integer.parseInt(moves.group(1)), line);
                assertTrue(Long.parseLong(moves.group(2)) <= Long.parseLong(moves.group(3)), line);
            } else if (bounds.matches()) {
                assertEquals(layerLines, Integer.parseInt(bounds.group(1)), line);
                int t = Integer.parseInt(bounds.group(2));
                assertTrue(t < lastThreshold && t >= 1, "thresholds fall from n to 1: " + line);
                lastThreshold = t;
                long solved = Long.parseLong(bounds.group(4));
                assertTrue(solved <= Long.parseLong(bounds.group(5)), line);
                assertTrue(solved >= lastSolved, "solved positions never go down: " + line);
                lastSolved = solved;
                boundsLines++;
            } else if (refinement.matches()) {
                assertEquals(layerLines, Integer.parseInt(refinement.group(1)), line);
                refinementLines++;
            } else {
                assertTrue(layer.matches(), line);
                assertEquals(layerLines, Integer.parseInt(layer.group(1)), line);
                assertTrue(Long.parseLong(layer.group(4)) <= Long.parseLong(layer.group(2)), line);
                if (layerLines > 0) {
                    assertEquals(1, lastThreshold, "the bounds went down to threshold 1 before the layer's line");
                }
                layerLines++;
                lastSolved = -1;
                lastThreshold = Integer.MAX_VALUE;
            }
        }
        assertEquals(7, layerLines, "one line per layer, 0 to 6 seeds");
        assertEquals(6 * 7 / 2, boundsLines, "one bounds line per threshold, 1..n for n = 1..6");
        assertEquals(6 * 7, refinementLines, "two phases of n thresholds each for n = 1..6");
    }
}
