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
    void aResnetNeedsNoEmptyHiddenAndAnMlpKeepsItsDefaultWidths() {
        // The defaults are an MLP's (hidden 256x256), as is the embedded quick config's network: a layer
        // (the file, the overrides) that switches the kind drops the other kind's sizes it does not name.
        TrainConfig file = TrainConfig.parse("network:\n  kind: resnet\n  blocks: 2\n  channels: 16\n", "r.yaml",
                List.of());
        assertEquals(org.owarelab.model.NetworkSpec.resnet(2, 16).withValue(file.network().value())
                .withAux(file.network().aux()), file.network());
        TrainConfig set = TrainConfig.embedded(List.of("network.kind=resnet", "network.blocks=3", "network.channels=8"));
        assertEquals(List.of(), set.network().hidden());
        assertEquals(3, set.network().blocks());
        // An MLP keeps the default widths; widths given with a resnet are still refused, by name.
        assertEquals(List.of(256, 256), TrainConfig.parse("network:\n  kind: mlp\n", "m.yaml", List.of()).network().hidden());
        ConfigException both = assertThrows(ConfigException.class, () -> TrainConfig.parse(
                "network:\n  kind: resnet\n  hidden: [64]\n  blocks: 2\n  channels: 16\n", "b.yaml", List.of()));
        assertTrue(both.getMessage().contains("resnet: hidden belongs to mlp"), both.getMessage());
        ConfigException setBoth = assertThrows(ConfigException.class, () -> TrainConfig.embedded(List.of(
                "network.kind=resnet", "network.blocks=3", "network.channels=8", "network.hidden=[256, 256]")));
        assertTrue(setBoth.getMessage().contains("hidden belongs to mlp"), setBoth.getMessage());
        // And back: over a file that describes a resnet, an override to an mlp drops its blocks and channels.
        TrainConfig back = TrainConfig.parse("network:\n  kind: resnet\n  blocks: 2\n  channels: 16\n", "r.yaml",
                List.of("network.kind=mlp", "network.hidden=[32]"));
        assertEquals(List.of(32), back.network().hidden());
        assertEquals(0, back.network().blocks());
        // A resnet without sizes is refused, not given the mlp's.
        ConfigException none = assertThrows(ConfigException.class,
                () -> TrainConfig.embedded(List.of("network.kind=resnet")));
        assertTrue(none.getMessage().contains("blocks=0 is outside 1.."), none.getMessage());
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
