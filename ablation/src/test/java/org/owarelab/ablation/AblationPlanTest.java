package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan: expansion of an ablation file into variants, and errors placed at the key that caused them. */
class AblationPlanTest {
    @TempDir
    Path tmp;

    @Test
    void aGridCrossedWithZippedRowsExpandsInOrderWithNamedVariants() throws Exception {
        Path f = Tiny.write(tmp, "a.yaml", Tiny.head(1) + """
                grid:
                  network.aux: [true, false]
                  selfplay.simulations: [8, 16]
                zip:
                  selfplay.search.gumbel.enabled: [false, true]
                  selfplay.search.noise.fraction: [0.25, 0.0]
                seeds: [3, 4]
                """);
        AblationPlan plan = AblationPlan.load(f);
        assertEquals(List.of("network.aux", "selfplay.simulations", "selfplay.search.gumbel.enabled",
                "selfplay.search.noise.fraction"), plan.axes());
        assertEquals(8, plan.variants().size());
        assertEquals(16, plan.runs());
        assertEquals("aux=true_simulations=8_gumbel.enabled=false_noise.fraction=0.25", plan.variants().get(0).name());
        assertEquals("aux=true_simulations=8_gumbel.enabled=true_noise.fraction=0.0", plan.variants().get(1).name());
        assertEquals("aux=false_simulations=16_gumbel.enabled=true_noise.fraction=0.0", plan.variants().get(7).name());
        AblationPlan.Variant v = plan.variants().get(7);
        assertFalse(v.config().network().aux());
        assertEquals(16, v.config().selfplay().simulations());
        assertTrue(v.config().selfplay().search().gumbel().enabled());
        assertEquals(0.0, v.config().selfplay().search().noise().fraction());
        assertEquals(1, v.config().loop().generations(), "set: applies to every variant");
        assertEquals("houses=3,seeds=3", v.config().rules(), "the embedded tiny base");
        assertEquals(4, v.config(4).seed());
        assertEquals(List.of(3L, 4L), plan.seeds());
    }

