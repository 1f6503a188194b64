package org.owarelab.training.replay;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.owarelab.util.AtomicFiles;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.RulesException;

/**
 * The replay buffer file, format version {@value #VERSION}. All numbers big-endian (Java's
 * {@code DataOutput}; numpy {@code >i4}, {@code >f4}); strings UTF-8 with an unsigned 16-bit
 * length before them.
 *
 * <pre>
 * offset  bytes  field
 * 0       8      magic "OWREPLAY"
 * 8       4      format version (1)
 * 12      4      H: header bytes (offset of the first record, a multiple of 8)
 * 16      4      R: bytes per record = 24 + 4 F + 4 A
 * 20      4      window (positions the buffer keeps)
 * 24      4      n: records in the file (oldest first, n &lt;= window)
 * 28      4      F: observation floats per record
 * 32      4      A: moves per position (houses per side)
 * 36      8      positions added over the run (for the sample ratio)
 * 44      8      samples drawn over the run (for the ratio and the sampling generator)
 * 52      2+k    encoder tag, e.g. "compact/1"
 * ..      2+k    rule set text ("" = default rules)
 * ..             zero padding up to H
 * H       n * R  records:
 *                  0  8   game id
 *                  8  4   ply
 *                  12 1   legal mask (bit m = move m)
 *                  13 1   result for the side to move (-1, 0, 1, signed)
 *                  14 2   final seed margin for the side to move (signed)
 *                  16 1   flags (1 resigned game, 2 ply-capped game)
 *                  17 3   reserved, zero
 *                  20 4   root value of the search (float)
 *                  24 4F  observation (floats)
 *                  ..  4A policy target (floats)
 * H+n*R   4      CRC-32 of bytes [0, H + n*R)
 * ..      8      end magic "OWREPEND"
 * </pre>
 *
 * Written to {@code FILE.tmp} beside the target, flushed to disk, then renamed over it, so a
 * kill at any moment leaves the previous file or the new one. Reading checks the length
 * against the header, the checksum and the end magic, and the layout against the run's.
 */
public final class ReplayFile {
    public static final int VERSION = 1;
    static final int FIXED_RECORD_BYTES = 24;
    private static final byte[] MAGIC = "OWREPLAY".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "OWREPEND".getBytes(StandardCharsets.US_ASCII);
    private static final int FIXED_HEADER = 52;
    private static final int TRAILER = 12;

    private ReplayFile() {
    }

