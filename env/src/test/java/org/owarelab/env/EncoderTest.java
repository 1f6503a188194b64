package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class EncoderTest {
    private static final List<RuleSet> RULES = List.of(RuleSet.DEFAULT, RuleSet.parse("houses=3,seeds=3"),
            RuleSet.parse("grand-slam=illegal,houses=4,seeds=2"), RuleSet.parse("houses=8,seeds=8"));

    @Test
    void compactIsCountsOverTotalFromTheMover() {
        Board b = new Board();
        b.play(5); // South F: North to move with a..d = 5, e, f = 4; South A..E = 4, F = 0 (RULES.md example 1)
        float[] out = new float[14];
        new CompactEncoder(RuleSet.DEFAULT).encode(b, out, 0);
        float[] expected = {5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0};
        for (int i = 0; i < 14; i++) {
            expected[i] /= 48f;
        }
        assertArrayEquals(expected, out);
    }

    @Test
    void compactPutsTheMoversStoreFirst() {
        Board b = new Board(Position.parse("0-0-0-0-0-1-1-1-0-0-0-0-24-21-N", RuleSet.DEFAULT));
        float[] out = new float[14];
        new CompactEncoder(RuleSet.DEFAULT).encode(b, out, 0);
        assertEquals(1f / 48, out[0]); // North's a
        assertEquals(1f / 48, out[1]); // North's b
        assertEquals(1f / 48, out[11]); // South's F
        assertEquals(21f / 48, out[12]); // the mover's (North's) store
        assertEquals(24f / 48, out[13]);
    }

    @Test
    void planesHoldThermometerCaptureOwnerLegalStoresAndProgress() {
        // South to move: A=5, B=1, C=2, D=0, E=0, F=13; North a=2 rest 0; stores 10 and 15 (48 in all).
        Board b = new Board(Position.parse("5-1-2-0-0-13-2-0-0-0-0-0-10-15-S", RuleSet.DEFAULT));
        PlanesEncoder enc = new PlanesEncoder(RuleSet.DEFAULT);
        assertArrayEquals(new int[] {19, 12}, enc.shape());
        float[] out = new float[enc.size()];
        enc.encode(b, out, 0);
        int w = 12;
        int[] counts = {5, 1, 2, 0, 0, 13, 2, 0, 0, 0, 0, 0};
        for (int k = 0; k < w; k++) {
            for (int t = 0; t < 12; t++) {
                assertEquals(counts[k] > t ? 1f : 0f, out[t * w + k], "thermometer " + t + " of house " + k);
            }
            assertEquals(counts[k] / 48f, out[12 * w + k]);
            assertEquals(counts[k] == 1 || counts[k] == 2 ? 1f : 0f, out[13 * w + k], "capture-able " + k);
            assertEquals(k < 6 ? 1f : 0f, out[14 * w + k], "owner " + k);
            assertEquals(k < 6 && counts[k] > 0 ? 1f : 0f, out[15 * w + k], "legal " + k);
            assertEquals(10f / 48, out[16 * w + k]);
            assertEquals(15f / 48, out[17 * w + k]);
            assertEquals(0f, out[18 * w + k]);
        }
        b.play(0);
        enc.encode(b, out, 0);
        assertEquals(1f / 300, out[18 * w], "ply progress after one ply");
    }

    @Test
    void swappingSidesGivesTheSameEncoding() {
        for (RuleSet rules : RULES) {
            for (String id : Encoders.ids()) {
                ObservationEncoder enc = Encoders.create(id, rules);
                float[] a = new float[enc.size()];
                float[] b = new float[enc.size()];
                SeedStream random = new SeedStream(rules.hashCode());
                Board game = new Board(rules);
                for (int i = 0; i < 2000; i++) {
                    if (game.isOver() || game.ply() > 200) {
                        game.set(Position.start(rules));
                    }
                    Position p = game.position();
                    enc.encode(new Board(p), a, 0);
                    enc.encode(new Board(swapped(p)), b, 0);
                    assertArrayEquals(a, b, () -> enc.tag() + " " + rules + " " + p + " vs " + swapped(p));
                    game.play(random.pick(game.legalMask()));
                }
            }
        }
    }

    /** The same position seen from the other seat: houses rotated by n, stores and side to move swapped. */
    private static Position swapped(Position p) {
        int n2 = 2 * p.rules().houses();
        int[] h = new int[n2];
        for (int i = 0; i < n2; i++) {
            h[i] = p.house((i + n2 / 2) % n2);
        }
        return new Position(p.rules(), h, p.store(1), p.store(0), 1 - p.toMove());
    }

    @Test
    void sizesFollowTheHouses() {
        for (RuleSet rules : RULES) {
            int n = rules.houses();
            assertEquals(2 * n + 2, new CompactEncoder(rules).size());
            assertArrayEquals(new int[] {2 * n + 2}, new CompactEncoder(rules).shape());
            PlanesEncoder p = new PlanesEncoder(rules);
            assertArrayEquals(new int[] {2 * n + 7, 2 * n}, p.shape());
            assertEquals((2 * n + 7) * 2 * n, p.size());
        }
    }

    @Test
    void encodersWriteOnlyTheirSlot() {
        for (String id : Encoders.ids()) {
            ObservationEncoder enc = Encoders.create(id, RuleSet.DEFAULT);
            float[] out = new float[3 * enc.size()];
            java.util.Arrays.fill(out, -7f);
            enc.encode(new Board(), out, enc.size());
            for (int i = 0; i < out.length; i++) {
                boolean inSlot = i >= enc.size() && i < 2 * enc.size();
                assertTrue(inSlot ? out[i] >= 0f && out[i] <= 1f : out[i] == -7f, id + " at " + i);
            }
        }
    }

    @Test
    void createByIdOrTagAndRefuseOtherVersions() {
        assertEquals("compact/1", Encoders.create("compact", RuleSet.DEFAULT).tag());
        assertEquals("planes/1", Encoders.create("planes/1", RuleSet.DEFAULT).tag());
        EncoderMismatchException v = assertThrows(EncoderMismatchException.class,
                () -> Encoders.create("planes/2", RuleSet.DEFAULT));
        assertTrue(v.getMessage().startsWith("encoder mismatch: expected planes/2 (as recorded), but this environment "
                + "encodes planes/1"), v.getMessage());
        EncoderMismatchException m = assertThrows(EncoderMismatchException.class,
                () -> Encoders.requireTag(new CompactEncoder(RuleSet.DEFAULT), "planes/1"));
        assertTrue(m.getMessage().contains("expected planes/1") && m.getMessage().contains("encodes compact/1"));
        Encoders.requireTag(new CompactEncoder(RuleSet.DEFAULT), "compact/1");
        EnvConfigException unknown = assertThrows(EnvConfigException.class, () -> Encoders.create("image", RuleSet.DEFAULT));
        assertEquals("encoder 'image': expected one of compact, planes", unknown.getMessage());
    }
}