    @Test
    void everyShippedStudyExpandsAndUsesRealConfigKeys() throws Exception {
        List<Path> studies;
        try (var files = Files.list(Path.of("..", "configs", "ablations"))) {
            studies = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(studies.size() >= 5, "simulations, gumbel, playout cap, encoder, margin head: " + studies);
        for (Path f : studies) {
            AblationPlan plan = loadWithItsTables(f);
            assertTrue(plan.variants().size() >= 2, f + " varies something");
            assertTrue(plan.seeds().size() >= 3, f + " has at least 3 seeds");
        }
        assertEquals(List.of("mlp-14gen", "resnet2x32-4gen"), AblationPlan.load(Path.of("..", "configs", "ablations",
                "resnet.yaml")).variants().stream().map(AblationPlan.Variant::name).toList());
        AblationPlan sims = AblationPlan.load(Path.of("..", "configs", "ablations", "simulations.yaml"));
        assertEquals(List.of(25, 50, 100, 200), sims.variants().stream().map(v -> v.config().selfplay().simulations())
                .toList());
        assertTrue(sims.variants().stream().allMatch(v -> v.config().loop().maxWallSeconds() > 0), "equal wall time");
    }
    /**
     * A study that names a table file (table-targets.yaml: {@code tables-12.owtb}, built by the user in
     * the directory the study runs from) is refused here, where no such table is, with the command
     * that builds one; a copy of it pointed at a small table for the same rules then expands, so its
     * keys are checked as every other study's are.
     */
    private AblationPlan loadWithItsTables(Path f) throws Exception {
        String text = Files.readString(f);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(tables-\\d+\\.owtb)").matcher(text);
        if (!m.find() || Files.exists(Path.of(m.group(1)))) {
            return AblationPlan.load(f);
        }
        AblationException missing = assertThrows(AblationException.class, () -> AblationPlan.load(f));
        assertTrue(missing.getMessage().contains(m.group(1) + ": no such file (build one with: oware tables build"),
                missing.getMessage());
        Path table = tmp.resolve("small.owtb");
        if (!Files.exists(table)) {
            new org.owarelab.tables.TableBuilder(org.owarelab.rules.RuleSet.parse(""), 4, 1, line -> { }).build().save(table);
        }
        Path copy = tmp.resolve(f.getFileName());
        Files.writeString(copy, text.replace(m.group(1), table.toString())
                .replace("base: ../", "base: " + f.toAbsolutePath().getParent().getParent() + "/"));
        return AblationPlan.load(copy);
    }

    @Test
    void namedZippedRowsNameTheirVariantsAndAreNoAxis() throws Exception {
        Path f = Tiny.write(tmp, "n.yaml", Tiny.head(1) + """
                grid:
                  selfplay.simulations: [8, 16]
                zip:
                  selfplay.search.gumbel.enabled: [false, true]
                  name: [puct, gumbel]
                  selfplay.search.noise.fraction: [0.25, 0.0]
                """);
        AblationPlan plan = AblationPlan.load(f);
        assertEquals(List.of("selfplay.simulations", "selfplay.search.gumbel.enabled", "selfplay.search.noise.fraction"),
                plan.axes());
        assertEquals(List.of("simulations=8_puct", "simulations=8_gumbel", "simulations=16_puct", "simulations=16_gumbel"),
                plan.variants().stream().map(AblationPlan.Variant::name).toList());
        AblationPlan.Variant v = plan.variants().get(3);
        assertEquals(Map.of("selfplay.simulations", "16", "selfplay.search.gumbel.enabled", "true",
                "selfplay.search.noise.fraction", "0.0"), v.axes());
        assertTrue(v.config().selfplay().search().gumbel().enabled());
        assertTrue(v.overrides().stream().noneMatch(o -> o.startsWith("name=")), v.overrides().toString());

        Path zipOnly = Tiny.write(tmp, "m.yaml", Tiny.head(1) + "zip:\n  name: [a, b]\n  network.aux: [true, false]\n");
        assertEquals(List.of("a", "b"), AblationPlan.load(zipOnly).variants().stream().map(AblationPlan.Variant::name)
                .toList());
    }

    @Test
    void badRowNamesAreRefusedAtTheirLine() throws Exception {
        String zip = Tiny.head(1) + "zip:\n  network.aux: [true, false]\n";
        Path count = Tiny.write(tmp, "c.yaml", zip + "  name: [only]\n");
        AblationException e = assertThrows(AblationException.class, () -> AblationPlan.load(count));
        assertEquals(count + ":12: key zip.name: 1 names for 2 zipped rows (expected one name per row)", e.getMessage());

        Path twice = Tiny.write(tmp, "t.yaml", zip + "  name:\n    - a\n    - a\n");
        e = assertThrows(AblationException.class, () -> AblationPlan.load(twice));
        assertTrue(e.getMessage().startsWith(twice + ":14: key zip.name: name a is listed twice"), e.getMessage());

        Path unsafe = Tiny.write(tmp, "u.yaml", zip + "  name:\n    - ok\n    - ../up\n");
        e = assertThrows(AblationException.class, () -> AblationPlan.load(unsafe));
        assertTrue(e.getMessage().startsWith(unsafe + ":14: key zip.name: name \"../up\" is not a plain name"),
                e.getMessage());

        Path alone = Tiny.write(tmp, "l.yaml", Tiny.head(1) + "zip:\n  name: [a, b]\n");
        e = assertThrows(AblationException.class, () -> AblationPlan.load(alone));
        assertTrue(e.getMessage().startsWith(alone + ":11: key zip.name: names the zipped rows, but no other key"),
                e.getMessage());
    }

    @Test
    void anOverrideTheConfigRefusesIsPlacedAtItsOwnKeyAndLine() throws Exception {
        // The config loader blames the override; the plan finds it by the exception's field, not its text.
        String head = Tiny.head(1).replace("  arena.finalGames: 2\n", "  arena.finalGames: 2\n  selfplay.nosuch: 3\n");
        Path set = Tiny.write(tmp, "s.yaml", head);
        AblationException e = assertThrows(AblationException.class, () -> AblationPlan.load(set));
        assertTrue(e.getMessage().startsWith(set + ":10: key set.selfplay.nosuch: unknown key 'nosuch'"), e.getMessage());

        Path grid = Tiny.write(tmp, "g.yaml", Tiny.head(1) + "grid:\n  selfplay.simulations:\n    - 8\n    - -1\n");
        e = assertThrows(AblationException.class, () -> AblationPlan.load(grid));
        assertTrue(e.getMessage().startsWith(grid + ":13: key grid.selfplay.simulations: "), e.getMessage());
        assertFalse(e.getMessage().contains("--set"), "the problem alone, no override text: " + e.getMessage());

        Path zip = Tiny.write(tmp, "z.yaml", Tiny.head(1) + "zip:\n  network.aux: [true, false]\n"
                + "  loop.generations: [1, x]\n");
        e = assertThrows(AblationException.class, () -> AblationPlan.load(zip));
        assertTrue(e.getMessage().startsWith(zip + ":12: key zip.loop.generations: expected a whole number"),
                e.getMessage());
    }

    @Test
    void anEmptyBaseConfigIsRefusedNotReplacedByTheDefaults() throws Exception {
        Files.writeString(tmp.resolve("empty.yaml"), "# nothing yet\n");
        Path f = Tiny.write(tmp, "e.yaml", Tiny.head(1).replace("base: tiny", "base: empty.yaml"));
        AblationException e = assertThrows(AblationException.class, () -> AblationPlan.load(f));
        assertTrue(e.getMessage().startsWith(f + ":1: key base: "), e.getMessage());
        assertTrue(e.getMessage().contains("empty.yaml is empty (expected a training config"), e.getMessage());
    }

    @Test
    void aDuplicatedKeyIsAnErrorAtItsSecondLine() throws Exception {
        Path f = Tiny.write(tmp, "d.yaml", Tiny.head(1) + "seeds: [1, 2]\nevaluation:\n  games: 2\n  games: 4\n");
        AblationException e = assertThrows(AblationException.class, () -> AblationPlan.load(f));
        assertEquals(f + ":13: key evaluation.games: duplicate key 'games' (expected each key once)", e.getMessage());
    }

    @Test
    void noAxisGivesOneVariantNamedBaseAndTheBasesSeed() throws Exception {
        AblationPlan plan = AblationPlan.load(Tiny.write(tmp, "b.yaml", Tiny.head(1)));
        assertEquals(List.of(), plan.axes());
        assertEquals(1, plan.variants().size());
        assertEquals("base", plan.variants().get(0).name());
        assertEquals(List.of(plan.variants().get(0).config().seed()), plan.seeds());
    }

    @Test
    void variantNamesKeepTwoKeySegmentsForGenericOrSharedLastSegments() {
        List<String> axes = List.of("selfplay.search.gumbel.enabled", "network.aux", "a.simulations", "b.simulations");
        assertEquals("gumbel.enabled=true", VariantNames.name(Map.of("selfplay.search.gumbel.enabled", "true"), axes));
        assertEquals("aux=false", VariantNames.name(Map.of("network.aux", "false"), axes));
        assertEquals("a.simulations=8", VariantNames.name(Map.of("a.simulations", "8"), axes));
        assertEquals("hidden=64x64", VariantNames.name(Map.of("network.hidden", "64x64"), List.of("network.hidden")));
        assertEquals("opponents=greedy-alphabeta-depth=2", VariantNames.name(Map.of("arena.opponents",
                "greedy,alphabeta:depth=2"), List.of("arena.opponents")), "made safe as a directory name");
    }

    @Test
    void planJsonHoldsEveryVariantsResolvedConfig() throws Exception {
        AblationPlan plan = AblationPlan.load(Tiny.write(tmp, "j.yaml", Tiny.head(1)
                + "grid:\n  selfplay.simulations: [8, 16]\nseeds: [1, 2]\n"));
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(plan.planJson());
        assertEquals(1, json.path("format").asInt());
        assertEquals(2, json.path("variants").size());
        assertEquals(16, json.path("variants").path(1).path("config").path("selfplay").path("simulations").asInt());
        assertEquals("selfplay.simulations=16", json.path("variants").path(1).path("overrides").path(7).asText());
        assertTrue(Files.notExists(tmp.resolve("ablations")), "loading writes nothing");
    }
}
