package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.training.config.ConfigException;

/** The shipped configs bind, and bad keys and values are reported with their place. */
class TrainConfigTest {
    @TempDir
    Path tmp;

    @Test
    void everyShippedConfigBinds() throws Exception {
        Path configs = Path.of("..", "configs");
        try (var files = Files.list(configs)) {
            List<Path> yaml = files.filter(p -> p.toString().endsWith(".yaml")).toList();
            assertTrue(yaml.size() >= 3, "configs/ holds quick, default and gpu at least: " + yaml);
            for (Path p : yaml) {
                TrainConfig c = TrainConfig.load(p, List.of());
                assertEquals(c, TrainConfig.parse(c.toYaml(), "saved", List.of()), "YAML round trip of " + p);
            }
        }
        assertEquals(TrainConfig.load(Path.of("..", "configs", "quick.yaml"), List.of()), TrainConfig.embedded(List.of()),
                "the embedded default is configs/quick.yaml");
    }

    @Test
    void unknownKeysAndBadValuesNameTheirPlace() throws Exception {
        Path f = tmp.resolve("bad.yaml");
        Files.writeString(f, "seed: 3\nloop:\n  generations: 2\n  wokers: 2\n");
        ConfigException e = assertThrows(ConfigException.class, () -> TrainConfig.load(f, List.of()));
        assertTrue(e.getMessage().contains(f + ":4:3") && e.getMessage().contains("unknown key 'wokers'"), e.getMessage());

        Files.writeString(f, "loop:\n  generations: 0\n");
        ConfigException v = assertThrows(ConfigException.class, () -> TrainConfig.load(f, List.of()));
        assertTrue(v.getMessage().contains("loop.generations=0: expected 1.."), v.getMessage());

        ConfigException s = assertThrows(ConfigException.class,
                () -> TrainConfig.embedded(List.of("arena.opponents=[nobody]")));
        assertTrue(s.getMessage().contains("--set arena.opponents=[nobody]") && s.getMessage().contains("unknown agent"),
                s.getMessage());
        ConfigException r = assertThrows(ConfigException.class, () -> TrainConfig.embedded(List.of("rules=houses=9")));
        assertTrue(r.getMessage().contains("houses=9"), r.getMessage());
    }

    @Test
    void selfplaySolverIsAValidatedKeyOffByDefault() throws Exception {
        assertEquals(false, TrainConfig.embedded(List.of()).selfplay().solver());
        TrainConfig on = TrainConfig.embedded(List.of("selfplay.solver=true"));
        assertTrue(on.selfplay().solver());
        assertEquals(on, TrainConfig.parse(on.toYaml(), "saved", List.of()), "YAML round trip keeps the solver");
        Path f = tmp.resolve("solver.yaml");
        Files.writeString(f, "selfplay:\n  solver: perhaps\n");
        ConfigException e = assertThrows(ConfigException.class, () -> TrainConfig.load(f, List.of()));
        assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("solver"), e.getMessage());
    }
}
