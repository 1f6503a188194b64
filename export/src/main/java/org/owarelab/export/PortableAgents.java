package org.owarelab.export;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.onnx.OnnxFiles;
import org.owarelab.rules.RuleSet;

/**
 * The agent registry of the lab without DJL, for the Python wheel (and any class path of a
 * bundle's jars): the built-in agents, {@code puct:onnx=FILE,encoder=TAG} (networks of the lab's
 * ONNX contract, run by ONNX Runtime; {@code model=} checkpoints need the checkout's registry) and
 * each shipped player as an exported bundle, {@code HOME/players/NAME/model.onnx} with its
 * {@code model.json} ({@code strong}: the checkout's players/strong exported by
 * {@code oware export strong}, the same network and search settings).
 *
 * <p>A player whose bundle is missing is refused when a spec names it, with the path it looked
 * at; the others work. The caller owns (and closes) the registry.
 */
public final class PortableAgents {
    /** The shipped players, by spec name (as the model module's {@code Players.NAMES}). */
    public static final Set<String> PLAYERS = Set.of("strong");

    private PortableAgents() {
    }

    /** The registry, its players read from {@code home/players/NAME/}. */
    public static AgentRegistry registry(Path home) {
        AgentRegistry r = BuiltInAgents.registry().with(PuctAgent.factory(null, new OnnxFiles()));
        for (String name : PLAYERS) {
            Path dir = home.resolve("players").resolve(name);
            r = r.with(Files.isRegularFile(dir.resolve(BundleWriter.MODEL_CARD)) ? BundleCard.read(dir).factory(name)
                    : new Missing(name, dir));
        }
        return r;
    }

    /** A player whose bundle is not there: every spec naming it is refused, saying where it looked. */
    private record Missing(String name, Path dir) implements AgentFactory {
        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public String help() {
            return "a shipped player (its bundle is missing at " + dir + ")";
        }

        @Override
        public Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
            return Map.of();
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            throw new AgentSpecException("player '" + name + "': no exported bundle at " + dir
                    + " (expected model.json and model.onnx, as oware export " + name + " writes them)");
        }
    }
}
