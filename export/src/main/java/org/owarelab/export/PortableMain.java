package org.owarelab.export;

import java.io.IOException;
import java.nio.file.Path;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.protocol.jsonl.AgentProtocol;
import org.owarelab.protocol.jsonl.EnvProtocol;
import org.owarelab.protocol.jsonl.JsonLines;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;

/**
 * {@code oware jsonl} without DJL, for the Python wheel's subprocess backend: {@code java -cp
 * "LIB/*" org.owarelab.export.PortableMain jsonl (--env | --agent SPEC) [--rules R] [--seed S]
 * [--allow-files] [--allow-engines]}, the same protocols as the checkout's {@code oware jsonl}
 * ({@link EnvProtocol}, {@link AgentProtocol}) over {@link PortableAgents} with its players under
 * {@code --home DIR} (default: the system property {@value #HOME_PROPERTY}, else the working
 * directory). Specs from the input stream reach files and programs only as the flags allow.
 *
 * <p>Exit status: 0 at the end of the input; 2 for bad arguments or an agent spec that cannot be
 * built (one line on stderr, before anything is read).
 */
public final class PortableMain {
    /** The system property naming the folder that holds {@code players/}. */
    public static final String HOME_PROPERTY = "oware.home";
    private static final String USAGE = "usage: jsonl (--env | --agent SPEC) [--rules R] [--seed S] [--home DIR] "
            + "[--allow-files] [--allow-engines]";

    private PortableMain() {
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args));
        } catch (IOException e) {
            System.err.println("oware jsonl: I/O error: " + e.getMessage());
            System.exit(1);
        } catch (IllegalArgumentException | ExportException e) {
            System.err.println("oware jsonl: " + Texts.reason(e));
            System.exit(2);
        }
    }

    static int run(String[] args) throws IOException {
        if (args.length == 0 || !args[0].equals("jsonl")) {
            throw new IllegalArgumentException("expected the command 'jsonl' (" + USAGE + ")");
        }
        boolean env = false;
        boolean files = false;
        boolean engines = false;
        String agent = null;
        String rules = "";
        long seed = 0;
        String home = System.getProperty(HOME_PROPERTY, ".");
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--env" -> env = true;
                case AgentAccess.FILES_FLAG -> files = true;
                case AgentAccess.ENGINES_FLAG -> engines = true;
                case "--agent", "--rules", "--seed", "--home" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(a + " needs a value (" + USAGE + ")");
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--agent" -> agent = v;
                        case "--rules" -> rules = v;
                        case "--home" -> home = v;
                        default -> seed = seed(v);
                    }
                }
                default -> throw new IllegalArgumentException("unknown argument '" + a + "' (" + USAGE + ")");
            }
        }
        if (env == (agent != null)) {
            throw new IllegalArgumentException("give exactly one of --agent SPEC or --env (" + USAGE + ")");
        }
        RuleSet r = RuleSet.parse(rules);
        try (AgentRegistry agents = PortableAgents.registry(Path.of(home))) {
            if (env) {
                return JsonLines.serve(new EnvProtocol(agents.restricted(new AgentAccess(engines, files)), r, seed));
            }
            return AgentProtocol.serve(agents, agent, r, seed);
        }
    }

    private static long seed(String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed '" + v + "' is not a whole number");
        }
    }
}
