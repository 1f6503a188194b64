package org.owarelab.cli;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.model.ModelAgents;
import org.owarelab.play.TerminalGame;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware play}: a game against an agent in the terminal. */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play against an agent in the terminal.",
            "The board is drawn after every move (North's row "
                + "f..a on top, South's A..F below). Type a move letter (either case), 'undo' to take back "
                + "to your previous turn, 'hint' for the agent's suggestion, or 'quit'.",
            "Input is read line by line, so a game can be scripted: printf 'C\\nhint\\nquit\\n' | oware play ..."},
        footer = {"", "Examples:",
            "  oware play --agent mcts:sims=5000",
            "  oware play --agent greedy --human north",
            "  oware play --agent mcts:movetime=1000 --rules houses=4,seeds=3"})
final class PlayCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RulesOptions rules = new RulesOptions();

    @Option(names = "--agent", required = true, paramLabel = "SPEC", description = "The agent to play against, e.g. mcts:sims=5000.")
    String agentSpec;

    @Option(names = "--human", paramLabel = "SIDE", defaultValue = "south",
            description = "Your side: south (moves first from the start) or north (default ${DEFAULT-VALUE}).")
    String human;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "The agent's seed (default ${DEFAULT-VALUE}).")
    long seed;

    /** Where moves are read from (System.in; replaced in tests). */
    InputStream input = System.in;

    @Override
    public Integer call() throws Exception {
        int side = Side.parse(human);
        Board board = rules.board();
        try (AgentRegistry agents = ModelAgents.registry()) {
            agents.checkAll(java.util.List.of(agentSpec), board.rules());
            try (Agent agent = agents.create(agentSpec, board.rules(), seed)) {
                BufferedReader in = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
                new TerminalGame(board, agent, side, seed, in, spec.commandLine().getOut()).run();
            }
        }
        return 0;
    }
}
