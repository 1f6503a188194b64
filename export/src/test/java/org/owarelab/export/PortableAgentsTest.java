package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.env.Encoders;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The DJL-free registry of the Python wheel: a shipped player is the bundle under
 * {@code HOME/players/NAME/} (its card's rules, encoder and search), a missing one is refused
 * naming where it was looked for, {@code puct:onnx=} works and {@code puct:model=} says it needs
 * the checkout; {@link PortableMain} refuses bad arguments before reading anything.
 */
class PortableAgentsTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;

    private static void bundle(Path dir, String encoder, int sims) throws Exception {
        Files.createDirectories(dir);
        Files.write(dir.resolve(BundleWriter.ONNX), TinyGraphs.fitting(Encoders.create(encoder, RULES).shape(), 5));
        Files.writeString(dir.resolve(BundleWriter.MODEL_CARD), "{\"name\": \"Tiny Net\", \"encoder\": {\"tag\": \""
                + encoder + "\"}, \"rules\": {\"spec\": \"\"}, \"search\": {\"simulations\": " + sims
                + "}, \"provenance\": {\"step\": 12}}");
    }

    @Test
    void aShippedPlayerIsItsBundle(@TempDir Path home) throws Exception {
        bundle(home.resolve("players/strong"), "compact/1", 24);
        BundleCard card = BundleCard.read(home.resolve("players/strong"));
        assertEquals("Tiny-Net", card.name());
        assertEquals("step-12", card.version());
        assertEquals("compact/1", card.encoder().tag());
        assertEquals(24, card.search().simulations());
        try (AgentRegistry agents = PortableAgents.registry(home); Agent a = agents.create("strong", RULES, 1)) {
            Decision d = a.decide(new Board(RULES));
            assertTrue((new Board(RULES).legalMask() >> d.move() & 1) == 1);
            assertEquals(24, d.nodes(), "the card's simulations");
        }
    }

    @Test
    void aMissingPlayerIsRefusedNamingThePath(@TempDir Path home) {
        try (AgentRegistry agents = PortableAgents.registry(home)) {
            AgentSpecException e = assertThrows(AgentSpecException.class, () -> agents.create("strong", RULES, 0));
            assertTrue(e.getMessage().contains(home.resolve("players/strong").toString()), e.getMessage());
            agents.create("greedy", RULES, 0).close();
            AgentSpecException m = assertThrows(AgentSpecException.class,
                    () -> agents.create("puct:model=runs/x", RULES, 0));
            assertTrue(m.getMessage().contains("loads no networks"), m.getMessage());
        }
    }

    @Test
    void badArgumentsAreRefused() {
        for (String[] args : new String[][] {{}, {"train"}, {"jsonl"}, {"jsonl", "--env", "--agent", "random"},
                {"jsonl", "--env", "--frobnicate"}, {"jsonl", "--env", "--seed", "x"}, {"jsonl", "--agent"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PortableMain.run(args),
                    String.join(" ", args));
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
