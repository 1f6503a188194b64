package org.owarelab.agents.uci;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.owarelab.agents.Agents;
import org.owarelab.rules.RuleSet;

/**
 * A plain {@code main} for the engine, for subprocess tests and for exported engines that
 * should not need the CLI: {@code java -cp ... org.owarelab.agents.uci.UciMain --agent SPEC
 * [--rules R] [--seed S]}. {@code oware uci} does the same through {@link #serve}.
 *
 * <p>Exit status: 0 after {@code quit} or the end of the input; 2 for bad arguments (one line on
 * stderr).
 */
public final class UciMain {
    private UciMain() {
    }

    public static void main(String[] args) {
        String agent = null;
        String rules = "";
        long seed = 0;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--agent" -> agent = value(args, ++i);
                    case "--rules" -> rules = value(args, ++i);
                    case "--seed" -> seed = seed(value(args, ++i));
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i]
                            + "' (usage: --agent SPEC [--rules RULES] [--seed S])");
                }
            }
            if (agent == null) {
                throw new IllegalArgumentException("--agent SPEC is required (e.g. --agent alphabeta:depth=8)");
            }
            System.exit(serve(agent, RuleSet.parse(rules), seed, null));
        } catch (IllegalArgumentException e) {
            System.err.println("uci: " + e.getMessage());
            System.exit(2);
        }
    }

    private static long seed(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed '" + s + "' is not a whole number 0.." + UciEngine.SEED_MAX);
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /**
     * Serves {@code agentSpec} on this process's stdin and stdout until {@code quit}. First points
     * {@code System.out} at stderr, so that stray prints of any library cannot corrupt the protocol
     * (protocol lines go to the original stdout), then checks the spec's name and keys (cheap:
     * nothing is built before {@code uciok}).
     *
     * @param version shown in {@code id name}; null for the jar's version or "dev"
     * @return the exit status (0)
     * @throws IllegalArgumentException for a bad spec or seed, before anything is read
     */
    public static int serve(String agentSpec, RuleSet rules, long seed, String version) {
        PrintStream err = System.err;
        System.setOut(err);
        PrintWriter protocol = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), false);
        Agents.validate(agentSpec);
        if (seed < 0 || seed > UciEngine.SEED_MAX) {
            throw new IllegalArgumentException("seed " + seed + ": expected 0.." + UciEngine.SEED_MAX);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String v = version != null ? version : UciMain.class.getPackage().getImplementationVersion();
        UciEngine engine = new UciEngine(agentSpec, rules, seed, in, protocol)
                .diagnostics(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true))
                .version(v == null ? "dev" : v);
        return engine.run();
    }
}
