package org.owarelab.training.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LrScheduleTest {
    @Test
    void warmUpRisesLinearlyToOne() {
        LrSchedule s = LrSchedule.constant(4);
        assertEquals(0.25, s.factor(0), 1e-12);
        assertEquals(0.5, s.factor(1), 1e-12);
        assertEquals(1.0, s.factor(3), 1e-12);
        assertEquals(1.0, s.factor(1000), 1e-12);
        assertEquals(1.0, LrSchedule.constant(0).factor(0), 1e-12);
    }

    @Test
    void cosineFallsFromOneToTheFloorAndStays() {
        LrSchedule s = LrSchedule.cosine(10, 110, 0.1);
        assertEquals(1.0, s.factor(10), 1e-12);
        assertEquals(0.1 + 0.9 * 0.5, s.factor(60), 1e-12); // half way: cos(pi/2) = 0
        assertEquals(0.1, s.factor(110), 1e-12);
        assertEquals(0.1, s.factor(5000), 1e-12);
    }

    @Test
    void stepDecaysByGammaEveryStepEvery() {
        LrSchedule s = LrSchedule.step(0, 100, 0.5);
        assertEquals(1.0, s.factor(99), 1e-12);
        assertEquals(0.5, s.factor(100), 1e-12);
        assertEquals(0.125, s.factor(350), 1e-12);
    }

    @Test
    void badSchedulesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> LrSchedule.cosine(10, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> LrSchedule.cosine(0, 10, 1.5));
        assertThrows(IllegalArgumentException.class, () -> LrSchedule.step(0, 0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> LrSchedule.step(0, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> LrSchedule.constant(-1));
    }
}
