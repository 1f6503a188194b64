package org.owarelab.formats.tensorboard;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.zip.CRC32C;

/**
 * Writes one TensorBoard event file ({@code events.out.tfevents.SECS.HOST.PID.N}), so that
 * {@code tensorboard --logdir DIR} shows scalars, histograms and text that a Java process logs;
 * no maintained Java library writes these files. The file is a sequence of records, each framed
 * as TensorFlow's TFRecord: uint64 little-endian length, uint32 masked CRC32C of the length's
 * bytes, the data, uint32 masked CRC32C of the data. Each record's data is one {@code Event}
 * message of TensorBoard's {@code event.proto}, encoded field by field with protobuf's
 * {@link CodedOutputStream} (no generated classes); the first event carries
 * {@code file_version "brain.Event:2"}.
 *
 * <p>Field numbers (tensorboard/compat/proto): Event {wall_time 1 double, step 2 int64,
 * file_version 3, summary 5, session_log 7}; Summary {value 1}; Summary.Value {tag 1,
 * simple_value 2 float, histo 5, tensor 8, metadata 9}; HistogramProto {min 1, max 2, num 3,
 * sum 4, sum_squares 5, bucket_limit 6 packed, bucket 7 packed}; SessionLog {status 1 (START 1),
 * msg 3}; SummaryMetadata {plugin_data 1 {plugin_name 1, content 2}}; TensorProto {dtype 1
 * (DT_STRING 7), tensor_shape 2, string_val 8}; the hparams plugin's HParamsPluginData
 * {session_start_info 3 {hparams 1 (map of google.protobuf.Value {number_value 2, string_value 3,
 * bool_value 4})}}.
 *
 * <p>The file is append-only: a record reaches the disk at {@link #flush} or {@link #close}; a
 * process killed mid-record leaves a torn last record, which TensorBoard's reader skips. A
 * resumed writer opens a new file and starts it with {@link #sessionStart}, which makes the
 * reader drop what earlier files logged at that step and after. Not thread-safe: one thread
 * writes.
 */
public final class EventWriter implements Closeable {
    /** The {@code file_version} of the first event, as TensorFlow writes it. */
    public static final String FILE_VERSION = "brain.Event:2";
    /** Buckets of a histogram between its smallest and largest value. */
    static final int BUCKETS = 30;
    private static final int MASK_DELTA = 0xa282ead8;
    private static final java.util.concurrent.atomic.AtomicLong FILES = new java.util.concurrent.atomic.AtomicLong();

    private final Path file;
    private final OutputStream out;
    private final DoubleSupplier clock;

