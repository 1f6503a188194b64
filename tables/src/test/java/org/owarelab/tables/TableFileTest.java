package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.rules.RuleSet;

/** The table file: a round trip, and one clear error for every kind of bad file (never a wrong value). */
class TableFileTest {
    @TempDir
    static Path dir;
    static EndgameTable table;
    static Path file;
    static byte[] bytes;

    @BeforeAll
    static void build() throws IOException {
        table = new TableBuilder(RuleSet.DEFAULT, 5, 2, line -> { }).build();
        file = dir.resolve("t5.owtb");
        table.save(file);
        bytes = Files.readAllBytes(file);
    }

    @Test
    void roundTripKeepsEveryEntry() throws IOException {
        EndgameTable back = EndgameTable.load(file, RuleSet.DEFAULT, 5);
        assertEquals(5, back.maxSeeds());
        for (int n = 0; n <= 5; n++) {
            for (long i = 0; i < table.positions(n); i++) {
                assertEquals(table.lo(n, i), back.lo(n, i));
                assertEquals(table.hi(n, i), back.hi(n, i));
            }
        }
        assertEquals(0, Files.list(dir).filter(p -> p.getFileName().toString().endsWith(".tmp")).count());
    }

    private static String error(Path p, RuleSet rules, int seeds) {
        TableException e = assertThrows(TableException.class, () -> EndgameTable.load(p, rules, seeds));
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("tables " + p + ": "), e.getMessage());
        return e.getMessage();
    }

    private static Path write(String name, byte[] content) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, content);
        return p;
    }

    @Test
    void anotherRuleSetIsRefused() {
        String m = error(file, RuleSet.DEFAULT.withRepetition(org.owarelab.rules.Repetition.SPLIT), 5);
        assertTrue(m.contains("built for rules default, expected rules repetition=split"), m);
    }

    @Test
    void tooFewSeedsAreRefused() {
        String m = error(file, RuleSet.DEFAULT, 8);
        assertTrue(m.contains("covers up to 5 seeds on the board, expected at least 8"), m);
    }

    @Test
    void truncatedFilesAreRefused() throws IOException {
        String m = error(write("cut.owtb", Arrays.copyOf(bytes, bytes.length - 100)), RuleSet.DEFAULT, 5);
        assertTrue(m.contains("truncated: " + (bytes.length - 100) + " bytes"), m);
        String h = error(write("cut-head.owtb", Arrays.copyOf(bytes, 20)), RuleSet.DEFAULT, 5);
        assertTrue(h.contains("truncated inside the header"), h);
    }

    @Test
    void aFlippedPayloadByteIsCaughtByTheChecksum() throws IOException {
        byte[] bad = bytes.clone();
        bad[bad.length - 7] ^= 1;
        String m = error(write("flip.owtb", bad), RuleSet.DEFAULT, 5);
        assertTrue(m.contains("checksum mismatch"), m);
    }

    @Test
    void aChangedHeaderIsCaught() throws IOException {
        byte[] bad = bytes.clone();
        int at = indexOf(bad, "mover-share-bounds".getBytes()) - 3; // the last byte of max seeds (before the 2-byte length of the kind)
        bad[at] = 4;
        String m = error(write("head.owtb", bad), RuleSet.DEFAULT, 4);
        assertTrue(m.contains("corrupt header: payload"), m);
    }

    @Test
    void otherFilesAreRefused() throws IOException {
        assertTrue(error(write("text.owtb", "hello".getBytes()), RuleSet.DEFAULT, 5).contains("not an Oware endgame table"));
        assertTrue(error(dir.resolve("missing.owtb"), RuleSet.DEFAULT, 5).contains("no such file"));
        byte[] v3 = bytes.clone();
        v3[11] = 3;
        assertTrue(error(write("v3.owtb", v3), RuleSet.DEFAULT, 5).contains("format version 3, expected 2"));
        byte[] extra = Arrays.copyOf(bytes, bytes.length + 3);
        assertTrue(error(write("extra.owtb", extra), RuleSet.DEFAULT, 5).contains("trailing data"));
    }

    /** A file of format 1 (bounds without distances, as older builds wrote): found, then refused with the command to rebuild it. */
    @Test
    void formatOneIsFoundAndRefusedWithTheRebuildCommand() throws IOException {
        Path old = dir.resolve("v1").resolve("t5.owtb");
        Files.createDirectories(old.getParent());
        Files.write(old, formatOne(table));
        assertEquals(new EndgameTable.Header(RuleSet.DEFAULT, 5), EndgameTable.header(old),
                "found by tables=auto, so that loading it says what to do rather than passing it over");
        assertEquals(java.util.Optional.of(old), EndgameTable.find(RuleSet.DEFAULT, java.util.List.of(old.getParent())));
        String m = error(old, RuleSet.DEFAULT, 5);
        assertTrue(m.contains("format version 1 (bounds without distances), expected 2: rebuild it with this version"
                + " (oware tables build --seeds 5 --out " + old + ")"), m);
    }

    @Test
    void theFileHoldsTheDistances() throws IOException {
        EndgameTable back = EndgameTable.load(file, RuleSet.DEFAULT, 5);
        long finite = 0;
        for (int n = 0; n <= 5; n++) {
            for (long i = 0; i < table.positions(n); i++) {
                assertEquals(table.distance(n, i), back.distance(n, i));
                finite += back.distance(n, i) != EndgameTable.NO_DISTANCE ? 1 : 0;
            }
        }
        assertTrue(finite > 0, "some distances are finite");
    }

    /** The bytes format 1 had: the same header with version 1 and a payload of lo and hi only, its CRC. */
    private static byte[] formatOne(EndgameTable t) throws IOException {
        long payload = 0;
        for (int n = 0; n <= t.maxSeeds(); n++) {
            payload += 2L * t.loBytes(n).length;
        }
        byte[] head = TableFile.header(t, payload);
        head[11] = 1;
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(out);
        crc.update(head);
        for (int n = 0; n <= t.maxSeeds(); n++) {
            crc.update(t.loBytes(n));
            crc.update(t.hiBytes(n));
        }
        d.write(head);
        d.writeLong(crc.getValue());
        for (int n = 0; n <= t.maxSeeds(); n++) {
            d.write(t.loBytes(n));
            d.write(t.hiBytes(n));
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] a, byte[] b) {
        for (int i = 0; i + b.length <= a.length; i++) {
            if (Arrays.equals(a, i, i + b.length, b, 0, b.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
