package org.owarelab.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Sha256}: the published test vectors, and a file's hash equal to its bytes' across block edges. */
class Sha256Test {
    @TempDir
    Path tmp;

    @Test
    void theFipsVectors() {
        // FIPS 180-2, appendix B: "abc" and the 448-bit message; the empty message's well-known digest.
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                Sha256.of("abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                Sha256.of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256.of(new byte[0]));
    }

    @Test
    void aFileHashesAsItsBytesWhateverItsLength() throws Exception {
        Random r = new Random(7);
        for (int length : new int[] {0, 1, (1 << 16) - 1, 1 << 16, (1 << 16) + 1, 3 * (1 << 16) + 17}) {
            byte[] b = new byte[length];
            r.nextBytes(b);
            Path f = Files.write(tmp.resolve("f" + length), b);
            assertEquals(Sha256.of(b), Sha256.of(f), "length " + length);
        }
    }

    @Test
    void aMissingFileIsNoSuchFile() {
        assertThrows(NoSuchFileException.class, () -> Sha256.of(tmp.resolve("none")));
    }
}
