package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The time left as progress lines write it, in the style of {@code oware match}. */
class ProgressTest {
    @Test
    void durationsReadAsMatchWritesThem() {
        assertEquals("", Progress.duration(Double.NaN), "not known before the first unit");
        assertEquals("~0 s", Progress.duration(0.2));
        assertEquals("~31 s", Progress.duration(31.4));
        assertEquals("~2 min", Progress.duration(100));
        assertEquals("~89 min", Progress.duration(5340));
        assertEquals("~1.5 h", Progress.duration(5400));
    }
}
