package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.owarelab.ablation.AblationPlan;
import org.owarelab.training.loop.RunDirectory;
import org.owarelab.training.loop.Trainer;

/** {@code oware ablate}: expansion, validation, dry run, a tiny ablation end to end, resuming. */
class AblateCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The tiny board, shortened to seconds per run. */
    private static final String TINY = """
            base: tiny
            set:
              loop.generations: %d
              loop.gamesPerGeneration: 8
              selfplay.parallelGames: 4
              selfplay.simulations: 8
              replay.minPositions: 32
              loop.maxStepsPerGeneration: 5
              arena.finalGames: 2
            """;

    @TempDir
    Path tmp;

    private Path write(String name, String text) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    static Stream<Arguments> badFiles() {
        String tiny = String.format(TINY, 1);
        return Stream.of(
                Arguments.of(tiny + "sedes: [1, 2]\n", 10, "sedes", "unknown key"),
                Arguments.of(tiny + "grid:\n  selfplay.nosuch: [1, 2]\n", 11, "grid.selfplay.nosuch", "unknown key 'nosuch'"),
                Arguments.of(tiny + "grid:\n  network.aux: []\n", 11, "grid.network.aux", "empty axis"),
                Arguments.of(tiny + "grid:\n  selfplay.simulations:\n    - 8\n    - 0\n", 13, "grid.selfplay.simulations",
                        "simulations=0"),
                Arguments.of(tiny.replace("base: tiny", "base: nosuch.yaml"), 1, "base", "no such file"),
                Arguments.of(tiny + "zip:\n  network.aux: [true, false]\n  selfplay.simulations: [8, 16, 32]\n", 12,
                        "zip.selfplay.simulations", "equal length"),
                Arguments.of(tiny.replace("loop.generations: 1", "loop.generations: abc"), 3, "set.loop.generations",
                        "expected a whole number"),
                Arguments.of(tiny + "zip:\n  selfplay.search.gumbel.enabled: [false, true]\n", 11,
                        "zip.selfplay.search.gumbel.enabled", "Gumbel"),
                Arguments.of(tiny + "evaluation:\n  opponents: [nosuchagent]\n", 11, "evaluation.opponents", "nosuchagent"),
                Arguments.of(tiny + "evaluation:\n  games: 2\n  mode: time\n", 10, "evaluation.movetimeMs",
                        "mode: time needs the milliseconds per move"),
                Arguments.of(tiny + "evaluation:\n  mode: time\n  movetimeMs: 0\n", 12, "evaluation.movetimeMs",
                        "0 (mode: time needs"),
                Arguments.of(tiny + "evaluation:\n  movetimeMs: 50\n", 11, "evaluation.movetimeMs",
                        "used only with mode: time"),
                Arguments.of(tiny + "evaluation:\n  mode: clock\n", 11, "evaluation.mode", "expected sims"),
                // Issue 27: a duplicated key was the last one silently; grid: {} ran the base alone.
                Arguments.of(tiny + "seeds: [1, 2]\nseeds: [3]\n", 11, "seeds", "duplicate key 'seeds'"),
                Arguments.of(tiny + "grid: {}\n", 10, "grid", "empty (expected at least one axis"),
                Arguments.of(tiny + "zip: {}\n", 10, "zip", "empty (expected at least one axis"),
                // Issue 27: Java types in the message (ArrayList<JsonNode>, JsonToken.START_ARRAY).
                Arguments.of(tiny + "grid:\n  network.aux: {a: 1}\n", 11, "grid.network.aux",
                        "expected a list, e.g. [1, 2], got a section of keys"),
                Arguments.of(tiny + "seeds: {a: 1}\n", 10, "seeds", "expected a list"),
                Arguments.of(tiny + "evaluation: [1]\n", 10, "evaluation", "expected a section of keys"));
    }

    @ParameterizedTest
    @MethodSource("badFiles")
    void aBadFileIsOneLineWithFileLineAndKeyExitTwoAndNothingWritten(String text, int line, String key, String what)
            throws Exception {
        Path f = write("bad.yaml", text);
        Path out = tmp.resolve("out");
        Cli r = Cli.run("ablate", f.toString(), "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        String[] lines = r.err().strip().split("\\R");
        assertEquals(1, lines.length, r.err());
        assertTrue(lines[0].startsWith("oware ablate: " + f + ":" + line + ": key " + key + ": "), lines[0]);
        assertTrue(lines[0].contains(what), lines[0]);
        for (String java : List.of("java.", "JsonToken", "START_", "JsonNode", "AblationFile", "`")) {
            assertFalse(lines[0].contains(java), "no Java in the user's message: " + lines[0]);
        }
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aDryRunPrintsTheVariantsAndTheCostAndWritesNothing() throws Exception {
        Path f = write("d.yaml", String.format(TINY, 2) + "grid:\n  selfplay.simulations: [8, 16]\nseeds: [1, 2, 3]\n");
        Path out = tmp.resolve("out");
        Cli r = Cli.run("ablate", f.toString(), "--out", out.toString(), "--dry-run");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("2 variants x seeds [1, 2, 3] = 6 runs"), r.out());
        assertTrue(r.out().contains("variant simulations=8 "), r.out());
        assertTrue(r.out().contains("variant simulations=16 "), r.out());
        assertTrue(r.out().contains("differs from simulations=8 in:\n  selfplay:\n    simulations: 16"), r.out());
        // 6 runs x 2 generations x 8 games; simulations 2 runs-worth... x 80 plies: 3 x 2 x 8 x 80 x (8 + 16).
        assertTrue(r.out().contains("cost (from the configs): 96 self-play games, ~9.22e+04 simulations"), r.out());
        assertTrue(r.out().contains("at most 60 learner steps"), r.out());
        assertTrue(r.out().contains("round robin of 8 players (2 fixed opponents + 6 checkpoints): 28 pairs x 10 games"),
                r.out());
        assertTrue(r.out().contains("training time: unknown until a run has measured the pace"), r.out());
        assertFalse(Files.exists(out));
    }

    @Test
    void timeModeGivesCheckpointsAndSearchingOpponentsTheMoveTimeAndPlaysThePool() throws Exception {
        String eval = "evaluation:\n  opponents: [greedy, alphabeta, \"alphabeta:depth=2\", \"mcts:sims=4\"]\n"
                + "  games: 2\n  mode: time\n  movetimeMs: 5\n";
        Path f = write("t.yaml", String.format(TINY, 1) + "seeds: [1]\n" + eval);
        Path out = tmp.resolve("timed");
        Cli dry = Cli.run("ablate", f.toString(), "--out", out.toString(), "--dry-run");
        assertEquals(0, dry.code(), dry.err());
        assertTrue(dry.out().contains("10 pairs x 2 games = 20 games at 5 ms per move"), dry.out());

        Cli r = Cli.run("ablate", f.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("4 fixed opponents + 1 checkpoint, round robin, 2 games per pair at 5 ms per move"),
                r.out());
        List<String> games = Files.readAllLines(out.resolve("eval/games.jsonl"));
        assertEquals(10 * 2, games.size(), "5 players, 10 pairs, 2 games each");
        java.util.Set<String> players = new java.util.TreeSet<>();
        for (String g : games) {
            JsonNode n = JSON.readTree(g);
            players.add(n.path("south").asText());
            players.add(n.path("north").asText());
        }
        String checkpoint = players.stream().filter(p -> p.startsWith("puct:")).findFirst().orElseThrow();
        assertTrue(checkpoint.endsWith(",movetime=5") && !checkpoint.contains("sims="), checkpoint);
        assertEquals(java.util.Set.of("greedy", "alphabeta:movetime=5", "alphabeta:depth=2", "mcts:sims=4", checkpoint),
                players, "an explicit depth or sims is kept; greedy does not search");
        List<String> results = Files.readAllLines(out.resolve("results.csv"));
        assertTrue(results.get(0).endsWith(",score:greedy,score:alphabeta:movetime=5,score:alphabeta:depth=2,"
                + "score:mcts:sims=4"), results.get(0));
        assertTrue(Files.readString(out.resolve("report.md")).contains("PUCT at 5 ms per move"));
    }

    @Test
    void aTinyAblationWritesTheResultSchemaAndAnAddedSeedTrainsOnlyItsRuns() throws Exception {
        String head = String.format(TINY, 1) + "grid:\n  network.aux: [true, false]\n";
        String eval = "evaluation:\n  opponents: [random, greedy]\n  games: 2\n  sims: 8\n";
        Path f = write("e.yaml", head + "seeds: [1, 2]\n" + eval);
        Path out = tmp.resolve("abl");
        Cli r = Cli.run("ablate", f.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.out() + r.err());

        List<String> results = Files.readAllLines(out.resolve("results.csv"));
        assertEquals("variant,seed,elo,elo_lo,elo_hi,wall_s,positions,learner_steps,axis:network.aux,score:random,"
                + "score:greedy", results.get(0));
        assertEquals(5, results.size(), String.join("\n", results));
        assertTrue(results.get(1).startsWith("aux=true,1,"), results.get(1));
        assertTrue(results.get(4).startsWith("aux=false,2,"), results.get(4));
        for (String row : results.subList(1, 5)) {
            String[] c = row.split(",", -1);
            assertEquals(11, c.length, row);
            double elo = Double.parseDouble(c[2]);
            assertTrue(Double.parseDouble(c[3]) <= elo && elo <= Double.parseDouble(c[4]), row);
            assertEquals(c[0].equals("aux=true,") || c[0].startsWith("aux=true") ? "true" : "false", c[8]);
            double score = Double.parseDouble(c[9]);
            assertTrue(score >= 0 && score <= 1, row);
            assertTrue(Long.parseLong(c[6]) > 0, "positions: " + row);
        }
        List<String> curves = Files.readAllLines(out.resolve("curves.csv"));
        assertEquals("variant,seed,generation,wall_s,positions,learner_steps,elo,elo_lo,elo_hi", curves.get(0));
        assertEquals(5, curves.size(), "final checkpoints only: one point per run");
        assertTrue(curves.get(1).startsWith("aux=true,1,1,"), curves.get(1));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## network.aux"), report);
        assertTrue(report.contains("| true | 2 |") && report.contains("| false | 2 |"), report);
        assertTrue(report.contains("Welch p = "), report);
        for (String png : new String[] {"elo-vs-time.png", "elo-vs-positions.png"}) {
            byte[] b = Files.readAllBytes(out.resolve(png));
            assertTrue(b.length > 1000 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G', png);
        }
        JsonNode plan = JSON.readTree(out.resolve("plan.json").toFile());
        assertEquals(2, plan.path("variants").size());
        assertEquals("aux=false", plan.path("variants").path(1).path("name").asText());
        assertFalse(plan.path("variants").path(1).path("config").path("network").path("aux").asBoolean(true));
        assertEquals(Files.readString(f), Files.readString(out.resolve("ablation.yaml")));
        Path run = out.resolve("runs/aux=true/seed-1");
        assertEquals(1, new RunDirectory(run).readState().generation(), "an ordinary run directory");
        int gamesBefore = Files.readAllLines(out.resolve("eval/games.jsonl")).size();
        assertEquals(15 * 2, gamesBefore, "6 players, 15 pairs, 2 games each");

        // A third seed: only its two runs train, and only the games of their checkpoints are played.
        FileTime stamp = Files.getLastModifiedTime(run.resolve("state.json"));
        Files.writeString(f, head + "seeds: [1, 2, 3]\n" + eval);
        Cli again = Cli.run("ablate", f.toString(), "--out", out.toString());
        assertEquals(0, again.code(), again.out() + again.err());
        assertTrue(again.out().contains("6 runs; 4 finished already, 2 to train"), again.out());
        assertTrue(again.out().contains(gamesBefore + " games saved, " + (28 * 2 - gamesBefore) + " to play"), again.out());
        assertEquals(stamp, Files.getLastModifiedTime(run.resolve("state.json")), "a finished run is not trained again");
        assertTrue(Files.isRegularFile(out.resolve("runs/aux=false/seed-3/state.json")));
        assertEquals(7, Files.readAllLines(out.resolve("results.csv")).size());
        assertTrue(Files.readString(out.resolve("report.md")).contains("| true | 3 |"));
    }

    @Test
    void aRunKilledHalfWayIsResumedFromItsCheckpoint() throws Exception {
        Path f = write("k.yaml", String.format(TINY, 2) + "seeds: [5]\n"
                + "evaluation:\n  opponents: [random]\n  games: 2\n  sims: 8\n");
        Path out = tmp.resolve("abl");
        AblationPlan plan = AblationPlan.load(f);
        // What a kill after generation 1's checkpoint leaves: the planned config, the state after generation 1.
        Path run = out.resolve("runs/base/seed-5");
        var planned = plan.variants().get(0).config(5);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(org.owarelab.training.config.ConfigLoader.parse(null, "", planned,
                List.of("loop.generations=1")), run, "test", new PrintStream(log, true, StandardCharsets.UTF_8));
        Files.writeString(run.resolve("config.yaml"), planned.toYaml());
        assertEquals(1, new RunDirectory(run).readState().generation());

        Cli r = Cli.run("ablate", f.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("run 1/1 base seed 5: resuming at generation 2"), r.err());
        assertEquals(2, new RunDirectory(run).readState().generation());
        List<String> metrics = Files.readAllLines(run.resolve("metrics.jsonl"));
        assertEquals(2, metrics.size(), "generation 1 is kept, generation 2 trained: " + metrics);
        assertTrue(Files.readString(out.resolve("logs/base-seed-5.log")).contains("resuming at generation 2"));
        assertEquals(2, Files.readAllLines(out.resolve("results.csv")).size());

        // The file changed under the finished run: refused, not mixed, and nothing rewritten.
        String results = Files.readString(out.resolve("results.csv"));
        Files.writeString(f, Files.readString(f).replace("selfplay.simulations: 8", "selfplay.simulations: 9"));
        Cli changed = Cli.run("ablate", f.toString(), "--out", out.toString());
        assertEquals(2, changed.code(), changed.err());
        assertTrue(changed.err().contains("this run was started with another config"), changed.err());
        assertEquals(results, Files.readString(out.resolve("results.csv")));
    }
}
