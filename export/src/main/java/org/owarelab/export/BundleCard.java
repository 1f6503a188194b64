package org.owarelab.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.puct.LevelledFactory;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.formats.Mappers;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;
import org.owarelab.util.Sha256;

/**
 * What a bundle's engine ({@link Engine}) and the Python wheel's shipped players
 * ({@link PortableAgents}) read of its {@code model.json} ({@link ModelCard} writes it): the rules,
 * the encoder, the search settings, the engine's name and version. Read with Jackson only (no DJL),
 * so it runs from a bundle's jars. Checked when read: every refusal is one line naming the file, the key and what was expected (a
 * hand-edited {@code search.simulations=-5}, a card that is not JSON), and {@code model.onnx} must
 * have the SHA-256 of {@code onnx.sha256}, so that a damaged or replaced network is refused rather
 * than played. A card written before the hash existed has no {@code onnx.sha256}; its network is
 * accepted unchecked.
 *
 * @param dir the bundle directory (it holds {@code model.json} and {@code model.onnx})
 * @param rules the card's {@code rules.spec}
 * @param encoder the encoder of {@code encoder.tag} for those rules
 * @param search {@code search.simulations} or {@code search.movetimeMillis}
 * @param name the engine's name ({@code name}, blanks made dashes)
 * @param version {@code step-N} of {@code provenance.step}
 * @param levels the calibrated levels of {@code levels} ({@link LevelsFile}), or null when the card has none
 */
public record BundleCard(Path dir, RuleSet rules, ObservationEncoder encoder, SearchSettings search, String name,
        String version, LevelsFile levels) {

    /**
     * Reads and checks {@code bundle/model.json} and the hash of {@code bundle/model.onnx}.
     *
     * @throws ExportException one line naming the file, the key and what was expected
     */
    public static BundleCard read(Path bundle) {
        Path file = bundle.resolve(BundleWriter.MODEL_CARD);
        JsonNode card;
        try {
            card = Mappers.json().readTree(Files.readAllBytes(file));
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new ExportException(file + ": not valid JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + Texts.jsonProblem(e.getOriginalMessage())
                    + " (export the bundle again)");
        } catch (IOException e) {
            throw new ExportException("cannot read " + file + " (" + Texts.reason(e) + "): not an exported bundle?");
        }
        if (card == null || !card.isObject()) {
            throw new ExportException(file + ": expected a JSON object (the bundle's model card), found "
                    + (card == null ? "nothing" : card.getNodeType().toString().toLowerCase()));
        }
        JsonNode spec = card.path("rules").path("spec");
        RuleSet rules;
        try {
            rules = RuleSet.parse(spec.isTextual() ? spec.asText() : "");
        } catch (IllegalArgumentException e) {
            throw new ExportException(file + ": rules.spec: " + e.getMessage());
        }
        ObservationEncoder encoder;
        try {
            encoder = Encoders.create(card.path("encoder").path("tag").asText(""), rules);
        } catch (IllegalArgumentException e) {
            throw new ExportException(file + ": encoder.tag: " + e.getMessage());
        }
        SearchSettings search = search(file, card.path("search"));
        checkNetwork(bundle, file, card.path("onnx").path("sha256"));
        String name = card.path("name").asText(Engine.AGENT).replaceAll("\\s+", "-");
        LevelsFile levels = null;
        if (card.has("levels")) {
            try {
                levels = LevelsFile.fromJson(card.get("levels"));
            } catch (IllegalArgumentException e) {
                throw new ExportException(file + ": levels: " + e.getMessage() + " (export the bundle again)");
            }
        }
        return new BundleCard(bundle, rules, encoder, search, name, "step-" + card.path("provenance").path("step").asLong(0),
                levels);
    }

    /** Exactly one of {@code search.simulations} and {@code search.movetimeMillis}, each a whole number in range. */
    private static SearchSettings search(Path file, JsonNode s) {
        String expected = "expected search.simulations 1.." + SearchSettings.MAX_SIMULATIONS
                + " or search.movetimeMillis 1.." + SearchSettings.MAX_MOVETIME;
        boolean sims = s.has("simulations");
        boolean time = s.has("movetimeMillis");
        if (sims == time) {
            throw new ExportException(file + ": search: " + (sims ? "both simulations and movetimeMillis" : "neither "
                    + "simulations nor movetimeMillis") + " (" + expected + ", one of them)");
        }
        String key = sims ? "simulations" : "movetimeMillis";
        long max = sims ? SearchSettings.MAX_SIMULATIONS : SearchSettings.MAX_MOVETIME;
        JsonNode v = s.get(key);
        if (!v.canConvertToExactIntegral() || v.asLong() < 1 || v.asLong() > max) {
            throw new ExportException(file + ": search." + key + " " + Texts.escape(v.toString()) + ": expected a whole "
                    + "number 1.." + max + (sims ? "" : " (milliseconds)"));
        }
        return sims ? new SearchSettings((int) v.asLong(), 0) : new SearchSettings(0, v.asLong());
    }

    /** {@code model.onnx} has the card's SHA-256 (when the card gives one). */
    private static void checkNetwork(Path bundle, Path file, JsonNode sha) {
        if (sha.isMissingNode() || sha.isNull()) {
            return; // exported before model.json held the hash: nothing to check against
        }
        Path onnx = bundle.resolve(BundleWriter.ONNX);
        String actual;
        try {
            actual = Sha256.of(onnx);
        } catch (IOException e) {
            throw new ExportException("cannot read " + onnx + " (" + Texts.reason(e) + ")");
        }
        if (!actual.equalsIgnoreCase(sha.asText())) {
            throw new ExportException(onnx + " differs from the exported network: its SHA-256 is " + actual + ", "
                    + file.getFileName() + "'s onnx.sha256 is " + Texts.escape(sha.asText())
                    + " (a damaged or replaced file; export the bundle again)");
        }
    }

    /**
     * The bundle's player as an agent factory named {@code agent}: PUCT over {@code model.onnx}
     * (ONNX Runtime, loaded at the first agent) with the card's search settings, and its calibrated
     * levels as {@code elo=N} (UCI {@code UCI_LimitStrength}/{@code UCI_Elo}) when the card has them.
     * The factory owns the network and closes it when closed.
     */
    public AgentFactory factory(String agent) {
        OnnxModel source = OnnxModel.of(dir.resolve(BundleWriter.ONNX), encoder, OnnxSettings.defaults());
        AgentFactory player = PuctAgent.factory(agent, source, search.simulations() > 0 ? search.simulations()
                : SearchSettings.DEFAULT_SIMULATIONS);
        if (levels != null) {
            player = new LevelledFactory(player, levels.levels(), BundleWriter.MODEL_CARD + "'s levels");
        }
        return search.movetimeMillis() > 0 ? new DefaultLimitAgents(player, search.movetimeMillis()) : player;
    }
}