    static void write(ReplayBuffer buf, Path file) throws IOException {
        RecordLayout layout = buf.layout();
        byte[] tag = layout.encoderTag().getBytes(StandardCharsets.UTF_8);
        byte[] rules = layout.rules().spec().getBytes(StandardCharsets.UTF_8);
        int header = align8(FIXED_HEADER + 2 + tag.length + 2 + rules.length);
        int recordBytes = layout.recordBytes();
        int f = layout.observationSize();
        int a = layout.actions();
        AtomicFiles.write(file, os -> {
            CRC32 crc = new CRC32();
            DataOutputStream out = new DataOutputStream(new CheckedOutputStream(new BufferedOutputStream(os, 1 << 16), crc));
            out.write(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(header);
            out.writeInt(recordBytes);
            out.writeInt(buf.config().window());
            out.writeInt(buf.size());
            out.writeInt(f);
            out.writeInt(a);
            out.writeLong(buf.added());
            out.writeLong(buf.sampled());
            out.writeShort(tag.length);
            out.write(tag);
            out.writeShort(rules.length);
            out.write(rules);
            out.write(new byte[header - (FIXED_HEADER + 4 + tag.length + rules.length)]);
            ByteBuffer rec = ByteBuffer.allocate(recordBytes);
            for (int k = 0; k < buf.size(); k++) {
                int i = buf.physical(k);
                rec.clear();
                rec.putLong(buf.gameId[i]).putInt(buf.ply[i]).put(buf.mask[i]).put(buf.result[i]).putShort(buf.margin[i])
                        .put(buf.flags[i]).put((byte) 0).put((byte) 0).put((byte) 0).putFloat(buf.rootValue[i]);
                for (int x = 0; x < f; x++) {
                    rec.putFloat(buf.observation[i * f + x]);
                }
                for (int x = 0; x < a; x++) {
                    rec.putFloat(buf.policy[i * a + x]);
                }
                out.write(rec.array(), 0, recordBytes);
            }
            out.flush();
            int sum = (int) crc.getValue();
            out.writeInt(sum);
            out.write(END);
            out.flush(); // AtomicFiles syncs and renames
        });
    }

    static ReplayBuffer read(Path file, RecordLayout expected, ReplayConfig cfg, long seed) throws IOException {
        long length = Files.size(file);
        if (length < FIXED_HEADER + 4 + TRAILER) {
            throw new ReplayFormatException(file, "truncated: " + length + " bytes, shorter than any replay file");
        }
        CRC32 crc = new CRC32();
        try (InputStream raw = Files.newInputStream(file)) {
            BufferedInputStream buffered = new BufferedInputStream(raw, 1 << 16);
            DataInputStream in = new DataInputStream(new CheckedInputStream(buffered, crc));
            byte[] magic = new byte[8];
            in.readFully(magic);
            if (!java.util.Arrays.equals(magic, MAGIC)) {
                throw new ReplayFormatException(file, "not a replay buffer file (no OWREPLAY magic at the start)");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new ReplayFormatException(file, "format version " + version + "; this build reads version " + VERSION);
            }
            int header = in.readInt();
            int recordBytes = in.readInt();
            int window = in.readInt();
            int n = in.readInt();
            int f = in.readInt();
            int a = in.readInt();
            long added = in.readLong();
            long sampled = in.readLong();
            byte[] tagBytes = readBytes(in);
            byte[] rulesBytes = readBytes(in);
            String tag = new String(tagBytes, StandardCharsets.UTF_8);
            String rulesText = new String(rulesBytes, StandardCharsets.UTF_8);
            if (f < 1 || a < 1 || a > 8 || recordBytes != FIXED_RECORD_BYTES + 4 * (f + a) || n < 0 || n > window
                    || header < FIXED_HEADER + 4 + tagBytes.length + rulesBytes.length || header % 8 != 0 || added < n || sampled < 0) {
                throw new ReplayFormatException(file, "corrupt header (record bytes " + recordBytes + ", floats " + f
                        + ", moves " + a + ", records " + n + ", window " + window + ", header bytes " + header + ")");
            }
            long want = header + (long) n * recordBytes + TRAILER;
            if (length != want) {
                throw new ReplayFormatException(file, (length < want ? "truncated: " : "trailing bytes: ") + length
                        + " bytes, expected " + want + " for the " + n + " records its header announces");
            }
            RuleSet rules;
            try {
                rules = RuleSet.parse(rulesText);
            } catch (RulesException e) {
                throw new ReplayFormatException(file, "corrupt header: rule set '" + rulesText + "': " + e.getMessage());
            }
            if (!tag.equals(expected.encoderTag()) || !rules.equals(expected.rules()) || f != expected.observationSize()
                    || a != expected.actions()) {
                throw new ReplayFormatException(file, "holds records of " + new RecordLayout(tag, rules, f, a).describe()
                        + "; this run expects " + expected.describe());
            }
            in.skipNBytes(header - (FIXED_HEADER + 4 + tagBytes.length + rulesBytes.length));
            ReplayBuffer buf = new ReplayBuffer(expected, cfg, seed);
            int skip = Math.max(0, n - cfg.window());
            byte[] bytes = new byte[recordBytes];
            ByteBuffer rec = ByteBuffer.wrap(bytes);
            for (int k = 0; k < n; k++) {
                in.readFully(bytes);
                if (k < skip) {
                    continue;
                }
                rec.clear();
                int i = buf.slotForAppend();
                buf.gameId[i] = rec.getLong();
                buf.ply[i] = rec.getInt();
                buf.mask[i] = rec.get();
                buf.result[i] = rec.get();
                buf.margin[i] = rec.getShort();
                buf.flags[i] = rec.get();
                rec.position(20);
                buf.rootValue[i] = rec.getFloat();
                for (int x = 0; x < f; x++) {
                    buf.observation[i * f + x] = rec.getFloat();
                }
                for (int x = 0; x < a; x++) {
                    buf.policy[i * a + x] = rec.getFloat();
                }
                int mask = buf.mask[i] & 0xFF;
                if (buf.result[i] < -1 || buf.result[i] > 1 || mask == 0 || mask >>> a != 0) {
                    throw new ReplayFormatException(file, "corrupt record " + k + " (result " + buf.result[i]
                            + ", legal mask " + mask + ")");
                }
            }
            long computed = crc.getValue();
            DataInputStream trailer = new DataInputStream(buffered); // past the checksummed bytes
            int stored = trailer.readInt();
            byte[] end = new byte[8];
            trailer.readFully(end);
            if ((int) computed != stored || !java.util.Arrays.equals(end, END)) {
                throw new ReplayFormatException(file, "corrupt: checksum or end marker does not match the contents");
            }
            buf.restoreCounters(added, sampled);
            return buf;
        } catch (EOFException e) {
            throw new ReplayFormatException(file, "truncated while reading (the file changed during the read?)");
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readUnsignedShort()];
        in.readFully(b);
        return b;
    }

    private static int align8(int x) {
        return (x + 7) & ~7;
    }
}
