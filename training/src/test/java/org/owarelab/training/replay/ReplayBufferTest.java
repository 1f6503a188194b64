package org.owarelab.training.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.selfplay.PositionRecord;

class ReplayBufferTest {
    static final RecordLayout LAYOUT = new RecordLayout("tiny/1", RuleSet.parse("houses=4,seeds=3"), 10, 4);

    @TempDir
    Path dir;

    /** Record {@code k}: every field a distinct function of k. */
    static PositionRecord record(int k) {
        SplittableRandom r = new SplittableRandom(k);
        float[] obs = new float[10];
        for (int i = 0; i < obs.length; i++) {
            obs[i] = (float) r.nextDouble();
        }
        float[] pol = {0.1f * (k % 3), 0.2f, 0.3f, 0.5f - 0.1f * (k % 3)};
        return new PositionRecord(1000 + k / 7, k % 7, obs, 1 + k % 15, pol, k % 3 - 1, k % 41 - 20,
                (float) (r.nextDouble() * 2 - 1), k % 4 == 0 ? PositionRecord.RESIGNED : 0);
    }

    static ReplayBuffer filled(int window, int count, long seed) {
        ReplayBuffer b = new ReplayBuffer(LAYOUT, new ReplayConfig(window, 2.0, 0), seed);
        for (int k = 0; k < count; k++) {
            b.add(record(k));
        }
        return b;
    }

    static void assertRecord(PositionRecord want, PositionRecord got) {
        assertEquals(want.gameId(), got.gameId());
        assertEquals(want.ply(), got.ply());
        assertArrayEquals(want.observation(), got.observation());
        assertEquals(want.legalMask(), got.legalMask());
        assertArrayEquals(want.policy(), got.policy());
        assertEquals(want.result(), got.result());
        assertEquals(want.margin(), got.margin());
        assertEquals(want.rootValue(), got.rootValue());
        assertEquals(want.flags(), got.flags());
    }

    @Test
    void roundTripKeepsEveryFieldAndTheCounters() throws IOException {
        ReplayBuffer b = filled(50, 37, 1);
        b.sample(new Minibatch(LAYOUT, 5));
        Path f = dir.resolve("replay.bin");
        b.save(f);
        try (var files = Files.list(dir)) {
            assertEquals(List.of(f), files.toList(), "the temporary file is renamed away");
        }
        ReplayBuffer c = ReplayBuffer.load(f, LAYOUT, new ReplayConfig(50, 2.0, 0), 1);
        assertEquals(37, c.size());
        assertEquals(37, c.added());
        assertEquals(5, c.sampled());
        for (int k = 0; k < 37; k++) {
            assertRecord(record(k), c.get(k));
        }
    }

    @Test
    void theWindowKeepsTheMostRecentPositions() throws IOException {
        ReplayBuffer b = filled(10, 25, 1);
        assertEquals(10, b.size());
        assertEquals(25, b.added());
        for (int k = 0; k < 10; k++) {
            assertRecord(record(15 + k), b.get(k));
        }
        Path f = dir.resolve("r.bin");
        b.save(f);
        ReplayBuffer smaller = ReplayBuffer.load(f, LAYOUT, new ReplayConfig(4, 2.0, 0), 1);
        assertEquals(4, smaller.size());
        assertRecord(record(21), smaller.get(0));
        smaller.add(record(25));
        assertRecord(record(22), smaller.get(0));
        assertRecord(record(25), smaller.get(3));
    }

    @Test
    void samplingIsSeededAndSurvivesASaveAndLoad() throws IOException {
        ReplayBuffer a = filled(40, 60, 9);
        ReplayBuffer b = filled(40, 60, 9);
        Minibatch x = new Minibatch(LAYOUT, 16);
        Minibatch y = new Minibatch(LAYOUT, 16);
        a.sample(x);
        b.sample(y);
        assertArrayEquals(x.indices, y.indices);
        assertArrayEquals(x.observations, y.observations);
        Path f = dir.resolve("r.bin");
        a.save(f);
        ReplayBuffer c = ReplayBuffer.load(f, LAYOUT, new ReplayConfig(40, 2.0, 0), 9);
        a.sample(x);
        c.sample(y);
        assertArrayEquals(x.indices, y.indices, "the next batch after a reload is the one the run would have drawn");
        ReplayBuffer other = filled(40, 60, 10);
        other.sample(y);
        other.sample(y);
        assertFalse(Arrays.equals(x.indices, y.indices), "another seed, other samples");
    }

