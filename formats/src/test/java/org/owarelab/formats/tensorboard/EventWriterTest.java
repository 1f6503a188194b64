package org.owarelab.formats.tensorboard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's framing and encoding against bytes that TensorBoard's own Python code produced
 * (tensorboard 2.21.0: {@code masked_crc32c}, {@code RecordWriter}, {@code Event.SerializeToString});
 * the files read back by TensorBoard's reader are checked in the training module's tests.
 */
class EventWriterTest {
    private static final HexFormat HEX = HexFormat.of();

    @TempDir
    Path dir;

    @Test
    void maskedCrcMatchesTensorBoards() {
        // tensorboard.compat.tensorflow_stub.pywrap_tensorflow.masked_crc32c
        assertEquals(421273531, Integer.toUnsignedLong(EventWriter.maskedCrc("hello".getBytes(StandardCharsets.US_ASCII))));
        assertEquals(2726488792L, Integer.toUnsignedLong(EventWriter.maskedCrc(new byte[0])));
        byte[] five = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(5).array();
        assertEquals(1040495338, Integer.toUnsignedLong(EventWriter.maskedCrc(five)));
    }

    @Test
    void scalarEventIsFramedAsTensorBoardFramesIt() throws IOException {
        Path file = dir.resolve("events.out.tfevents.1.test");
        try (EventWriter w = EventWriter.create(file, () -> 1.5)) {
            w.scalar("loss", 3, 0.25);
        }
        byte[] bytes = Files.readAllBytes(file);
        List<byte[]> records = records(bytes);
        assertEquals(2, records.size());
        // Event(wall_time=1.5, step=3, summary=Summary(value=[Value(tag="loss", simple_value=0.25)])):
        // its SerializeToString, then the frame that tensorboard.summary.writer.record_writer.RecordWriter writes
        assertEquals("09000000000000f83f10032a0d0a0b0a046c6f7373150000803e", HEX.formatHex(records.get(1)));
        String frame = "1a00000000000000129bd82d09000000000000f83f10032a0d0a0b0a046c6f7373150000803ed054b255";
        assertTrue(HEX.formatHex(bytes).endsWith(frame), HEX.formatHex(bytes));
        String first = new String(records.get(0), StandardCharsets.ISO_8859_1);
        assertTrue(first.contains(EventWriter.FILE_VERSION), first);
    }

    @Test
    void nonFiniteScalarsAndEmptyHistogramsAreLeftOut() throws IOException {
        Path file = dir.resolve("events.out.tfevents.2.test");
        try (EventWriter w = EventWriter.create(file, () -> 1.0)) {
            w.scalar("a", 1, Double.NaN);
            w.histogram("h", 1, new double[] {Double.POSITIVE_INFINITY});
            w.scalar("b", 1, 2.0);
        }
        assertEquals(2, records(Files.readAllBytes(file)).size());
    }

    @Test
    void frameChecksumsTheLengthAndTheData() {
        byte[] data = "xyz".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.wrap(EventWriter.frame(data)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(3, b.getLong());
        assertEquals(EventWriter.maskedCrc(HEX.parseHex("0300000000000000")), b.getInt());
        byte[] got = new byte[3];
        b.get(got);
        assertArrayEquals(data, got);
        assertEquals(EventWriter.maskedCrc(data), b.getInt());
        assertEquals(0, b.remaining());
    }

    @Test
    void anExistingFileIsNeverAppendedTo() throws IOException {
        Path file = Files.writeString(dir.resolve("events.out.tfevents.3.test"), "x");
        assertThrows(FileAlreadyExistsException.class, () -> EventWriter.create(file, () -> 1.0));
    }

    @Test
    void createNamesTheFileAsTensorFlowDoes() throws IOException {
        try (EventWriter a = EventWriter.create(dir.resolve("sub")); EventWriter b = EventWriter.create(dir.resolve("sub"))) {
            assertTrue(a.file().getFileName().toString().startsWith("events.out.tfevents."), a.file().toString());
            assertTrue(!a.file().equals(b.file()));
        }
    }

    @Test
    void keepUpToDropsLaterStepsAndATornTail() throws IOException {
        Path file = dir.resolve("events.out.tfevents.4.test");
        try (EventWriter w = EventWriter.create(file, () -> 1.0)) {
            for (int step = 1; step <= 4; step++) {
                w.scalar("x", step, step);
                w.histogram("h", step, new double[] {step, 2 * step});
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        List<Long> steps = records(EventWriter.keepUpTo(bytes, 2)).stream().map(EventWriter::step).toList();
        assertEquals(List.of(0L, 1L, 1L, 2L, 2L), steps, "file_version, then steps 1 and 2");
        byte[] torn = java.util.Arrays.copyOf(bytes, bytes.length - 3);
        assertEquals(1 + 2 * 4 - 1, records(EventWriter.keepUpTo(torn, 99)).size(), "the torn last record is dropped");
        byte[] damaged = bytes.clone();
        damaged[damaged.length - 10] ^= 1;
        assertEquals(1 + 2 * 4 - 1, records(EventWriter.keepUpTo(damaged, 99)).size(), "a bad checksum ends the file");
    }

    /** The records' data, each frame's checksums checked. */
    static List<byte[]> records(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<byte[]> out = new ArrayList<>();
        while (b.hasRemaining()) {
            int start = b.position();
            long n = b.getLong();
            byte[] len = new byte[8];
            System.arraycopy(bytes, start, len, 0, 8);
            assertEquals(EventWriter.maskedCrc(len), b.getInt());
            byte[] data = new byte[(int) n];
            b.get(data);
            assertEquals(EventWriter.maskedCrc(data), b.getInt());
            out.add(data);
        }
        return out;
    }
}
