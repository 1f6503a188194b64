package org.owarelab.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.rules.RuleSet;

/**
 * The published digests: the builder writes the same bytes on any number of threads, a small
 * table's digest is the published one (a golden number: a change to the builder or the format
 * that changes the bytes must update {@value TableDigests#RESOURCE}), and a changed byte is seen.
 */
class TableDigestsTest {
    @TempDir
    Path dir;

    private Path build(RuleSet rules, int seeds, int threads, String name) throws Exception {
        Path f = dir.resolve(name);
        new TableBuilder(rules, seeds, threads, line -> { }).build().save(f);
        return f;
    }

    @Test
    void theBuildIsTheSameBytesOnOneThreadAndOnThree() throws Exception {
        Path one = build(RuleSet.DEFAULT, 8, 1, "one.owtb");
        Path three = build(RuleSet.DEFAULT, 8, 3, "three.owtb");
        assertEquals(-1L, Files.mismatch(one, three), "the first differing byte");
        assertEquals(TableDigests.sha256(one), TableDigests.sha256(three));
    }

    @Test
    void theSmallDefaultTableMatchesItsPublishedDigestAndAChangedByteDoesNot() throws Exception {
        Path f = build(RuleSet.DEFAULT, 6, 2, "t6.owtb");
        TableDigests.Verdict v = TableDigests.verify(f, RuleSet.DEFAULT, 6);
        assertTrue(v.published().isPresent(), "default 6 is published");
        assertTrue(v.matches(), v.toString());
        assertTrue(v.toString().endsWith(": matches the published table (default rules, up to 6 seeds)"), v.toString());

        byte[] bytes = Files.readAllBytes(f);
        bytes[bytes.length - 100] ^= 1;
        Files.write(f, bytes);
        TableDigests.Verdict changed = TableDigests.verify(f, RuleSet.DEFAULT, 6);
        assertFalse(changed.matches(), changed.toString());
        assertTrue(changed.toString().contains(": DIFFERS from the published " + v.sha256()), changed.toString());
    }

    @Test
    void aTableOfAnotherSeedCountOrRuleSetIsNotJudgedByThisOne() throws Exception {
        Path f = build(RuleSet.DEFAULT, 6, 2, "t6.owtb");
        assertFalse(TableDigests.verify(f, RuleSet.DEFAULT, 12).matches(), "the 12-seed digest is another file's");
        TableDigests.Verdict none = TableDigests.verify(f, RuleSet.parse("houses=3,seeds=3"), 6);
        assertTrue(none.published().isEmpty());
        assertFalse(none.matches());
        assertTrue(none.toString().contains("no published digest for this table (houses=3,seeds=3 rules, up to 6 seeds)"),
                none.toString());
    }

    @Test
    void theDigestOfAKnownTextIsSha256() throws Exception {
        Path f = dir.resolve("abc");
        Files.writeString(f, "abc");
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", TableDigests.sha256(f));
        TableException e = assertThrows(TableException.class, () -> TableDigests.sha256(dir.resolve("none.owtb")));
        assertTrue(e.getMessage().endsWith("none.owtb: no such file"), e.getMessage());
    }

    @Test
    void theResourceIsReadAndABadLineIsNamed() throws Exception {
        Map<String, String> m = TableDigests.parse(new BufferedReader(new StringReader(
                "# comment\n\ndefault 12 " + "a".repeat(64) + "\nhouses=4,seeds=3 8 " + "0".repeat(64) + "\n")), "x");
        assertEquals(2, m.size());
        assertEquals("a".repeat(64), m.get("default 12"));
        IllegalStateException bad = assertThrows(IllegalStateException.class, () -> TableDigests.parse(
                new BufferedReader(new StringReader("# c\ndefault 12 ABC\n")), "x"));
        assertEquals("x line 2: 'default 12 ABC', expected RULES SEEDS SHA256 (64 lower-case hex digits)",
                bad.getMessage());
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> TableDigests.parse(
                new BufferedReader(new StringReader("default 6 " + "a".repeat(64) + "\ndefault 6 " + "b".repeat(64))),
                "x"));
        assertTrue(twice.getMessage().startsWith("x line 2: a second digest for default 6"), twice.getMessage());
        assertTrue(TableDigests.published(RuleSet.DEFAULT, 12).isPresent(), "the shipped resource has the 12-seed table");
    }
}
