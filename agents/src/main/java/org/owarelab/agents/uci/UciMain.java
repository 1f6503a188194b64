package org.owarelab.agents.uci;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.rules.RuleSet;

/**
 * Runs the engine on this process's stdin and stdout ({@link #serve}), for {@code oware uci} and
 * for plain {@code main}s such as {@code org.owarelab.agents.builtin.UciEngineMain}; and parses
 * such a main's arguments ({@link Args}). The agents come from the registry the caller composes.
 */
public final class UciMain {
    private UciMain() {
    }

    /**
     * The arguments of a plain engine {@code main}: {@code --agent SPEC [--rules R] [--seed S]
     * [--allow-engines] [--allow-files]}, the flags saying what a spec set through the
     * {@code Agent} option may reach ({@link AgentAccess}).
     */
    public record Args(String agent, String rules, long seed, AgentAccess access) {
        /**
         * @throws IllegalArgumentException for an unknown argument, a missing value or agent, or a bad seed
         */
        public static Args parse(String[] args) {
            String agent = null;
            String rules = "";
            long seed = 0;
            boolean engines = false;
            boolean files = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case AgentAccess.ENGINES_FLAG -> engines = true;
                    case AgentAccess.FILES_FLAG -> files = true;
                    case "--agent" -> agent = value(args, ++i);
                    case "--rules" -> rules = value(args, ++i);
                    case "--seed" -> seed = parseSeed(value(args, ++i));
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i]
                            + "' (usage: --agent SPEC [--rules RULES] [--seed S] [--allow-engines] [--allow-files])");
                }
            }
            if (agent == null) {
                throw new IllegalArgumentException("--agent SPEC is required (e.g. --agent alphabeta:depth=8)");
            }
            return new Args(agent, rules, seed, new AgentAccess(engines, files));
        }
    }

    private static long parseSeed(String s) {
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
     * Serves {@code agentSpec} on this process's stdin and stdout until {@code quit}. First starts
     * building the agent once ({@link AgentRegistry#checkAll}; a bad spec, checkpoint or engine
     * ends the engine with that error, before a line is read when the check is quick, else at the
     * first {@code isready}, {@code ucinewgame} or {@code go}: never a move it did not search), then points
     * {@code System.out} at stderr, so that stray prints of any library cannot corrupt the protocol
     * (protocol lines go to the original stdout).
     *
     * @param agents builds the agent (again at each {@code setoption name Agent}); the caller owns it
     * @param version shown in {@code id name}; null for the jar's version or "dev"
     * @return the exit status (0)
     * @throws IllegalArgumentException for a spec that cannot be built or a bad seed, before anything is read
     */
    public static int serve(AgentRegistry agents, String agentSpec, RuleSet rules, long seed, String version) {
        return serve(agents, agentSpec, rules, seed, version, null, AgentAccess.NONE);
    }

    /**
     * As {@link #serve(AgentRegistry, String, RuleSet, long, String)}, with the name shown in
     * {@code id name} (null: {@code OwareLab} and the spec), e.g. an exported player's, and what a
     * spec set through the {@code Agent} option may reach ({@link UciEngine#agentOption}); null
     * offers no {@code Agent} option ({@link UciEngine#fixedAgent}).
     */
    public static int serve(AgentRegistry agents, String agentSpec, RuleSet rules, long seed, String version,
                            String name, AgentAccess agentOption) {
        if (seed < 0 || seed > UciEngine.SEED_MAX) {
            throw new IllegalArgumentException("seed " + seed + ": expected 0.." + UciEngine.SEED_MAX);
        }
        java.util.concurrent.CompletableFuture<Void> check = preflight(agents, agentSpec, rules);
        PrintStream err = System.err;
        System.setOut(err);
        PrintWriter protocol = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), false);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String v = version != null ? version : UciMain.class.getPackage().getImplementationVersion();
        UciEngine engine = new UciEngine(agents, agentSpec, rules, seed, in, protocol)
                .diagnostics(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true))
                .version(v == null ? "dev" : v)
                .name(name);
        if (agentOption == null) {
            engine.fixedAgent();
        } else {
            engine.agentOption(agentOption);
        }
        int status = engine.startup(check).run();
        if (engine.startupFailure() != null) {
            throw engine.startupFailure();
        }
        return status;
    }

    /** How long serving waits for the preflight before answering: enough for any spec without files or engines. */
    private static final long PREFLIGHT_WAIT_MILLIS = 2_000;

    /**
     * Starts {@link AgentRegistry#checkAll} of the command line's spec on its own thread and waits
     * for it a moment: a bad value (most bad specs) is thrown here, before a line is read; a check
     * still running (a checkpoint loading, an engine starting) is left to the engine, whose
     * {@code isready} waits for it, so that a GUI's {@code uci} is answered at once.
     */
    private static java.util.concurrent.CompletableFuture<Void> preflight(AgentRegistry agents, String spec,
            RuleSet rules) {
        java.util.concurrent.CompletableFuture<Void> check = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                agents.checkAll(java.util.List.of(spec), rules);
                check.complete(null);
            } catch (RuntimeException | LinkageError e) {
                check.completeExceptionally(e);
            }
        }, "uci-preflight");
        t.setDaemon(true);
        t.start();
        try {
            check.get(PREFLIGHT_WAIT_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalArgumentException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            // still loading: the engine waits for it at the first command that needs the agent
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return check;
    }
}
