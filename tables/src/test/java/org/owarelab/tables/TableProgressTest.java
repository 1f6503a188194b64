package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.RuleSet;

/** The build's progress within a seed count: positions solved after each sweep, never more than the layer. */
class TableProgressTest {
    private static final Pattern SWEEP = Pattern.compile("tables: (\\d+) seeds: sweep (\\d+), (\\d+)/(\\d+) positions solved, \\d+ s");

    @Test
    void sweepLinesCountThePositionsSolvedSoFar() {
        List<String> lines = new ArrayList<>();
        new TableBuilder(RuleSet.DEFAULT, 6, 1, lines::add).progressEvery(0).build();
        int sweepLines = 0;
        int layerLines = 0;
        long lastSolved = -1;
        int lastLayer = -1;
        for (String line : lines) {
            Matcher m = SWEEP.matcher(line);
            if (m.matches()) {
                int layer = Integer.parseInt(m.group(1));
                long solved = Long.parseLong(m.group(3));
                assertTrue(solved <= Long.parseLong(m.group(4)), line);
                if (layer == lastLayer) {
                    assertTrue(solved >= lastSolved, "solved positions never go down: " + line);
                }
                lastLayer = layer;
                lastSolved = solved;
                sweepLines++;
            } else {
                assertTrue(line.startsWith("tables: " + layerLines + " seeds: "), line);
                layerLines++;
            }
        }
        assertEquals(7, layerLines, "one line per layer, 0 to 6 seeds");
        assertTrue(sweepLines > 0, lines.toString());
    }
}
