package org.owarelab.play;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.rules.Board;
import org.owarelab.rules.BoardDiagram;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Side;
import org.owarelab.util.LineReader;

/**
 * A terminal game between a person and an agent: the board is drawn after every move; the
 * person types a move letter (either case), {@code undo} (back to their previous turn),
 * {@code hint} (the agent's choice for them), {@code help} (the commands, the rules in short and
 * the sowing direction) or {@code quit}. Input is read line by line, so a game can be scripted;
 * the end of input quits. Anything else re-prompts with the legal moves. Under each board a line
 * says which way the seeds go, since the diagram alone does not.
 */
public final class TerminalGame {
    private final Agent agent;
    private final int human;
    /** The game flow the served page uses too: turns, the agent's moves, undo (the agent is borrowed). */
    private final HumanGame game;
    private final LineReader in;
    private final PrintWriter out;

    public TerminalGame(Board board, Agent agent, int human, long seed, BufferedReader in, PrintWriter out) {
        this.agent = agent;
        this.human = human;
        this.game = new HumanGame(board, human, () -> agent, false, seed);
        this.in = new LineReader(in, LineReader.DEFAULT_MAX);
        this.out = out;
    }

    /** Plays until the game ends, the person quits or the input ends. */
    public void run() throws IOException {
        out.println("You play " + Side.name(human) + " against " + agent.spec() + ". Type a move letter, "
                + "'undo', 'hint', 'help' or 'quit'.");
        while (true) {
            Board board = game.board();
            out.println();
            out.print(BoardDiagram.draw(board));
            out.println(sowingLine(board.housesPerSide()));
            out.flush();
            if (board.isOver()) {
                int w = board.winner();
                out.println(w < 0 ? "Draw." : w == human ? "You win." : "You lose.");
                out.flush();
                return;
            }
            if (game.agentsTurn()) {
                agentMoves();
            } else if (!humanTurn()) {
                return;
            }
        }
    }

    private void agentMoves() {
        Board board = game.board();
        Decision d = game.agentMove(SearchLimit.NONE).decision();
        out.printf(Locale.ROOT, "%s (%s) plays %c   (value %+.2f for it, %d nodes, %.2f s)%n",
                Side.name(board.toMove()), agent.spec(), board.letter(d.move()), d.value(), d.nodes(),
                d.timeNanos() / 1e9);
    }

    /** Reads input until a move is played or taken back; false when the person quits. */
    private boolean humanTurn() throws IOException {
        Board board = game.board();
        while (true) {
            out.print("Your move (" + board.legalLetters() + "), undo, hint, help or quit: ");
            out.flush();
            LineReader.Line read = in.next();
            if (read != null && read.tooLong()) {
                out.println("That line is over " + in.max() + " characters.");
                continue;
            }
            String line = read == null ? null : read.text();
            if (line == null) {
                out.println();
                out.println("End of input: game abandoned.");
                out.flush();
                return false;
            }
            String t = line.trim();
            switch (t.toLowerCase(Locale.ROOT)) {
                case "":
                    continue;
                case "quit":
                case "q":
                case "exit":
                    out.println("Game abandoned.");
                    out.flush();
                    return false;
                case "undo":
                    if (undo()) {
                        return true;
                    }
                    continue;
                case "help":
                case "h":
                case "?":
                    out.print(help(board.housesPerSide()));
                    continue;
                case "hint":
                    Decision d = game.hint(SearchLimit.NONE);
                    out.printf(Locale.ROOT, "hint: %c (value %+.2f for you, %d nodes, %.2f s)%n", board.letter(d.move()),
                            d.value(), d.nodes(), d.timeNanos() / 1e9);
                    continue;
                default:
                    break;
            }
            int n = board.housesPerSide();
            char lower = t.length() == 1 ? Character.toLowerCase(t.charAt(0)) : 0;
            if (lower >= 'a' && lower < 'a' + n) {
                char c = human == Side.SOUTH ? Character.toUpperCase(lower) : lower;
                try {
                    game.humanMove(Moves.parse(board, c));
                    return true;
                } catch (IllegalMoveException e) {
                    out.println(e.getMessage());
                    continue;
                }
            }
            out.println("Unknown input '" + t + "': type a move letter (" + board.legalLetters()
                    + "), undo, hint, help or quit.");
        }
    }

    /** The line under each board: the sowing direction in the diagram's letters. */
    static String sowingLine(int n) {
        return "  sowing: counter-clockwise, " + Moves.letter(Side.SOUTH, 0) + " -> " + Moves.letter(Side.SOUTH, n - 1)
                + " along South's row, then " + Moves.letter(Side.NORTH, 0) + " -> " + Moves.letter(Side.NORTH, n - 1)
                + " (right to left) along North's";
    }

    /** {@code help}: the commands, the rules in short (env/RULES.md has them whole) and the sowing direction. */
    static String help(int n) {
        char last = (char) ('a' + n - 1);
        return String.join("\n",
                "Commands:",
                "  a.." + last + "   sow one of your houses (either case; South's are A.." + Character.toUpperCase(last)
                        + ", North's a.." + last + ", each from its own left)",
                "  undo   take back your last move and the agent's reply",
                "  hint   the agent's choice for you",
                "  help   this text",
                "  quit   abandon the game (q, exit, or the end of input)",
                "Rules (Oware Abapa as the lab plays it by default; env/RULES.md has them in full,"
                        + " docs/rules.md the variants):",
                "  - Pick one of your non-empty houses; its seeds are sown one a house, counter-clockwise,",
                "    skipping the house they came from.",
                "  - If the last seed makes an opponent's house 2 or 3, that house is captured, and so is each",
                "    house before it on the opponent's row that also holds 2 or 3.",
                "  - A move that would capture all the opponent's seeds captures nothing; an opponent with no",
                "    seeds must be given some if you can.",
                "  - More than half the seeds wins. A side with no legal move ends the game and takes the seeds",
                "    left; a repeated position ends it, each side taking the seeds on its own row.",
                "Sowing direction:",
                sowingLine(n).substring(2).replace("sowing: c", "  C"),
                "");
    }

    /** Takes back to the person's previous turn; false (with a message) when there is none. */
    private boolean undo() {
        int plies = game.undo(); // the agent is reset: its tree no longer matches the game
        if (plies == 0) {
            out.println("Nothing to undo: you have not moved yet.");
            return false;
        }
        out.println("Took back " + plies + (plies == 1 ? " ply." : " plies."));
        return true;
    }
}
