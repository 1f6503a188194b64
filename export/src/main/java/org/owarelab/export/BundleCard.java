package org.owarelab.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.formats.Mappers;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.RuleSet;

/**
 * What a bundle's {@code model.json} tells its engine ({@link EngineMain}) and the Python wheel's
 * shipped players ({@link PortableAgents}): the rules, the encoder, the search settings, the
 * engine's name and version. Read with Jackson only (no DJL), so it runs from a bundle's jars.
 *
 * @param dir the bundle directory (it holds {@code model.json} and {@code model.onnx})
 * @param name the engine's name, spaces as dashes
 * @param version {@code step-N} of the exported checkpoint
 */
public record BundleCard(Path dir, RuleSet rules, ObservationEncoder encoder, SearchSettings search, String name,
        String version) {
    /**
     * Reads {@code dir/model.json}.
     *
     * @throws ExportException naming the file when it cannot be read or names unknown rules or encoder
     */
    public static BundleCard read(Path dir) {
        Path file = dir.resolve(BundleWriter.MODEL_CARD);
        JsonNode card;
        try {
            card = Mappers.json().readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new ExportException("cannot read " + file + " (" + e.getMessage() + "): not an exported bundle?");
        }
        RuleSet rules;
        JsonNode spec = card.path("rules").path("spec");
        try {
            rules = RuleSet.parse(spec.isTextual() ? spec.asText() : "");
        } catch (IllegalArgumentException e) {
            throw new ExportException(file + ": rules: " + e.getMessage());
        }
        ObservationEncoder encoder;
        try {
            encoder = Encoders.create(card.path("encoder").path("tag").asText(""), rules);
        } catch (IllegalArgumentException e) {
            throw new ExportException(file + ": " + e.getMessage());
        }
        SearchSettings search = new SearchSettings(card.path("search").path("simulations").asInt(0),
                card.path("search").path("movetimeMillis").asLong(0));
        String name = card.path("name").asText(EngineMain.AGENT).replaceAll("\\s+", "-");
        return new BundleCard(dir, rules, encoder, search, name, "step-" + card.path("provenance").path("step").asLong(0));
    }

    /**
     * The bundle's player as an agent factory named {@code agent}: PUCT over {@code model.onnx}
     * (ONNX Runtime, loaded at the first agent) with the card's search settings. The factory owns
     * the network and closes it when closed.
     */
    public AgentFactory factory(String agent) {
        OnnxModel source = OnnxModel.of(dir.resolve(BundleWriter.ONNX), encoder, OnnxSettings.defaults());
        AgentFactory player = PuctAgent.factory(agent, source, search.simulations() > 0 ? search.simulations()
                : SearchSettings.DEFAULT_SIMULATIONS);
        return search.movetimeMillis() > 0 ? new DefaultLimitAgents(player, search.movetimeMillis()) : player;
    }
}
