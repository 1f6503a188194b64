package org.owarelab.cli;

import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.play.serve.PlayServer;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code oware serve}: a local web page to play an agent in a browser ({@link PlayServer}); runs
 * until stopped. Loopback only unless {@code --bind} says otherwise.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Play an agent in a browser: a local web page over a small JSON API (see docs/protocols.md, "
                + "'Play in a browser'). Runs until Ctrl-C."},
        footer = {"", "Examples:",
            "  oware serve --agent alphabeta:depth=8      (then open http://127.0.0.1:8080/)",
            "  oware serve --agent puct:model=runs/q1,sims=400 --port 9000",
            "  oware serve --agent mcts --bind 0.0.0.0    (reachable from other machines)"})
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--agent", required = true, paramLabel = "SPEC",
            description = "The agent to play, e.g. alphabeta:depth=8, puct:model=runs/q1,sims=400.")
    String agent;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080",
            description = "TCP port (default: ${DEFAULT-VALUE}; 0: any free port).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0: every "
                    + "interface).")
    String bind;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants (default: the standard rules).")
    String rules;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the first game's agent; game k gets S+k (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws InterruptedException {
        RuleSet r = RuleSet.parse(rules);
        try (AgentRegistry agents = ModelAgents.registry()) {
            PlayServer.serveUntilStopped(agents, agent, r, seed, bind, port, System.out);
            return 0;
        }
    }
}
