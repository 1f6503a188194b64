package org.owarelab.training.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest {
    record Net(String kind, List<Integer> hidden, double lr) {
        Net {
            if (lr <= 0) {
                throw new IllegalArgumentException("lr must be > 0, got " + lr);
            }
            hidden = List.copyOf(hidden);
        }
    }

    record Sample(long seed, int games, Net net) {
        Sample {
            if (games > 1000) {
                throw new IllegalArgumentException("games=" + games + ": expected at most 1000");
            }
        }
    }

    private static final Sample DEFAULTS = new Sample(1, 10, new Net("mlp", List.of(64, 64), 0.01));

    @Test
    void absentKeysKeepDefaultsAndPresentOnesReplaceThem() {
        Sample s = ConfigLoader.parse("seed: 7\nnet:\n  lr: 0.5\n", "x.yaml", DEFAULTS, List.of());
        assertEquals(new Sample(7, 10, new Net("mlp", List.of(64, 64), 0.5)), s);
        assertEquals(DEFAULTS, ConfigLoader.parse("", "x.yaml", DEFAULTS, List.of()));
    }

    @Test
    void overridesApplyAfterTheFileAndAreParsedAsYaml() {
        Sample s = ConfigLoader.parse("games: 3\n", "x.yaml", DEFAULTS, List.of("games=5", "net.hidden=[8, 4]"));
        assertEquals(5, s.games());
        assertEquals(List.of(8, 4), s.net().hidden());
    }

    @Test
    void unknownKeyNamesLineColumnAndKnownKeys() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("seed: 1\nnet:\n  lr: 0.1\n  layers: 3\n", "q.yaml", DEFAULTS, List.of()));
        assertTrue(e.getMessage().startsWith("q.yaml:4:3: "), e.getMessage());
        assertTrue(e.getMessage().contains("unknown key 'layers'"), e.getMessage());
        assertTrue(e.getMessage().contains("hidden, kind, lr"), e.getMessage());
    }

    @Test
    void badTypeNamesTheKey() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("seed: 1\ngames: many\n", "q.yaml", DEFAULTS, List.of()));
        assertEquals("q.yaml:2:1: 'games': expected a whole number, got 'many'", e.getMessage());
    }

    /** An override is blamed for its own errors, element errors included, in plain words. */
    @Test
    void badOverrideValuesNameTheOverrideAndWhatWasExpected() {
        String file = "net:\n  hidden: [8, 8]\n";
        assertEquals("--set net.hidden=[64,abc]: expected a whole number, got 'abc'", assertThrows(ConfigException.class,
                () -> ConfigLoader.parse(file, "q.yaml", DEFAULTS, List.of("net.hidden=[64,abc]"))).getMessage());
        assertEquals("--set net=3: expected a section of keys (key: value lines below it)", assertThrows(ConfigException.class,
                () -> ConfigLoader.parse(file, "q.yaml", DEFAULTS, List.of("net=3"))).getMessage());
        assertEquals("--set net.hidden=5: expected a list, e.g. [64, 64]", assertThrows(ConfigException.class,
                () -> ConfigLoader.parse(file, "q.yaml", DEFAULTS, List.of("net.hidden=5"))).getMessage());
        assertEquals("--set games=[1]: expected a whole number", assertThrows(ConfigException.class,
                () -> ConfigLoader.parse(file, "q.yaml", DEFAULTS, List.of("games=[1]"))).getMessage());
        assertEquals("--set games=2000: games=2000: expected at most 1000", assertThrows(ConfigException.class,
                () -> ConfigLoader.parse(file, "q.yaml", DEFAULTS, List.of("seed=3", "games=2000", "seed=4"))).getMessage(),
                "a whole-record check is blamed on the override that broke it");
        assertTrue(assertThrows(ConfigException.class, () -> ConfigLoader.parse("games: 2000\n", "q.yaml", DEFAULTS,
                List.of("seed=3"))).getMessage().startsWith("q.yaml: games=2000"), "and on the file when the file broke it");
    }

    @Test
    void validationErrorsFromRecordsAreReportedWithTheirPlace() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("net:\n  lr: -1\n", "q.yaml", DEFAULTS, List.of()));
        assertTrue(e.getMessage().startsWith("q.yaml:"), e.getMessage());
        assertTrue(e.getMessage().contains("lr must be > 0, got -1.0"), e.getMessage());
    }

    @Test
    void badOverridesNameTheOverride() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("", "q.yaml", DEFAULTS, List.of("net.lr=abc")));
        assertTrue(e.getMessage().startsWith("--set net.lr=abc: "), e.getMessage());
        ConfigException s = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("", "q.yaml", DEFAULTS, List.of("nett.lr=1")));
        assertTrue(s.getMessage().contains("'nett' is not a section"), s.getMessage());
        ConfigException u = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("", "q.yaml", DEFAULTS, List.of("net.depth=1")));
        assertTrue(u.getMessage().contains("unknown key 'depth'"), u.getMessage());
        // Found by OverridePropertyTest: '.=' used to fail with an index out of bounds.
        for (String bad : List.of(".=", ".=1", "net.=1", ".net.lr=1", "net..lr=1", " . =1")) {
            ConfigException d = assertThrows(ConfigException.class,
                    () -> ConfigLoader.parse("", "q.yaml", DEFAULTS, List.of(bad)), bad);
            assertTrue(d.getMessage().startsWith("--set " + bad + ": expected key.path=value with a name between"),
                    d.getMessage());
        }
    }

    @Test
    void anErrorBlamedOnAnOverrideCarriesItAndTheProblemAsFields() {
        for (String[] c : new String[][] {
            {"net.lr=abc", "net.lr", "expected a number"},
            {"nett.lr=1", "nett.lr", "'nett' is not a section"},
            {"net.depth=1", "net.depth", "unknown key 'depth'"},
            {"games=5000", "games", "games=5000: expected at most 1000"},
            {"net..lr=1", "net..lr", "expected key.path=value with a name between"},
        }) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> ConfigLoader.parse("", "q.yaml", DEFAULTS, List.of("seed=3", c[0])), c[0]);
            assertEquals(c[0], e.override(), e.getMessage());
            assertEquals(c[1], e.key(), e.getMessage());
            assertTrue(e.problem().startsWith(c[2]), e.problem());
            assertEquals("--set " + c[0] + ": " + e.problem(), e.getMessage());
        }
        ConfigException file = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("games: x\n", "q.yaml", DEFAULTS, List.of("seed=3")));
        assertEquals(null, file.override(), "the file's own error blames no override: " + file.getMessage());
        assertEquals(null, file.key());
        assertEquals(file.getMessage(), file.problem());
    }

    @Test
    void aDuplicatedKeyIsAnErrorNotTheLastValue() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("seed: 1\nnet:\n  lr: 0.5\n  lr: 0.1\n", "q.yaml", DEFAULTS, List.of()));
        assertTrue(e.getMessage().startsWith("q.yaml:4:"), e.getMessage());
        assertTrue(e.getMessage().endsWith("'net.lr': duplicate key 'lr' (expected each key once)"), e.getMessage());
    }

    @Test
    void anEmptyFileIsRecognisedSoThatLoadingOneIsAnError() {
        for (String empty : List.of("", "  \n", "# a comment only\n", "{}\n", "---\n")) {
            assertTrue(ConfigLoader.isEmpty(empty), "'" + empty + "'");
        }
        assertEquals(false, ConfigLoader.isEmpty("seed: 1\n"));
        assertEquals(false, ConfigLoader.isEmpty("seed: [1\n"), "a syntax error is parse()'s to name");
    }

    @Test
    void malformedYamlIsReportedWithItsPlace() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.parse("seed: [1\n", "q.yaml", DEFAULTS, List.of()));
        assertTrue(e.getMessage().startsWith("q.yaml:"), e.getMessage());
    }

    @Test
    void yamlRoundTrips() {
        String yaml = ConfigLoader.toYaml(DEFAULTS);
        assertEquals(DEFAULTS, ConfigLoader.parse(yaml, "saved.yaml", new Sample(0, 0, new Net("x", List.of(), 1)), List.of()));
    }
}
