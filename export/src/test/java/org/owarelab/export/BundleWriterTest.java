package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.env.Encoders;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.CheckpointWriter;
import org.owarelab.util.AtomicDirectory;

/**
 * Exports a bundle from a small default-rules checkpoint in a run-like directory, copies it to a
 * directory outside the checkout and plays games against its engine through the lab's
 * {@code uci:} client; and checks that bad inputs write nothing.
 */
class BundleWriterTest {
    @TempDir
    static Path shared;
    static Path run;
    static Path checkpoint;

    @BeforeAll
    static void writeRun() throws IOException {
        run = shared.resolve("run-a");
        checkpoint = run.resolve("checkpoints").resolve("step-00000005");
        Files.createDirectories(checkpoint.getParent());
        RuleSet rules = RuleSet.DEFAULT;
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(32, 32).withAux(true),
                Encoders.create("compact", rules), 3, DeviceChoice.CPU)) {
            CheckpointWriter.save(checkpoint, net, 5);
        }
        Files.writeString(run.resolve("run.json"), "{\"format\":1,\"seed\":42,\"gitCommit\":\"abc123\","
                + "\"gitDirty\":false,\"started\":\"2026-11-24T10:00:00Z\"}");
        Files.writeString(run.resolve("metrics.jsonl"),
                "{\"format\":1,\"generation\":1,\"step\":5,\"arena\":{\"random\":{\"score\":0.75,\"wins\":3,"
                        + "\"draws\":0,\"losses\":1}}}\n{\"torn\":");
    }

    /**
     * The engine started as {@code engine.bat} starts it (its java command line, read from the
     * file, with {@code %~dp0} the bundle's copy), from a working directory outside the checkout,
     * plays through the lab's {@code uci:} client; the sh launcher runs the same entry point.
     */
    @Test
    void exportedEngineRunsOutsideTheCheckoutAndPlaysThroughTheUciClient(@TempDir Path tmp) throws IOException {
        Path out = BundleWriter.write(new BundleWriter.Options(run, tmp.resolve("bundle"),
                SearchSettings.of(16, null), "TestNet"));
        for (String f : List.of(BundleWriter.LAUNCHER, BundleWriter.SERVE_LAUNCHER, BundleWriter.LAUNCHER + ".bat",
                BundleWriter.SERVE_LAUNCHER + ".bat", BundleWriter.ONNX, BundleWriter.MODEL_CARD, BundleWriter.PROBE,
                "checkpoint/" + Checkpoints.PARAMS, "checkpoint/" + Checkpoints.META, "lib/oware-export.jar",
                "lib/oware-onnx.jar", "lib/onnxruntime-1.29.0.jar")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        try (Stream<Path> s = Files.list(out.resolve(BundleWriter.LIB))) {
            List<String> jars = s.map(p -> p.getFileName().toString()).toList();
            assertFalse(jars.stream().anyMatch(j -> j.contains("training") || j.contains("tribuo")
                    || j.contains("protobuf") || j.contains("picocli")), "no training or ONNX-writer jars: " + jars);
            assertFalse(jars.stream().anyMatch(j -> j.startsWith("api-") || j.contains("pytorch") || j.contains("djl")
                    || j.startsWith("jna-") || j.contains("oware-model")), "no DJL, no libtorch: " + jars);
        }
        JsonNode card = new ObjectMapper().readTree(out.resolve(BundleWriter.MODEL_CARD).toFile());
        assertEquals("TestNet", card.path("name").asText());
        assertEquals(42, card.path("provenance").path("runSeed").asLong());
        assertEquals("abc123", card.path("provenance").path("gitCommit").asText());
        assertEquals(5, card.path("provenance").path("step").asLong());
        assertEquals(0.75, card.path("evaluation").path("arena").path("random").path("score").asDouble());
        assertEquals(16, card.path("search").path("simulations").asInt());
        assertEquals("compact/1", card.path("encoder").path("tag").asText());

        // A copy elsewhere, under a path of its own: the launcher finds its files relative to itself.
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere").resolve("engine-copy"));
        copyTree(out, elsewhere);
        Files.delete(out.resolve(BundleWriter.LAUNCHER)); // the copy must not reach back into the original
        elsewhere.resolve(BundleWriter.LAUNCHER).toFile().setExecutable(true);

        RuleSet rules = RuleSet.DEFAULT;
        // startup: a JVM that loads the bundle answers uciok in about a second, but a loaded CI box
        // (load 8 on 2 cores) has taken more than the default 10 s; the deadline is not under test here
        String engine = "uci:cmd=\"" + batCommand(elsewhere) + "\",nodes=16,startup=120000,dir=" + tmp;
        try (AgentRegistry agents = BuiltInAgents.registry();
             Agent exported = agents.create(engine, rules, 1);
             Agent opponent = agents.create("random", rules, 2)) {
            for (int game = 0; game < 2; game++) {
                exported.reset(10 + game);
                opponent.reset(20 + game);
                Board board = new Board(rules);
                for (int ply = 0; ply < 24 && !board.isOver(); ply++) {
                    Agent mover = (ply + game) % 2 == 0 ? exported : opponent;
                    int move = mover.decide(board.copy()).move();
                    assertTrue((board.legalMask() >>> move & 1) != 0, "legal move " + move + " at " + board.text());
                    board.play(move);
                    exported.played(board.copy(), move);
                    opponent.played(board.copy(), move);
                }
            }
        }
    }

    /**
     * The java command line of {@code DIR/engine.bat} as a Linux process runs it: {@code %~dp0}
     * becomes {@code DIR/}, backslashes slashes, {@code %java%} the running JVM; {@code %JAVA_OPTS%}
     * and {@code %*} are empty. Fails when the file holds no such line.
     */
    static String batCommand(Path dir) throws IOException {
        String bat = Files.readString(dir.resolve(BundleWriter.LAUNCHER + BundleWriter.BAT));
        String line = bat.lines().filter(l -> l.startsWith("\"%java%\"")).findFirst()
                .orElseThrow(() -> new AssertionError("no java line in engine.bat:\n" + bat));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return line.replace("\"%java%\"", "'" + java + "'").replace("%JAVA_OPTS%", "").replace("%*", "")
                .replace("%~dp0", dir + "/").replace('\\', '/').replace('"', '\'');
    }

    @Test
    void theLaunchersRunTheSameEntryPointFromTheirOwnDirectory(@TempDir Path tmp) throws IOException {
        String sh = BundleWriter.launcher("N", "what", "");
        String bat = BundleWriter.batLauncher("N", "what", "");
        String serveBat = BundleWriter.batLauncher("N", "what", " --serve");
        assertTrue(sh.startsWith("#!/bin/sh\n"), sh);
        assertTrue(sh.contains("-cp \"$here/lib/*\" " + BundleWriter.MAIN + " --bundle \"$here\" \"$@\""), sh);
        assertFalse(sh.contains("djl") || sh.contains("OMP_NUM_THREADS"), "no libtorch settings left: " + sh);
        assertTrue(bat.startsWith("@echo off\r\n"), bat);
        assertEquals(bat.lines().count(), bat.split("\r\n").length, "every line ends in CRLF: " + bat);
        assertFalse(bat.replace("\r\n", "").contains("\n"), "no bare LF");
        assertTrue(bat.contains("\"%java%\" %JAVA_OPTS% -cp \"%~dp0lib\\*\" " + BundleWriter.MAIN
                + " --bundle \"%~dp0.\" %*\r\n"), bat);
        assertTrue(bat.contains("if defined JAVA_HOME set \"java=%JAVA_HOME%\\bin\\java\""), bat);
        assertTrue(bat.contains("exit /b %ERRORLEVEL%"), bat);
        // a bundle without the jar of EngineMain is refused in one line; a goto, since a ")" in the path ends a block
        assertTrue(bat.contains("if exist \"%~dp0lib\\oware-export.jar\" goto run\r\n") 
                && bat.lines().filter(l -> !l.startsWith("rem ")).noneMatch(l -> l.contains("(")), bat);
        assertTrue(serveBat.contains("--bundle \"%~dp0.\" --serve %*"), serveBat);
        Path dir = Files.createDirectories(tmp.resolve("b"));
        Files.writeString(dir.resolve(BundleWriter.LAUNCHER + BundleWriter.BAT), bat);
        assertEquals("'" + Path.of(System.getProperty("java.home"), "bin", "java") + "'  -cp '" + dir + "/lib/*' "
                + BundleWriter.MAIN + " --bundle '" + dir + "/.' ", batCommand(dir));
    }

    @Test
    void aBundleForOnePlatformKeepsOnlyItsNativesAndNoDebugSymbols(@TempDir Path tmp) throws IOException {
        Path out = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("win"),
                SearchSettings.of(8, null), null, "win-x64"));
        List<String> natives = natives(out);
        assertTrue(natives.contains("ai/onnxruntime/native/win-x64/onnxruntime.dll"), natives.toString());
        assertTrue(natives.contains("ai/onnxruntime/native/win-x64/onnxruntime4j_jni.dll"), natives.toString());
        assertTrue(natives.stream().allMatch(n -> n.startsWith("ai/onnxruntime/native/win-x64")), natives.toString());
        assertTrue(Files.isRegularFile(out.resolve("engine.bat")));
    }

    @Test
    void aBundleForEveryPlatformHoldsTheNativesOfEach(@TempDir Path tmp) throws IOException {
        Path out = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("all"),
                SearchSettings.of(8, null), null, null));
        List<String> natives = natives(out);
        for (String lib : List.of("linux-x64/libonnxruntime.so", "linux-x64/libonnxruntime4j_jni.so",
                "linux-aarch64/libonnxruntime.so", "linux-aarch64/libonnxruntime4j_jni.so",
                "osx-aarch64/libonnxruntime.dylib", "osx-aarch64/libonnxruntime4j_jni.dylib",
                "win-x64/onnxruntime.dll", "win-x64/onnxruntime4j_jni.dll")) {
            assertTrue(natives.contains("ai/onnxruntime/native/" + lib), lib + " in " + natives);
        }
        assertFalse(natives.stream().anyMatch(n -> n.contains(".dSYM")), "no macOS debug symbols: " + natives);
    }

    @Test
    void anUnknownPlatformIsRefusedAndNothingIsWritten(@TempDir Path tmp) {
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                checkpoint, tmp.resolve("out"), SearchSettings.of(null, null), null, "nosuch")));
        assertTrue(e.getMessage().startsWith("--platform 'nosuch': expected all or one of linux-x64"), e.getMessage());
        assertEquals(List.of(), list(tmp));
    }

    /** The native files (not folders) in the bundle's ONNX Runtime jar. */
    private static List<String> natives(Path bundle) throws IOException {
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(bundle.resolve("lib/onnxruntime-1.29.0.jar").toFile())) {
            assertTrue(zip.getEntry("ai/onnxruntime/OrtSession.class") != null, "the classes stay");
            return zip.stream().map(java.util.zip.ZipEntry::getName)
                    .filter(n -> n.startsWith(OnnxNatives.NATIVE) && !n.endsWith("/")).toList();
        }
    }

    @Test
    void theBundleAnswersJsonLines(@TempDir Path tmp) throws IOException, InterruptedException {
        Path out = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("b"),
                SearchSettings.of(8, null), null));
        Path stderr = tmp.resolve("stderr.txt");
        Process p = new ProcessBuilder(out.resolve(BundleWriter.LAUNCHER).toString(), "--jsonl")
                .directory(tmp.toFile()).redirectError(stderr.toFile()).start();
        try (var w = new java.io.PrintWriter(p.getOutputStream(), true, java.nio.charset.StandardCharsets.UTF_8)) {
            w.println("{\"id\": 1, \"moves\": \"Ff\"}");
            w.println("{\"id\": 2, \"moves\": \"Z\"}");
        }
        List<String> lines = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                .lines().toList();
        assertEquals(0, p.waitFor());
        assertEquals(2, lines.size(), lines.toString());
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertTrue(first.path("move").asText().matches("[A-F]"), lines.get(0));
        assertEquals(8, first.path("nodes").asInt(), "the exported --sims: " + lines.get(0));
        assertTrue(new ObjectMapper().readTree(lines.get(1)).has("error"), lines.get(1));
        String err = Files.readString(stderr);
        assertFalse(err.contains("SLF4J"), "the bundle ships a logging provider: " + err);
    }

    @Test
    void theBundleServesItsPlayerInABrowserPage(@TempDir Path tmp) throws IOException, InterruptedException {
        Path out = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("b"),
                SearchSettings.of(8, null), "ServedNet"));
        assertTrue(Files.isExecutable(out.resolve(BundleWriter.SERVE_LAUNCHER)));
        Process p = new ProcessBuilder(out.resolve(BundleWriter.SERVE_LAUNCHER).toString(), "--port", "0")
                .directory(tmp.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            var stdout = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            String line = stdout.readLine();
            while (line != null && !line.startsWith("Playing ")) {
                line = stdout.readLine();
            }
            assertTrue(line != null && line.startsWith("Playing player at http://127.0.0.1:"), String.valueOf(line));
            String base = line.substring(line.indexOf("http://"), line.indexOf("/ (") + 1);
            var http = java.net.http.HttpClient.newHttpClient();
            var created = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "api/games"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"side\": \"north\"}")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(201, created.statusCode(), created.body());
            JsonNode game = new ObjectMapper().readTree(created.body());
            assertTrue(game.path("moves").asText().matches("[A-F]"), created.body());
            assertEquals("player", game.path("agent").asText());
            assertEquals(8, game.path("reply").path("nodes").asInt(), "the exported --sims: " + created.body());
        } finally {
            p.destroy();
            p.waitFor();
        }
    }

    @Test
    void anExistingNonEmptyOutputIsRefusedAndLeftAlone(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectories(tmp.resolve("taken"));
        Files.writeString(out.resolve("mine.txt"), "keep");
        ExportException e = assertThrows(ExportException.class,
                () -> BundleWriter.write(new BundleWriter.Options(checkpoint, out, SearchSettings.of(null, null), null)));
        assertTrue(e.getMessage().contains("not empty"), e.getMessage());
        assertEquals(List.of(out), list(tmp));
        assertEquals(List.of(out.resolve("mine.txt")), list(out));
    }

    @Test
    void theTemporaryDirectoryOfAKilledExportIsRemovedByTheNextOne(@TempDir Path tmp) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path killed = Files.createDirectories(tmp.resolve(".bundle.tmp-111"));
        Files.writeString(killed.resolve(AtomicDirectory.OWNER), Long.toString(gone.pid()));
        Files.writeString(killed.resolve(BundleWriter.ONNX), "half written");
        Path live = Files.createDirectories(tmp.resolve(".bundle.tmp-222"));
        Files.writeString(live.resolve(AtomicDirectory.OWNER), Long.toString(ProcessHandle.current().pid()));
        Path unknown = Files.createDirectories(tmp.resolve(".bundle.tmp-333"));
        Path other = Files.createDirectories(tmp.resolve(".other.tmp-444"));
        Files.writeString(other.resolve(AtomicDirectory.OWNER), Long.toString(gone.pid()));

        Path out = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("bundle"),
                SearchSettings.of(null, null), null));
        assertTrue(Files.isRegularFile(out.resolve(BundleWriter.ONNX)));
        assertTrue(!Files.exists(out.resolve(AtomicDirectory.OWNER)), "the owner file does not ship");
        assertEquals(List.of(live, unknown, other, out).stream().sorted().toList(), list(tmp),
                "only the dead process's directory for this output is gone");
        assertEquals(List.of(), BundleWriter.removeStale(tmp.getRoot()), "the root has no parent to look in");
    }

    @Test
    void aMissingCheckpointIsRefused(@TempDir Path tmp) {
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                tmp.resolve("no-such-run"), tmp.resolve("out"), SearchSettings.of(null, null), null)));
        assertTrue(e.getMessage().contains("no such checkpoint"), e.getMessage());
        assertEquals(List.of(), list(tmp));
    }

    @Test
    void aCorruptCheckpointWritesNothing(@TempDir Path tmp) throws IOException {
        Path bad = tmp.resolve("bad");
        copyTree(checkpoint, Files.createDirectories(bad));
        Path params = bad.resolve(Checkpoints.PARAMS);
        byte[] bytes = Files.readAllBytes(params);
        bytes[bytes.length / 2] ^= 1;
        Files.write(params, bytes);
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                bad, tmp.resolve("out"), SearchSettings.of(null, 100L), null)));
        assertTrue(e.getMessage().contains(Checkpoints.PARAMS), e.getMessage());
        assertEquals(List.of(bad), list(tmp), "neither the output nor a temporary directory is left");
    }

    @Test
    void aMismatchedCheckpointIsRefused(@TempDir Path tmp) throws IOException {
        Path bad = tmp.resolve("mismatched");
        copyTree(checkpoint, Files.createDirectories(bad));
        Path meta = bad.resolve(Checkpoints.META);
        Files.writeString(meta, Files.readString(meta).replace("\"compact/1\"", "\"planes/1\""));
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                bad, tmp.resolve("out"), SearchSettings.of(null, null), null)));
        assertTrue(e.getMessage().contains("planes/1"), e.getMessage());
        assertEquals(List.of(bad), list(tmp));
    }

    /** Issue 27 section 4: the one before a corrupt newest checkpoint is not exported with no word. */
    @Test
    void aRunWhoseNewestCheckpointIsCorruptIsRefusedNamingIt(@TempDir Path tmp) throws IOException {
        Path copy = tmp.resolve("run");
        Path older = copy.resolve("checkpoints").resolve(checkpoint.getFileName());
        Files.createDirectories(older);
        for (Path f : list(checkpoint)) {
            Files.copy(f, older.resolve(f.getFileName()));
        }
        Path newer = Files.createDirectories(copy.resolve("checkpoints").resolve("step-00000009"));
        String meta = Files.readString(checkpoint.resolve(Checkpoints.META));
        Files.writeString(newer.resolve(Checkpoints.META), meta.substring(0, meta.length() / 2));
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                copy, tmp.resolve("out"), SearchSettings.of(null, null), null)));
        assertTrue(e.getMessage().startsWith(copy + ": the run's newest checkpoint step-00000009 cannot be read ("),
                e.getMessage());
        assertTrue(e.getMessage().contains("name an older one to use it, e.g. " + older.toAbsolutePath()), e.getMessage());
        assertEquals(List.of(copy), list(tmp), "nothing exported");
        // Once its newest checkpoint is whole, the run resolves to it.
        Files.copy(checkpoint.resolve(Checkpoints.META), newer.resolve(Checkpoints.META),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.createDirectories(copy.resolve("checkpoints").resolve(".step-00000011.tmp-123"));
        Files.writeString(copy.resolve("checkpoints").resolve(".step-00000011.tmp-123").resolve(Checkpoints.META), "{");
        assertEquals(newer.toAbsolutePath(), org.owarelab.model.ModelRef.resolve(copy, "run").checkpoint(),
                "a killed writer's temporary directory is not a checkpoint");
    }

    @Test
    void anUnwritableOutputIsRefused(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                checkpoint, file.resolve("out"), SearchSettings.of(null, null), null)));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        ExportException f = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                checkpoint, file, SearchSettings.of(null, null), null)));
        assertTrue(f.getMessage().contains("not a directory"), f.getMessage());
        assertEquals(List.of(file), list(tmp));
    }

    @Test
    void searchSettingsAndNamesAreChecked() {
        assertThrows(ExportException.class, () -> SearchSettings.of(10, 100L));
        assertThrows(ExportException.class, () -> SearchSettings.of(0, null));
        assertThrows(ExportException.class, () -> SearchSettings.of(null, 0L));
        ExportException e = assertThrows(ExportException.class, () -> BundleWriter.write(new BundleWriter.Options(
                checkpoint, shared.resolve("named"), SearchSettings.of(null, null), "has space")));
        assertTrue(e.getMessage().contains("--name"), e.getMessage());
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
