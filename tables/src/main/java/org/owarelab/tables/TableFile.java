package org.owarelab.tables;

import static org.owarelab.tables.EndgameTable.FORMAT_VERSION;
import static org.owarelab.tables.EndgameTable.PLACES_VARIABLE;
import static org.owarelab.tables.EndgameTable.VALUE_KIND;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.RulesException;
import org.owarelab.util.AtomicFiles;

/**
 * The endgame table's file format, and where agents find a file: the one home of the bytes on
 * disk, so {@link EndgameTable} holds only the table and its lookups.
 *
 * <p>File, format {@value EndgameTable#FORMAT_VERSION}: a header (magic {@code OWARE-TB}, format
 * version, rule set, houses, max seeds, value kind {@value EndgameTable#VALUE_KIND}, payload
 * length), a CRC-32 of header and payload, then per seed count {@code n = 0..N} the {@code lo}
 * bytes, the {@code hi} bytes and the distance bytes ({@link Distances}) of every layout in
 * {@link Layout} order. Format 1 (the same without the distances) is refused with a line saying
 * to rebuild. Stateless.
 */
final class TableFile {
    private static final byte[] MAGIC = "OWARE-TB".getBytes(StandardCharsets.US_ASCII);
    /** Bytes per layout: lo, hi, distance. */
    private static final int BYTES = 3;

    private TableFile() {
    }

    /** The header fields and the payload, as the file holds them. */
    static byte[] header(EndgameTable t, long payload) {
        RuleSet rules = t.rules();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(MAGIC);
            out.writeInt(FORMAT_VERSION);
            out.writeUTF(rules.toString());
            out.writeInt(rules.houses());
            out.writeInt(t.maxSeeds());
            out.writeUTF(VALUE_KIND);
            out.writeLong(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes {@code t} to {@code file} atomically. */
    static void save(EndgameTable t, Path file) throws IOException {
        int maxSeeds = t.maxSeeds();
        long payload = 0;
        for (int n = 0; n <= maxSeeds; n++) {
            if (t.distanceBytes(n) == null) {
                throw new IllegalStateException("tables " + file + ": a table without distances cannot be saved");
            }
            payload += (long) BYTES * t.loBytes(n).length;
        }
        byte[] head = header(t, payload);
        CRC32 crc = new CRC32();
        crc.update(head);
        for (int n = 0; n <= maxSeeds; n++) {
            crc.update(t.loBytes(n));
            crc.update(t.hiBytes(n));
            crc.update(t.distanceBytes(n));
        }
        long sum = crc.getValue();
        AtomicFiles.write(file, out -> {
            DataOutputStream d = new DataOutputStream(out);
            d.write(head);
            d.writeLong(sum);
            for (int n = 0; n <= maxSeeds; n++) {
                d.write(t.loBytes(n));
                d.write(t.hiBytes(n));
                d.write(t.distanceBytes(n));
            }
            d.flush();
        });
    }

    /** {@link EndgameTable#load}: reads a table and checks it against what the caller needs. */
    static EndgameTable load(Path file, RuleSet rules, int minSeeds) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new TableException("tables " + file + ": no such file (build one with: oware tables build --seeds N)");
        } catch (IOException e) {
            throw new TableException("tables " + file + ": cannot read (" + e.getMessage() + ")");
        }
        String what = "tables " + file + ": ";
        if (all.length < MAGIC.length || !java.util.Arrays.equals(all, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new TableException(what + "not an Oware endgame table file (no OWARE-TB header)");
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(all));
        int version;
        String ruleText;
        int houses;
        int max;
        String kind;
        long payload;
        long sum;
        int headLength;
        try {
            in.skipNBytes(MAGIC.length);
            version = in.readInt();
            if (version != FORMAT_VERSION && version != 1) {
                throw new TableException(what + "format version " + version + ", expected " + FORMAT_VERSION
                        + " (rebuild it with this version: oware tables build)");
            }
            ruleText = in.readUTF();
            houses = in.readInt();
            max = in.readInt();
            if (version == 1) {
                String r = ruleText.equals("default") ? "" : " --rules " + ruleText;
                throw new TableException(what + "format version 1 (bounds without distances), expected " + FORMAT_VERSION
                        + ": rebuild it with this version (oware tables build --seeds " + max + r + " --out " + file + ")");
            }
            kind = in.readUTF();
            payload = in.readLong();
            headLength = all.length - in.available();
            sum = in.readLong();
        } catch (EOFException e) {
            throw new TableException(what + "truncated inside the header (" + all.length + " bytes)");
        } catch (IOException e) {
            throw new TableException(what + "unreadable header (" + e.getMessage() + ")");
        }
        RuleSet fileRules;
        try {
            fileRules = RuleSet.parse(ruleText);
        } catch (RulesException e) {
            throw new TableException(what + "corrupt header: rule set '" + ruleText + "' (" + e.getMessage() + ")");
        }
        if (!VALUE_KIND.equals(kind)) {
            throw new TableException(what + "value kind '" + kind + "', expected " + VALUE_KIND);
        }
        if (houses != fileRules.houses() || max < 0 || max > fileRules.totalSeeds() / 2) {
            throw new TableException(what + "corrupt header: houses " + houses + ", max seeds " + max
                    + " for rules " + fileRules);
        }
        Layout layout = new Layout(2 * houses, max);
        long expected = 0;
        for (int n = 0; n <= max; n++) {
            expected += BYTES * layout.count(n);
        }
        long body = (long) all.length - headLength - 8;
        if (payload != expected) {
            throw new TableException(what + "corrupt header: payload " + payload + " bytes, expected " + expected);
        }
        if (body < expected) {
            throw new TableException(what + "truncated: " + all.length + " bytes, expected " + (headLength + 8 + expected));
        }
        if (body > expected) {
            throw new TableException(what + "trailing data: " + all.length + " bytes, expected " + (headLength + 8 + expected));
        }
        CRC32 crc = new CRC32();
        crc.update(all, 0, headLength);
        crc.update(all, headLength + 8, (int) expected);
        if (crc.getValue() != sum) {
            throw new TableException(what + "checksum mismatch: the file is corrupt (rebuild it)");
        }
        if (!fileRules.equals(rules)) {
            throw new TableException(what + "built for rules " + fileRules + ", expected rules " + rules);
        }
        if (max < minSeeds) {
            throw new TableException(what + "covers up to " + max + " seeds on the board, expected at least " + minSeeds
                    + " (build with --seeds " + minSeeds + ")");
        }
        byte[][] lo = new byte[max + 1][];
        byte[][] hi = new byte[max + 1][];
        byte[][] dist = new byte[max + 1][];
        int at = headLength + 8;
        for (int n = 0; n <= max; n++) {
            int size = (int) layout.count(n);
            lo[n] = java.util.Arrays.copyOfRange(all, at, at + size);
            at += size;
            hi[n] = java.util.Arrays.copyOfRange(all, at, at + size);
            at += size;
            dist[n] = java.util.Arrays.copyOfRange(all, at, at + size);
            at += size;
        }
        return new EndgameTable(fileRules, max, lo, hi, dist);
    }

    /**
     * The header of a table file of this format and value kind, or of format 1 (so that a table
     * found by {@link #find} from an older build is refused by {@link #load} with a line saying to
     * rebuild it, not passed over in silence), or null when {@code file} is not one (unreadable,
     * another format version, a corrupt header). The body is not checked: {@link #load} does that.
     */
    static EndgameTable.Header header(Path file) {
        try (java.io.InputStream raw = Files.newInputStream(file)) {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(raw.readNBytes(4096)));
            if (!java.util.Arrays.equals(in.readNBytes(MAGIC.length), MAGIC)) {
                return null;
            }
            int version = in.readInt();
            if (version != FORMAT_VERSION && version != 1) {
                return null;
            }
            RuleSet r = RuleSet.parse(in.readUTF());
            in.readInt();
            int max = in.readInt();
            return VALUE_KIND.equals(in.readUTF()) ? new EndgameTable.Header(r, max) : null;
        } catch (IOException | RulesException e) {
            return null;
        }
    }

