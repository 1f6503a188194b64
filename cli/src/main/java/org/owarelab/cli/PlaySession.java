package org.owarelab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.rules.Board;
import org.owarelab.rules.BoardDiagram;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Side;

/**
 * A terminal game between a person and an agent: the board is drawn after every move; the
 * person types a move letter (either case), {@code undo} (back to their previous turn),
 * {@code hint} (the agent's choice for them) or {@code quit}. Input is read line by line, so a
 * game can be scripted; the end of input quits. Anything else re-prompts with the legal moves.
 */
final class PlaySession {
    private final Board board;
    private final Agent agent;
    private final int human;
    private final long seed;
    private final org.owarelab.util.LineReader in;
    private final PrintWriter out;
    /** The plies at which the person was to move and moved, latest last: where {@code undo} goes back to. */
    private final Deque<Integer> humanTurns = new ArrayDeque<>();

    PlaySession(Board board, Agent agent, int human, long seed, BufferedReader in, PrintWriter out) {
        this.board = board;
        this.agent = agent;
        this.human = human;
        this.seed = seed;
        this.in = new org.owarelab.util.LineReader(in, org.owarelab.util.LineReader.DEFAULT_MAX);
        this.out = out;
    }

    /** Plays until the game ends, the person quits or the input ends. */
    void run() throws IOException {
        out.println("You play " + Side.name(human) + " against " + agent.spec() + ". Type a move letter, "
                + "'undo', 'hint' or 'quit'.");
        while (true) {
            out.println();
            out.print(BoardDiagram.draw(board));
            out.flush();
            if (board.isOver()) {
                int w = board.winner();
                out.println(w < 0 ? "Draw." : w == human ? "You win." : "You lose.");
                out.flush();
                return;
            }
            if (board.toMove() != human) {
                agentMoves();
            } else if (!humanTurn()) {
                return;
            }
        }
    }

    private void agentMoves() {
        Decision d = agent.decide(board.copy());
        int m = d.move();
        out.printf(Locale.ROOT, "%s (%s) plays %c   (value %+.2f for it, %d nodes, %.2f s)%n",
                Side.name(board.toMove()), agent.spec(), board.letter(m), d.value(), d.nodes(), d.timeNanos() / 1e9);
        board.play(m);
        agent.played(board.copy(), m);
    }

    /** Reads input until a move is played or taken back; false when the person quits. */
    private boolean humanTurn() throws IOException {
        while (true) {
            out.print("Your move (" + board.legalLetters() + "), undo, hint or quit: ");
            out.flush();
            org.owarelab.util.LineReader.Line read = in.next();
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
                case "hint":
                    Decision d = agent.decide(board.copy());
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
                    int m = Moves.parse(board, c);
                    humanTurns.push(board.ply());
                    board.play(m);
                    agent.played(board.copy(), m);
                    return true;
                } catch (IllegalMoveException e) {
                    out.println(e.getMessage());
                    continue;
                }
            }
            out.println("Unknown input '" + t + "': type a move letter (" + board.legalLetters()
                    + "), undo, hint or quit.");
        }
    }

    /** Takes back to the person's previous turn; false (with a message) when there is none. */
    private boolean undo() {
        if (humanTurns.isEmpty()) {
            out.println("Nothing to undo: you have not moved yet.");
            return false;
        }
        int target = humanTurns.pop();
        int plies = 0;
        while (board.ply() > target) {
            board.undo();
            plies++;
        }
        agent.reset(seed); // its tree no longer matches the game
        out.println("Took back " + plies + (plies == 1 ? " ply." : " plies."));
        return true;
    }
}
