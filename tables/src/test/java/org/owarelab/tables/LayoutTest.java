package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LayoutTest {
    @Test
    void layoutsAndIndicesAreInverseBijections() {
        for (int k : new int[] {4, 12}) {
            Layout layout = new Layout(k, 6);
            for (int n = 0; n <= 6; n++) {
                Set<String> seen = new HashSet<>();
                int[] c = new int[k];
                for (long i = 0; i < layout.count(n); i++) {
                    layout.layout(n, i, c);
                    assertEquals(n, Arrays.stream(c).sum(), "seed total of layout " + i);
                    assertTrue(Arrays.stream(c).allMatch(x -> x >= 0));
                    assertEquals(i, layout.index(c));
                    assertTrue(seen.add(Arrays.toString(c)), "layout repeated: " + Arrays.toString(c));
                }
            }
        }
    }

    @Test
    void countsAreTheBinomials() {
        Layout layout = new Layout(12, 20);
        assertEquals(1, layout.count(0));
        assertEquals(12, layout.count(1));
        assertEquals(1_352_078, layout.count(12)); // C(23, 11)
        assertEquals(84_672_315, layout.count(20)); // C(31, 11)
    }

    @Test
    void firstAndLastLayoutsOfALayer() {
        Layout layout = new Layout(4, 5);
        int[] c = new int[4];
        layout.layout(5, 0, c);
        assertArrayEquals(new int[] {0, 0, 0, 5}, c);
        layout.layout(5, layout.count(5) - 1, c);
        assertArrayEquals(new int[] {5, 0, 0, 0}, c);
    }
}
