package org.owarelab.tables;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Sha256;

/**
 * The SHA-256 of the table files this version builds, published with the module (the resource
 * {@value #RESOURCE}), so that a table built anywhere can be checked against the one measured
 * here: the builder is deterministic (integer arithmetic, no clock or random number in what it
 * writes; the same bytes on 1, 2 and 3 threads, measured at 8, 12 and 14 seeds), so a file whose
 * digest differs from the published one for its rule set and seed count was not built by this
 * version's builder, or was changed since. This is the way to get the big tables:
 * the repository cannot hold them and there is no download host, so one builds them
 * ({@code oware tables build}) and compares.
 *
 * <p>The resource has one line per table, {@code RULES SEEDS SHA256} (rules as
 * {@link RuleSet#toString()} writes them, {@code default} for the default rules); {@code #}
 * starts a comment. A change to the builder or the file format that changes the bytes must
 * change these lines (the test that rebuilds the small ones says so). Stateless; thread-safe.
 */
public final class TableDigests {
    /** The class-path resource holding the published digests. */
    public static final String RESOURCE = "/org/owarelab/tables/published-sha256.txt";

    private static final Map<String, String> PUBLISHED = read();

    private TableDigests() {
    }

    /** What a file's digest says about it: its SHA-256 and the published one (empty where none is published). */
    public record Verdict(String sha256, Optional<String> published, RuleSet rules, int seeds) {
        /** Whether a digest is published for this rule set and seed count and the file has it. */
        public boolean matches() {
            return published.isPresent() && published.get().equals(sha256);
        }

        /** One line for the user, e.g. {@code sha256 ab12...: matches the published table (default rules, up to 16 seeds)}. */
        @Override
        public String toString() {
            String what = "(" + rules + " rules, up to " + seeds + " seeds)";
            if (published.isEmpty()) {
                return "sha256 " + sha256 + ": no published digest for this table " + what;
            }
            return matches() ? "sha256 " + sha256 + ": matches the published table " + what
                    : "sha256 " + sha256 + ": DIFFERS from the published " + published.get() + " " + what;
        }
    }

    /** The published SHA-256 (lower-case hex) of the table of {@code rules} up to {@code seeds} seeds, if any. */
    public static Optional<String> published(RuleSet rules, int seeds) {
        return Optional.ofNullable(PUBLISHED.get(key(rules, seeds)));
    }

    /** The digest of {@code file} compared with the published one for {@code rules} and {@code seeds}. */
    public static Verdict verify(Path file, RuleSet rules, int seeds) {
        return new Verdict(sha256(file), published(rules, seeds), rules, seeds);
    }

    /** The SHA-256 of a file, lower-case hex. */
    public static String sha256(Path file) {
        try {
            return Sha256.of(file);
        } catch (NoSuchFileException e) {
            throw new TableException("tables " + file + ": no such file");
        } catch (IOException e) {
            throw new UncheckedIOException("tables " + file + ": " + e.getMessage(), e);
        }
    }

    private static String key(RuleSet rules, int seeds) {
        return rules + " " + seeds;
    }

    /** Parses the resource: {@code RULES SEEDS SHA256} a line; a malformed line is a build error, named. */
    static Map<String, String> parse(BufferedReader in, String name) throws IOException {
        Map<String, String> out = new HashMap<>();
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            String[] f = s.split("\\s+");
            if (f.length != 3 || !f[1].matches("\\d{1,3}") || !f[2].matches("[0-9a-f]{64}")) {
                throw new IllegalStateException(name + " line " + lineNo + ": '" + s
                        + "', expected RULES SEEDS SHA256 (64 lower-case hex digits)");
            }
            String k = key(RuleSet.parse(f[0].equals("default") ? "" : f[0]), Integer.parseInt(f[1]));
            if (out.putIfAbsent(k, f[2]) != null) {
                throw new IllegalStateException(name + " line " + lineNo + ": a second digest for " + k);
            }
        }
        return out;
    }

    private static Map<String, String> read() {
        InputStream in = TableDigests.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("the resource " + RESOURCE + " is missing from the tables module");
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return Map.copyOf(parse(r, RESOURCE));
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + ": " + e.getMessage(), e);
        }
    }
}