    /**
     * The table an agent uses when none is named: among the given places (table files, or
     * directories whose {@code *.owtb} files are considered), the file built for {@code rules}
     * that covers the most seeds (then the first by name). Files for other rule sets and files
     * without a readable header are passed over; the one chosen is still checked in full when
     * loaded ({@link EndgameTable#cached}), so a corrupt body is an error, never a wrong value.
     */
    static java.util.Optional<Path> find(RuleSet rules, java.util.List<Path> places) {
        Path best = null;
        int bestSeeds = -1;
        for (Path place : places) {
            java.util.List<Path> files = new java.util.ArrayList<>();
            if (Files.isDirectory(place)) {
                try (java.util.stream.Stream<Path> s = Files.list(place)) {
                    s.filter(f -> f.getFileName().toString().endsWith(".owtb") && Files.isRegularFile(f))
                            .sorted().forEach(files::add);
                } catch (IOException e) {
                    continue;
                }
            } else if (Files.isRegularFile(place)) {
                files.add(place);
            }
            for (Path f : files) {
                EndgameTable.Header h = header(f);
                if (h != null && h.rules().equals(rules) && h.maxSeeds() > bestSeeds) {
                    best = f;
                    bestSeeds = h.maxSeeds();
                }
            }
        }
        return java.util.Optional.ofNullable(best);
    }

    /**
     * Where agents look for a table when none is named: the entries of {@value EndgameTable#PLACES_VARIABLE}
     * (files or directories, separated by the platform's path separator) when it is set and not
     * empty, else the working directory.
     */
    static java.util.List<Path> defaultPlaces() {
        String v = System.getenv(PLACES_VARIABLE);
        if (v == null || v.isBlank()) {
            return java.util.List.of(Path.of(""));
        }
        java.util.List<Path> out = new java.util.ArrayList<>();
        for (String part : v.split(java.io.File.pathSeparator)) {
            if (!part.isBlank()) {
                out.add(Path.of(part.strip()));
            }
        }
        return out;
    }
}
