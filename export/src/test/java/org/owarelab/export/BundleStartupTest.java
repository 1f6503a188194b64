package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.agents.puct.StrengthLevels;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.env.Encoders;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.CheckpointWriter;

/**
 * An exported bundle started as users and GUIs start it, through its sh launcher, and damaged as
 * copies get damaged (issue 48, section 2): run through symbolic links, without a jar, with a
 * model card that is not JSON or holds a bad value, with a network that is not the exported one;
 * and started repeatedly, leaving nothing in the temporary directory. Each failure must be one
 * line on stderr naming the file and exit status 2, never a Java stack trace.
 */
class BundleStartupTest {
    @TempDir
    static Path shared;
    /** A bundle for this machine's platform; tests that damage one copy it first. */
    static Path bundle;

    @BeforeAll
    static void export() throws IOException {
        Path ckpt = shared.resolve("run/checkpoints/step-00000002");
        Files.createDirectories(ckpt.getParent());
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(16), Encoders.create("compact", RuleSet.DEFAULT),
                2, DeviceChoice.CPU)) {
            CheckpointWriter.save(ckpt, net, 2);
        }
        // Calibrated levels beside the checkpoint, as a shipped player has them: the card embeds them.
        new LevelsFile("strong", "random", "test", "2026-12-02", new StrengthLevels(List.of(
                new StrengthLevels.Level(100, 40, 160, 1, 4), new StrengthLevels.Level(700, 650, 750, 3, 0))), List.of())
                .write(ckpt.resolve(LevelsFile.FILE));
        String arch = System.getProperty("os.arch").contains("aarch64") ? "linux-aarch64" : "linux-x64";
        bundle = BundleWriter.write(new BundleWriter.Options(ckpt, shared.resolve("bundle"), SearchSettings.of(4, null),
                "StartNet", arch));
    }

    record Run(int code, String out, String err) {
        List<String> errLines() {
            return err.strip().lines().toList();
        }
    }

    /** Runs {@code launcher} (an executable file or link) with {@code input} on stdin; waits at most 120 s. */
    static Run run(Path launcher, String input, String javaOpts, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(shared.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("JAVA_OPTS", javaOpts);
        Path out = Files.createTempFile(shared, "out", ".txt");
        Path err = Files.createTempFile(shared, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try (var stdin = p.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // A launcher that refuses the bundle may exit before it reads its input (a broken
            // pipe): what it printed and its exit status are what the tests check.
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(launcher + " did not end within 120 s");
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    static Run uci(Path launcher) throws IOException, InterruptedException {
        return run(launcher, "uci\nquit\n", "");
    }

    /** A copy of the bundle to damage. */
    static Path copy(Path tmp) throws IOException {
        Path to = tmp.resolve("copy");
        try (Stream<Path> s = Files.walk(bundle)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(bundle.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    /** One line on stderr, exit status 2, and no Java in it. */
    static void assertRefused(Run r, String... mentions) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertFalse(r.err().matches("(?s).*(Exception|\\tat |\\bat org\\.|com\\.fasterxml|java\\.lang).*"), r.err());
        for (String m : mentions) {
            assertTrue(r.err().contains(m), "names " + m + ": " + r.err());
        }
        assertFalse(r.out().contains("uciok"), "refused before it answers: " + r.out());
    }

    /**
     * The levels of the card: UCI_LimitStrength and UCI_Elo offered, the limit on playing the
     * nearest level, off the card's own search again. Talks to the engine line by line (each search
     * answered before the next command: a search still running when the input ends is stopped).
     */
    @Test
    void theEnginePlaysTheCardsLevelsUnderUciLimitStrength() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(bundle.resolve(BundleWriter.LAUNCHER).toString()).directory(shared.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        try (var in = new java.io.PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
                var out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.println("uci");
            List<String> hello = until(out, "uciok");
            assertTrue(hello.contains("option name UCI_LimitStrength type check default false"), hello.toString());
            assertTrue(hello.contains("option name UCI_Elo type spin default 700 min 100 max 700"), hello.toString());
            in.println("setoption name UCI_Elo value 5000");
            in.println("setoption name UCI_Elo value 650");
            in.println("setoption name UCI_LimitStrength value true");
            in.println("position startpos");
            in.println("go movetime 60000");
            List<String> limited = until(out, "bestmove");
            assertTrue(limited.contains("info string error: setoption UCI_Elo: '5000' is not a whole number 100..700"),
                    limited.toString());
            assertTrue(limited.stream().anyMatch(l -> l.startsWith("info depth") && l.contains(" nodes 3 ")),
                    "the level at 700: 3 simulations, long before the minute is up " + limited);
            in.println("setoption name UCI_LimitStrength value false");
            in.println("go");
            List<String> full = until(out, "bestmove");
            assertTrue(full.stream().anyMatch(l -> l.startsWith("info depth") && l.contains(" nodes 4 ")),
                    "the card's own 4 simulations again " + full);
            in.println("quit");
        } finally {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        }
        assertTrue(new String(Files.readAllBytes(bundle.resolve(BundleWriter.MODEL_CARD))).contains("\"levels\""));
    }

    /** The engine's lines up to and including the first that starts with {@code prefix}. */
    private static List<String> until(java.io.BufferedReader out, String prefix) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String l = out.readLine(); l != null; l = out.readLine()) {
            lines.add(l);
            if (l.startsWith(prefix)) {
                return lines;
            }
        }
        throw new AssertionError("the engine ended before '" + prefix + "': " + lines);
    }

    @Test
    void theEngineRunsThroughALinkALinkToALinkAndARelativeLink(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path absolute = Files.createSymbolicLink(bin.resolve("oware-engine"), bundle.resolve(BundleWriter.LAUNCHER));
        Path twice = Files.createSymbolicLink(tmp.resolve("engine-again"), absolute);
        Path relative = Files.createSymbolicLink(bin.resolve("relative-engine"),
                bin.relativize(bundle.resolve(BundleWriter.LAUNCHER)));
        for (Path link : List.of(absolute, twice, relative)) {
            Run r = uci(link);
            assertEquals(0, r.code(), link + ": " + r.err());
            assertTrue(r.out().contains("id name StartNet") && r.out().contains("uciok"), link + ": " + r.out() + r.err());
        }
        // The serve launcher resolves its links alike: a bad --port reaches the engine's own check.
        Path serve = Files.createSymbolicLink(bin.resolve("oware-serve"), bundle.resolve(BundleWriter.SERVE_LAUNCHER));
        Run r = run(serve, "", "", "--port", "x");
        assertEquals(2, r.code(), r.err());
        assertEquals("engine: --port 'x' is not a whole number 0..65535", r.err().strip());
    }

    @Test
    void aMissingJarIsNamedInOneLine(@TempDir Path tmp) throws Exception {
        Path b = copy(tmp);
        List<String> gone = new ArrayList<>();
        try (Stream<Path> s = Files.list(b.resolve(BundleWriter.LIB))) {
            for (Path jar : s.toList()) {
                String n = jar.getFileName().toString();
                if (n.startsWith("onnxruntime-") || n.startsWith("jackson-databind-")) {
                    Files.delete(jar);
                    gone.add(n);
                }
            }
        }
        assertEquals(2, gone.size(), gone.toString());
        assertRefused(uci(b.resolve(BundleWriter.LAUNCHER)), gone.get(0), gone.get(1), b.resolve("lib").toString());
        Files.delete(b.resolve("lib/oware-export.jar")); // the jar that would check the others
        assertRefused(uci(b.resolve(BundleWriter.LAUNCHER)), "oware-export.jar is missing");
    }

    @Test
    void aModelCardThatIsNotJsonNamesTheFileAndThePlace(@TempDir Path tmp) throws Exception {
        Path b = copy(tmp);
        Files.writeString(b.resolve(BundleWriter.MODEL_CARD), "{\"name\": \"x\",\n  \"search\": {\"simulations\": 4,}\n}");
        assertRefused(uci(b.resolve(BundleWriter.LAUNCHER)), b.resolve(BundleWriter.MODEL_CARD) + ": not valid JSON at line 2");
    }

    @Test
    void aBadSearchValueNamesTheFileTheKeyAndTheExpectedValue(@TempDir Path tmp) throws Exception {
        Path b = copy(tmp);
        Path card = b.resolve(BundleWriter.MODEL_CARD);
        String text = Files.readString(card);
        assertTrue(text.contains("\"simulations\" : 4"), text);
        Files.writeString(card, text.replace("\"simulations\" : 4", "\"simulations\" : -5"));
        assertRefused(uci(b.resolve(BundleWriter.LAUNCHER)),
                card + ": search.simulations -5: expected a whole number 1..100000000");
    }

    @Test
    void aDamagedNetworkIsRefusedNamingTheFileAndAnOlderBundleWithoutAHashStillPlays(@TempDir Path tmp) throws Exception {
        Path b = copy(tmp);
        Path onnx = b.resolve(BundleWriter.ONNX);
        byte[] bytes = Files.readAllBytes(onnx);
        for (int i = 0; i < 40; i++) {
            int at = bytes.length / 2 + i;
            bytes[at] = (byte) ~bytes[at];
        }
        Files.write(onnx, bytes);
        assertRefused(uci(b.resolve(BundleWriter.LAUNCHER)), onnx + " differs", "SHA-256", "model.json");

        Path old = copy(tmp.resolve("old"));
        Path card = old.resolve(BundleWriter.MODEL_CARD);
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(card.toFile());
        assertTrue(tree.path("onnx").path("sha256").asText().matches("[0-9a-f]{64}"), tree.toString());
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("onnx")).remove("sha256");
        json.writeValue(card.toFile(), tree);
        Files.delete(old.resolve("lib/jars.txt"));
        Run r = uci(old.resolve(BundleWriter.LAUNCHER));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("uciok"), "a bundle exported before the checks runs as before: " + r.out() + r.err());
    }

    @Test
    void startsThatSearchLeaveNothingInTheTemporaryDirectory(@TempDir Path tmp) throws Exception {
        Path t = Files.createDirectories(tmp.resolve("tmpdir"));
        for (int i = 0; i < 3; i++) {
            Run r = run(bundle.resolve(BundleWriter.LAUNCHER), "uci\nisready\ngo nodes 4\nquit\n",
                    "-Djava.io.tmpdir=" + t);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("bestmove "), "it searched, so it loaded ONNX Runtime: " + r.out() + r.err());
        }
        try (Stream<Path> s = Files.list(t)) {
            assertEquals(List.of(), s.map(p -> p.getFileName().toString()).toList(),
                    "ONNX Runtime's natives and their directories are gone after 3 starts");
        }
    }
}