    private EventWriter(Path file, DoubleSupplier clock) throws IOException {
        this.file = file;
        this.clock = clock;
        this.out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE));
        record(event(clock.getAsDouble(), 0, 3, stringField(FILE_VERSION)));
        flush();
    }

    /**
     * Opens a new event file in {@code dir} (created if needed), named as TensorFlow names them,
     * with the wall clock's seconds, this host's name, the process id and a counter, so two
     * writers never share a file.
     */
    public static EventWriter create(Path dir) throws IOException {
        Files.createDirectories(dir);
        double now = System.currentTimeMillis() / 1000.0;
        String name = String.format(Locale.ROOT, "events.out.tfevents.%010d.%s.%d.%d", (long) now, host(),
                ProcessHandle.current().pid(), FILES.getAndIncrement());
        return new EventWriter(dir.resolve(name), () -> System.currentTimeMillis() / 1000.0);
    }

    /** A writer of {@code file} whose events carry {@code clock}'s wall time (tests: a fixed clock). */
    static EventWriter create(Path file, DoubleSupplier clock) throws IOException {
        return new EventWriter(file, clock);
    }

    /** The file this writer appends to. */
    public Path file() {
        return file;
    }

    /** Logs {@code value} under {@code tag} at {@code step}; a NaN or infinite value is left out. */
    public void scalar(String tag, long step, double value) {
        if (!Double.isFinite(value)) {
            return;
        }
        summary(step, tag, v -> v.writeFloat(2, (float) value));
    }

    /**
     * Logs the distribution of {@code values} under {@code tag} at {@code step}: count, sum, sum of
     * squares, min, max and {@value #BUCKETS} equal buckets between min and max (NaN and infinite
     * values are left out; nothing is logged when none remain).
     */
    public void histogram(String tag, long step, double[] values) {
        double[] xs = Arrays.stream(values).filter(Double::isFinite).toArray();
        if (xs.length == 0) {
            return;
        }
        double min = Arrays.stream(xs).min().getAsDouble();
        double max = Arrays.stream(xs).max().getAsDouble();
        double sum = 0;
        double squares = 0;
        for (double x : xs) {
            sum += x;
            squares += x * x;
        }
        int n = max > min ? BUCKETS : 1;
        double[] limits = new double[n];
        double[] counts = new double[n];
        for (int i = 0; i < n; i++) {
            limits[i] = i == n - 1 ? max : min + (max - min) * (i + 1) / n;
        }
        for (double x : xs) {
            int i = n == 1 ? 0 : (int) Math.min(n - 1, Math.floor((x - min) / (max - min) * n));
            counts[i]++;
        }
        double s = sum;
        double q = squares;
        summary(step, tag, v -> v.writeByteArray(5, message(h -> {
            h.writeDouble(1, min);
            h.writeDouble(2, max);
            h.writeDouble(3, xs.length);
            h.writeDouble(4, s);
            h.writeDouble(5, q);
            packed(h, 6, limits);
            packed(h, 7, counts);
        })));
    }

    /** Logs {@code markdown} under {@code tag} at {@code step}, for TensorBoard's Text dashboard. */
    public void text(String tag, long step, String markdown) {
        byte[] meta = message(m -> m.writeByteArray(1, message(p -> p.writeString(1, "text"))));
        byte[] tensor = message(t -> {
            t.writeEnum(1, 7); // DT_STRING
            t.writeByteArray(2, new byte[0]); // a scalar: a shape with no dimensions
            t.writeBytes(8, ByteString.copyFrom(markdown, StandardCharsets.UTF_8));
        });
        summary(step, tag, v -> {
            v.writeByteArray(8, tensor);
            v.writeByteArray(9, meta);
        });
    }

    /**
     * Logs the run's hyperparameters for TensorBoard's HParams dashboard (a SessionStartInfo of
     * the hparams plugin under {@code _hparams_/session_start_info}): each value a number, a
     * boolean or, for anything else, its text. The dashboard lists every run that logged one,
     * its hyperparameters against the run's scalars.
     */
    public void hparams(long step, java.util.Map<String, ?> values) {
        byte[] start = message(info -> {
            for (var e : values.entrySet()) {
                Object v = e.getValue();
                byte[] value = message(x -> {
                    if (v instanceof Number n) {
                        x.writeDouble(2, n.doubleValue());
                    } else if (v instanceof Boolean b) {
                        x.writeBool(4, b);
                    } else {
                        x.writeString(3, String.valueOf(v));
                    }
                });
                info.writeByteArray(1, message(entry -> { // map<string, google.protobuf.Value> entry
                    entry.writeString(1, e.getKey());
                    entry.writeByteArray(2, value);
                }));
            }
        });
        byte[] content = message(d -> d.writeByteArray(3, start)); // HParamsPluginData.session_start_info
        byte[] meta = message(m -> m.writeByteArray(1, message(p -> {
            p.writeString(1, "hparams");
            p.writeByteArray(2, content);
        })));
        summary(step, "_hparams_/session_start_info", v -> v.writeByteArray(9, meta));
    }

    /**
     * Logs a session start at {@code step}: TensorBoard's reader then drops every event of this
     * run logged before it at {@code step} or later (what a killed session logged past its resume
     * point).
     */
    public void sessionStart(long step, String message) {
        record(event(clock.getAsDouble(), step, 7, message(s -> {
            s.writeEnum(1, 1); // START
            s.writeString(3, message);
        })));
    }

    /** Writes the buffered records to the file. */
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + file, e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /**
     * The records of an event file's {@code bytes} whose step is at most {@code maxStep}, framed
     * as they were: what a resumed run keeps of the files a killed session wrote, so that no
     * reader (TensorBoard's Python reader or its data server) sees a generation twice. Reading
     * stops at the first record that is cut short or fails its checksums (a kill mid-write).
     */
    public static byte[] keepUpTo(byte[] bytes, long maxStep) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        while (b.remaining() >= 12) {
            int start = b.position();
            long n = b.getLong();
            int lengthCrc = b.getInt();
            if (lengthCrc != maskedCrc(Arrays.copyOfRange(bytes, start, start + 8)) || n > b.remaining() - 4) {
                break;
            }
            byte[] data = new byte[(int) n];
            b.get(data);
            if (b.getInt() != maskedCrc(data)) {
                break;
            }
            if (step(data) <= maxStep) {
                kept.write(bytes, start, b.position() - start);
            }
        }
        return kept.toByteArray();
    }

    /** The {@code step} field of an encoded Event (0 when absent, as protobuf reads it). */
    static long step(byte[] event) {
        try {
            CodedInputStream in = CodedInputStream.newInstance(event);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (tag == (2 << 3)) { // field 2, varint
                    return in.readInt64();
                }
                in.skipField(tag);
            }
            return 0;
        } catch (IOException e) {
            return Long.MAX_VALUE; // not an Event: dropped
        }
    }

    /** TFRecord framing of one record's {@code data}. */
    static byte[] frame(byte[] data) {
        ByteBuffer b = ByteBuffer.allocate(8 + 4 + data.length + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(data.length);
        b.putInt(maskedCrc(Arrays.copyOf(b.array(), 8)));
        b.put(data);
        b.putInt(maskedCrc(data));
        return b.array();
    }

    /** TFRecord's masked CRC32C: the checksum rotated right by 15 bits, plus a constant. */
    static int maskedCrc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        int c = (int) crc.getValue();
        return ((c >>> 15) | (c << 17)) + MASK_DELTA;
    }

    private void summary(long step, String tag, Fields value) {
        byte[] v = message(x -> {
            x.writeString(1, tag);
            value.write(x);
        });
        record(event(clock.getAsDouble(), step, 5, message(s -> s.writeByteArray(1, v))));
    }

    private void record(byte[] event) {
        try {
            out.write(frame(event));
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + file, e);
        }
    }

    /** An Event with its {@code what} field {@code field} holding {@code payload} (a message or a string). */
    private static byte[] event(double wallTime, long step, int field, byte[] payload) {
        return message(e -> {
            e.writeDouble(1, wallTime);
            e.writeInt64(2, step);
            e.writeByteArray(field, payload);
        });
    }

    private static byte[] stringField(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void packed(CodedOutputStream o, int field, double[] xs) throws IOException {
        o.writeTag(field, 2); // length-delimited
        o.writeUInt32NoTag(8 * xs.length);
        for (double x : xs) {
            o.writeDoubleNoTag(x);
        }
    }

    /** The fields of one message, written to a stream. */
    @FunctionalInterface
    private interface Fields {
        void write(CodedOutputStream o) throws IOException;
    }

    private static byte[] message(Fields fields) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream o = CodedOutputStream.newInstance(bytes);
            fields.write(o);
            o.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array stream does not fail
        }
    }

    /** This host's name, for file names; the environment's first (no name lookup that can hang). */
    private static String host() {
        String h = System.getenv("HOSTNAME");
        if (h == null || h.isBlank()) {
            try {
                h = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                h = "localhost";
            }
        }
        return h.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
