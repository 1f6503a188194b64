package org.owarelab.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.uci.UciMain;
import org.owarelab.protocol.jsonl.AgentProtocol;
import org.owarelab.play.serve.PlayServer;
import org.owarelab.rules.RuleSet;

/**
 * The engine of an exported bundle behind {@link EngineMain}, which has checked the bundle's jars
 * first: reads the model card ({@link BundleCard}, which checks {@code model.onnx} against its
 * SHA-256), then serves the agent {@value #AGENT}, PUCT over the bundle's network
 * ({@code DIR/model.onnx}, run by ONNX Runtime: the engine loads no DJL and no libtorch) with the
 * rules, encoder, search settings and name of {@code DIR/model.json}; it offers no {@code Agent}
 * option: nothing on its input changes which program or files it runs. Reads only the bundle: it
 * runs from any working directory. With {@code --jsonl} it answers JSON lines instead
 * ({@link AgentProtocol}, for scripts); with {@code --serve} it serves the play page
 * ({@link PlayServer}, {@code DIR/serve} runs it) on {@code --bind} (default {@value #DEFAULT_BIND},
 * this machine only) and {@code --port} (default {@value #DEFAULT_PORT}) until stopped.
 *
 * <p>Exit status: 0 after {@code quit} or the end of the input; 2 for bad arguments or a bundle
 * that cannot be read or is damaged (one line on stderr); 1 for an I/O failure at run time.
 */
final class Engine {
    /** The registry name of the exported player. */
    public static final String AGENT = "player";
    static final String DEFAULT_BIND = "127.0.0.1";
    static final int DEFAULT_PORT = 8080;
    private static final String USAGE = "usage: --bundle DIR [--seed S] [--jsonl | --serve [--port P] [--bind A]]";

    private Engine() {
    }

    static void main(String[] args) {
        try {
            System.exit(run(args));
        } catch (InterruptedException e) {
            System.exit(1);
        } catch (IOException e) {
            System.err.println("engine: I/O error: " + e.getMessage());
            System.exit(1);
        } catch (IllegalArgumentException | ExportException e) {
            System.err.println("engine: " + e.getMessage());
            System.exit(2);
        }
    }

    private static int run(String[] args) throws IOException, InterruptedException {
        Path bundle = null;
        long seed = 0;
        boolean jsonl = false;
        boolean serve = false;
        int port = DEFAULT_PORT;
        String bind = DEFAULT_BIND;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--jsonl") || a.equals("--serve")) {
                jsonl |= a.equals("--jsonl");
                serve |= a.equals("--serve");
                continue;
            }
            if (i + 1 >= args.length || !List.of("--bundle", "--seed", "--port", "--bind").contains(a)) {
                throw new IllegalArgumentException("unknown or incomplete argument '" + a + "' (" + USAGE + ")");
            }
            String v = args[++i];
            switch (a) {
                case "--bundle" -> bundle = Path.of(v);
                case "--bind" -> bind = v;
                case "--port" -> port = (int) whole(a, v, 0, 65535);
                default -> seed = whole(a, v, Long.MIN_VALUE, Long.MAX_VALUE);
            }
        }
        if (jsonl && serve) {
            throw new IllegalArgumentException("--jsonl and --serve exclude each other (" + USAGE + ")");
        }
        if (bundle == null) {
            throw new IllegalArgumentException("--bundle DIR is required");
        }
        BundleCard card = BundleCard.read(bundle);
        RuleSet rules = card.rules();
        String name = card.name();
        String version = card.version();
        try (AgentRegistry agents = BuiltInAgents.registry().with(card.factory(AGENT))) {
            if (serve) {
                PlayServer.serveUntilStopped(agents, AGENT, rules, seed, bind, port, System.out);
                return 0;
            }
            return jsonl ? AgentProtocol.serve(agents, AGENT, rules, seed)
                    : UciMain.serve(agents, AGENT, rules, seed, version, name, null);
        }
    }

    private static long whole(String option, String value, long min, long max) {
        try {
            long v = Long.parseLong(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException(option + " '" + value + "' is not a whole number"
                + (min == 0 ? " 0.." + max : ""));
    }
}
