package org.owarelab.cli;

import java.util.concurrent.Callable;
import org.owarelab.rules.Board;
import org.owarelab.rules.BoardDiagram;
import org.owarelab.rules.Moves;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware show}: draws a position. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Draw a position as seen from South's seat (North's row f..a on top).",
        footer = {"", "Examples:",
            "  oware show",
            "  oware show --position 3-1-4-0-6-2-1-3-2-1-2-2-10-11-S",
            "  oware show --moves FfBe"})
final class ShowCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RulesOptions rules = new RulesOptions();

    @Option(names = "--moves", paramLabel = "MOVES", description = "Moves to play first, as letters (e.g. FfBe).")
    String moves = "";

    @Override
    public Integer call() {
        Board board = rules.board();
        Moves.playAll(board, moves);
        spec.commandLine().getOut().print(BoardDiagram.draw(board));
        spec.commandLine().getOut().println("  position: " + board.text());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
