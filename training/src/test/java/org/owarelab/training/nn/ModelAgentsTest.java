package org.owarelab.training.nn;

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
import org.owarelab.env.Encoders;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.ModelAgents;
import org.owarelab.model.ModelRef;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * Reading checkpoints without training code ({@link ModelRef}) and the agents over them
 * ({@link ModelAgents}): which checkpoint a path names, what loading checks, and who owns the
 * networks. Here, not in the model module, because writing the checkpoints is training's.
 */
class ModelAgentsTest {
    static final RuleSet RULES = RuleSet.parse("houses=3,seeds=3");
    static final NetworkSpec SPEC = NetworkSpec.mlp(8);

    @TempDir
    Path tmp;

    private static Path checkpoint(Path dir, long step) {
        try (PolicyValueNet net = PolicyValueNet.create(SPEC, Encoders.create("compact", RULES), step,
                DeviceChoice.CPU)) {
            CheckpointWriter.save(dir, net, step);
        }
        return dir;
    }

    private static boolean playsALegalMove(Agent agent) {
        Board board = new Board(Position.start(RULES));
        return board.isLegal(agent.decide(board).move());
    }

    @Test
    void aRunDirectoryNamesItsLatestCheckpoint() throws Exception {
        Path run = tmp.resolve("run");
        checkpoint(run.resolve("checkpoints/step-00000002"), 2);
        Path latest = checkpoint(run.resolve("checkpoints/step-00000010"), 10);
        ModelRef ref = ModelRef.resolve(run, "model=run");
        assertEquals(new ModelRef(latest, SPEC, "compact/1", RULES), ref);
        assertEquals(ref, ModelRef.of(latest));
        Files.createDirectories(tmp.resolve("empty"));
        assertThrows(AgentSpecException.class, () -> ModelRef.resolve(tmp.resolve("empty"), "model=empty"));
        assertThrows(CheckpointException.class, () -> ModelRef.resolve(tmp.resolve("nowhere"), "model=nowhere"));
    }

    @Test
    void loadingChecksWhatTheReferenceNames() {
        Path ckpt = checkpoint(tmp.resolve("c"), 1);
        try (PolicyValueNet net = ModelRef.of(ckpt).load(DeviceChoice.CPU)) {
            assertEquals(SPEC, net.spec());
        }
        String m = assertThrows(CheckpointException.class,
                () -> new ModelRef(ckpt, NetworkSpec.mlp(16), "compact/1", RULES).load(DeviceChoice.CPU)).getMessage();
        assertTrue(m.contains(NetworkSpec.mlp(16).spec()), m);
        assertThrows(CheckpointException.class,
                () -> new ModelRef(ckpt, SPEC, "compact/1", RuleSet.DEFAULT).load(DeviceChoice.CPU));
    }

    @Test
    void theRegistryOwnsTheNetworksItLoaded() {
        Path ckpt = checkpoint(tmp.resolve("c"), 1);
        String spec = "puct:model=\"" + ckpt + "\",sims=8";
        AgentRegistry agents = ModelAgents.registry();
        try (Agent a = agents.create(spec, RULES, 1); Agent b = agents.create(spec, RULES, 2)) {
            assertTrue(playsALegalMove(a) && playsALegalMove(b));
        }
        CheckpointException other = assertThrows(CheckpointException.class,
                () -> agents.create(spec, RuleSet.DEFAULT, 1));
        assertTrue(other.getMessage().contains("trained for rules"), other.getMessage());
        agents.close();
        assertThrows(IllegalStateException.class, () -> agents.create(spec, RULES, 1),
                "a closed registry loads nothing more");
    }

    @Test
    void aBoundFactoryNamesItsModelWithoutAPath() {
        ModelRef ref = ModelRef.of(checkpoint(tmp.resolve("c"), 1));
        try (AgentRegistry agents = ModelAgents.registry().with(ModelAgents.puct("trained", ref, 8))) {
            try (Agent a = agents.create("trained", RULES, 1)) {
                assertTrue(playsALegalMove(a));
                assertEquals("trained", a.spec());
            }
            assertThrows(AgentSpecException.class, () -> agents.create("trained:model=elsewhere", RULES, 1));
            assertThrows(CheckpointException.class, () -> agents.create("trained", RuleSet.DEFAULT, 1));
        }
    }
}
