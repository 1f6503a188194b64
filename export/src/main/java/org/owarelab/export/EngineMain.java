package org.owarelab.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.uci.UciMain;
import org.owarelab.model.ModelRef;

/**
 * The UCI engine of an exported bundle ({@code DIR/engine} runs it): {@code java -cp "DIR/lib/*"
 * org.owarelab.export.EngineMain --bundle DIR [--seed S] [--jsonl]}. Serves the agent {@value #AGENT}: PUCT
 * over the bundle's checkpoint ({@code DIR/checkpoint}) with the search settings and name of
 * {@code DIR/model.json}; the built-in agents stay reachable through the {@code Agent} option.
 * Reads only the bundle: it runs from any working directory. With {@code --jsonl} it answers
 * JSON lines instead ({@link JsonLines}, for scripts).
 *
 * <p>Exit status: 0 after {@code quit} or the end of the input; 2 for bad arguments or a bundle
 * that cannot be read (one line on stderr).
 */
public final class EngineMain {
    /** The registry name of the exported player. */
    public static final String AGENT = "player";

    private EngineMain() {
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args));
        } catch (IOException e) {
            System.err.println("engine: I/O error: " + e.getMessage());
            System.exit(1);
        } catch (IllegalArgumentException | ExportException e) {
            System.err.println("engine: " + e.getMessage());
            System.exit(2);
        }
    }

    private static int run(String[] args) throws IOException {
        Path bundle = null;
        long seed = 0;
        boolean jsonl = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--jsonl")) {
                jsonl = true;
                continue;
            }
            if (i + 1 >= args.length || !(a.equals("--bundle") || a.equals("--seed"))) {
                throw new IllegalArgumentException("unknown or incomplete argument '" + a
                        + "' (usage: --bundle DIR [--seed S] [--jsonl])");
            }
            String v = args[++i];
            if (a.equals("--bundle")) {
                bundle = Path.of(v);
            } else {
                try {
                    seed = Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--seed '" + v + "' is not a whole number");
                }
            }
        }
        if (bundle == null) {
            throw new IllegalArgumentException("--bundle DIR is required");
        }
        JsonNode card = readCard(bundle);
        ModelRef model = ModelRef.of(bundle.resolve(BundleWriter.CHECKPOINT));
        SearchSettings search = new SearchSettings(card.path("search").path("simulations").asInt(0),
                card.path("search").path("movetimeMillis").asLong(0));
        BundledModel source = new BundledModel(model);
        AgentFactory player = PuctAgent.factory(AGENT, source, search.simulations() > 0 ? search.simulations()
                : SearchSettings.DEFAULT_SIMULATIONS);
        if (search.movetimeMillis() > 0) {
            player = new DefaultLimitAgents(player, search.movetimeMillis());
        }
        String name = card.path("name").asText(AGENT).replaceAll("\\s+", "-");
        String version = "step-" + card.path("provenance").path("step").asLong(0);
        try (AgentRegistry agents = BuiltInAgents.registry().with(player)) {
            return jsonl ? JsonLines.serve(agents, AGENT, model.rules(), seed)
                    : UciMain.serve(agents, AGENT, model.rules(), seed, version, name);
        }
    }

    private static JsonNode readCard(Path bundle) {
        Path card = bundle.resolve(BundleWriter.MODEL_CARD);
        try {
            return new ObjectMapper().readTree(Files.readAllBytes(card));
        } catch (IOException e) {
            throw new ExportException("cannot read " + card + " (" + e.getMessage() + "): not an exported bundle?");
        }
    }
}