    @Test
    void minibatchRowsAreTheSampledPositions() {
        ReplayBuffer b = filled(30, 30, 3);
        Minibatch m = new Minibatch(LAYOUT, 64);
        b.sample(m);
        int[] counts = new int[30];
        for (int row = 0; row < 64; row++) {
            PositionRecord r = b.get(m.indices[row]);
            counts[m.indices[row]]++;
            assertArrayEquals(r.observation(), Arrays.copyOfRange(m.observations, row * 10, row * 10 + 10));
            assertArrayEquals(r.policy(), Arrays.copyOfRange(m.policies, row * 4, row * 4 + 4));
            assertEquals(r.legalMask(), m.masks[row], "the legal moves stay the record's bit mask");
            assertEquals(r.result(), m.results[row]);
            assertEquals(Math.max(-1f, Math.min(1f, r.margin() / 24f)), m.margins[row], "the margin over the 24 seeds");
            assertEquals(r.rootValue(), m.rootValues[row]);
            assertEquals(r.flags(), m.flags[row]);
        }
        assertTrue(Arrays.stream(counts).filter(c -> c > 0).count() > 15, "draws spread over the buffer");
    }

    @Test
    void theSampleBudgetFollowsTheRatio() {
        ReplayBuffer b = new ReplayBuffer(LAYOUT, new ReplayConfig(100, 2.5, 10), 1);
        for (int k = 0; k < 9; k++) {
            b.add(record(k));
        }
        assertEquals(0, b.samplesAllowed(), "below minPositions");
        for (int k = 9; k < 20; k++) {
            b.add(record(k));
        }
        assertEquals(50, b.samplesAllowed());
        b.sample(new Minibatch(LAYOUT, 32));
        assertEquals(18, b.samplesAllowed());
        b.sample(new Minibatch(LAYOUT, 32));
        assertEquals(0, b.samplesAllowed(), "overdrawn: nothing more until new positions arrive");
        b.add(record(20));
        b.add(record(21));
        b.add(record(22));
        b.add(record(23));
        b.add(record(24));
        b.add(record(25));
        assertEquals(1, b.samplesAllowed());
    }

    @Test
    void recordsOfTheWrongShapeAreRefused() {
        ReplayBuffer b = new ReplayBuffer(LAYOUT, new ReplayConfig(10, 1, 0), 1);
        PositionRecord r = record(1);
        assertThrows(IllegalArgumentException.class, () -> b.add(new PositionRecord(1, 0, new float[9], 1,
                r.policy(), 0, 0, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> b.add(new PositionRecord(1, 0, r.observation(), 0b10000,
                r.policy(), 0, 0, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> b.add(new PositionRecord(1, 0, r.observation(), 1,
                r.policy(), 2, 0, 0, 0)));
    }

    private ReplayFormatException refused(Path f, RecordLayout layout) {
        ReplayFormatException e = assertThrows(ReplayFormatException.class,
                () -> ReplayBuffer.load(f, layout, new ReplayConfig(50, 2.0, 0), 1));
        assertTrue(e.getMessage().contains(f.toString()), "the message names the file: " + e.getMessage());
        return e;
    }

    @Test
    void truncatedCorruptForeignAndMismatchedFilesAreRefused() throws IOException {
        Path good = dir.resolve("good.bin");
        filled(50, 20, 1).save(good);
        byte[] bytes = Files.readAllBytes(good);

        Path cut = dir.resolve("cut.bin");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 30));
        assertTrue(refused(cut, LAYOUT).getMessage().contains("truncated"));

        Path tiny = dir.resolve("tiny.bin");
        Files.write(tiny, Arrays.copyOf(bytes, 20));
        assertTrue(refused(tiny, LAYOUT).getMessage().contains("truncated"));

        Path flipped = dir.resolve("flipped.bin");
        byte[] f = bytes.clone();
        f[f.length - 40] ^= 0x10; // inside the last record's policy
        Files.write(flipped, f);
        assertTrue(refused(flipped, LAYOUT).getMessage().contains("checksum"));

        Path foreign = dir.resolve("foreign.bin");
        Files.writeString(foreign, "this is not a replay buffer but long enough to have a header, really it is long");
        assertTrue(refused(foreign, LAYOUT).getMessage().contains("not a replay buffer file"));

        Path future = dir.resolve("future.bin");
        byte[] v = bytes.clone();
        ByteBuffer.wrap(v).putInt(8, 2);
        Files.write(future, v);
        assertTrue(refused(future, LAYOUT).getMessage().contains("format version 2"));

        RecordLayout planes = new RecordLayout("planes/1", LAYOUT.rules(), 10, 4);
        ReplayFormatException mismatch = refused(good, planes);
        assertTrue(mismatch.getMessage().contains("tiny/1") && mismatch.getMessage().contains("planes/1"),
                mismatch.getMessage());
    }

    @Test
    void aStaleTemporaryFileFromAKilledSaveIsHarmless() throws IOException {
        Path f = dir.resolve("replay.bin");
        filled(50, 12, 1).save(f);
        Files.write(dir.resolve("replay.bin.tmp"), new byte[] {1, 2, 3});
        assertEquals(12, ReplayBuffer.load(f, LAYOUT, new ReplayConfig(50, 2.0, 0), 1).size());
        filled(50, 13, 1).save(f);
        assertEquals(13, ReplayBuffer.load(f, LAYOUT, new ReplayConfig(50, 2.0, 0), 1).size());
    }
}
