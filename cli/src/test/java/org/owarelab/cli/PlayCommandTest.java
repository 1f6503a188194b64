package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.BoardDiagram;
import org.owarelab.rules.Moves;
import picocli.CommandLine;

class PlayCommandTest {

    /** Runs {@code oware play args...} with {@code script} as stdin; returns {exit code, stdout, stderr}. */
    private static Object[] play(String script, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        PlayCommand cmd = cl.getSubcommands().get("play").getCommand();
        cmd.input = new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8));
        String[] all = new String[args.length + 1];
        all[0] = "play";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = cl.execute(all);
        return new Object[] {code, out.toString(), err.toString()};
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aScriptedGamePlaysToTheEnd() {
        // Try every letter in turn: illegal ones re-prompt, legal ones are played, until the game ends.
        String script = "a\nb\nc\nd\ne\nf\n".repeat(400);
        Object[] r = play(script, "--agent", "greedy", "--rules", "houses=4,seeds=3");
        assertEquals(0, r[0], (String) r[2]);
        String out = (String) r[1];
        assertTrue(out.contains("game over ("), out);
        assertTrue(out.contains("You win.") || out.contains("You lose.") || out.contains("Draw."));
        assertFalse(out.contains("End of input"));
        // One diagram at the start and one after every move.
        int agentMoves = count(out, "north (greedy) plays ");
        int diagrams = count(out, "<- North");
        assertTrue(agentMoves > 0);
        assertTrue(diagrams == 2 * agentMoves + 1 || diagrams == 2 * agentMoves + 2, diagrams + " vs " + agentMoves);
    }

    @Test
    void undoGoesBackToThePersonsPreviousTurn() {
        Object[] r = play("undo\nC\nundo\nquit\n", "--agent", "greedy");
        String out = (String) r[1];
        assertTrue(out.contains("Nothing to undo: you have not moved yet."), out);
        assertTrue(out.contains("Took back 2 plies."), out);
        String start = BoardDiagram.draw(new Board());
        String afterUndo = out.substring(out.indexOf("Took back 2 plies."));
        assertTrue(afterUndo.contains(start), "the start position is drawn again:\n" + afterUndo);
        assertTrue(out.contains("Game abandoned."));
    }

    @Test
    void hintSuggestsALegalMoveAndBadInputRePromptsWithTheLegalMoves() {
        Board b = new Board();
        Moves.playAll(b, "Ca"); // C is empty again
        Object[] r = play("hint\nxyz\nC\nq\n", "--agent", "mcts:sims=50", "--position", b.text());
        String out = (String) r[1];
        Matcher m = Pattern.compile("hint: ([A-F]) \\(value [+-][0-9.]+ for you, 50 nodes, ").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(b.isLegal(m.group(1).charAt(0) - 'A'));
        assertTrue(out.contains("Unknown input 'xyz': type a move letter (" + b.legalLetters() + "), undo, hint, help or quit."),
                out);
        assertTrue(out.contains("illegal move 'C' at ply 0: the house is empty (legal: " + b.legalLetters() + ")"), out);
        assertEquals(4, count(out, "Your move (" + b.legalLetters() + ")"), "re-prompted after each input");
    }

    @Test
    void helpPrintsTheCommandsTheRulesAndTheSowingDirectionAndPlaysNothing() {
        Object[] r = play("help\n?\nquit\n", "--agent", "greedy", "--rules", "houses=4,seeds=3");
        String out = (String) r[1];
        assertEquals(0, r[0], (String) r[2]);
        assertEquals(2, count(out, "Commands:"), "help and ? both print it:\n" + out);
        for (String line : new String[] {"  a..d   sow one of your houses", "  undo ", "  hint ", "  quit ",
                "Rules (Oware Abapa", "makes an opponent's house 2 or 3", "More than half the seeds wins",
                "Sowing direction:", "  Counter-clockwise, A -> D along South's row, then a -> d (right to left) along North's"}) {
            assertTrue(out.contains(line), line + " in:\n" + out);
        }
        assertFalse(out.contains("Unknown input"), out);
        assertEquals(3, count(out, "Your move (ABCD)"), "help re-prompts; nothing is played");
        assertTrue(out.contains("Game abandoned."));
    }

    @Test
    void everyBoardSaysWhichWayTheSeedsGo() {
        Object[] r = play("C\nquit\n", "--agent", "greedy");
        String out = (String) r[1];
        String sowing = "  sowing: counter-clockwise, A -> F along South's row, then a -> f (right to left) along North's";
        assertEquals(count(out, "<- North"), count(out, sowing), "a sowing line under every board:\n" + out);
        assertTrue(out.indexOf(sowing) > out.indexOf("<- South"), out);
    }

    @Test
    void theAgentMovesFirstWhenThePersonPlaysNorth() {
        Object[] r = play("", "--agent", "greedy", "--human", "north");
        String out = (String) r[1];
        assertEquals(0, r[0]);
        assertTrue(out.contains("You play north"));
        assertTrue(out.indexOf("south (greedy) plays ") < out.indexOf("Your move (abcdef)"), out);
        assertTrue(out.contains("End of input: game abandoned."));
    }

    @Test
    void badOptionsExitWithTwo() {
        Object[] r = play("", "--agent", "nosuch");
        assertEquals(2, r[0]);
        assertTrue(((String) r[2]).contains("unknown agent 'nosuch'"), (String) r[2]);
        assertEquals(2, play("", "--agent", "greedy", "--human", "west")[0]);
        assertEquals(2, play("")[0], "--agent is required");
    }
}
