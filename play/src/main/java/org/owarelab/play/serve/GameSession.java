package org.owarelab.play.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Supplier;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.play.HumanGame;
import org.owarelab.protocol.jsonl.BoardJson;
import org.owarelab.rules.Board;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;
import org.owarelab.util.Texts;

/**
 * One game in the browser: a human on one side, one agent on the other, over the game flow the
 * terminal game uses too ({@link HumanGame}: turns, the agent's moves, undo); this class checks
 * the requests and renders the state the page draws.
 *
 * <p>The agent is built when it first has to move and closed when the game ends or the session
 * is closed (an undo after the end builds a fresh one). Not thread-safe: the server holds the
 * session's lock around every call.
 */
final class GameSession implements AutoCloseable {
    private final String id;
    private final String agentSpec;
    private final HumanGame game;
    /** The limit the page asked for with the latest request; NONE: the agent spec's own. */
    private SearchLimit limit;

    /**
     * Starts a game; when the agent moves first it plays its move at once.
     *
     * @param agentFactory builds the agent of this game (called again only after the game ended and
     *     was undone)
     */
    GameSession(String id, RuleSet rules, int human, String agentSpec, Supplier<Agent> agentFactory, long seed,
            SearchLimit limit) {
        this.id = id;
        this.agentSpec = agentSpec;
        this.limit = limit;
        this.game = new HumanGame(new Board(rules), human, agentFactory, true, seed);
        agentReplies();
    }

    String id() {
        return id;
    }

    /** Whether the agent plays a calibrated level ({@code elo=} in its spec), whose search no limit may change. */
    boolean levelled() {
        return org.owarelab.agents.AgentSpec.parse(agentSpec).has(org.owarelab.agents.puct.StrengthLevels.SPEC_KEY);
    }

    /**
     * Plays the human's move (a letter of the human's side) and the agent's reply.
     *
     * @throws ApiException 409 when it is not the human's turn, the game is over or the move is
     *     not legal (the message names the legal moves)
     */
    void humanMove(String letter, SearchLimit limit) {
        Board board = game.board();
        if (board.isOver()) {
            throw new ApiException(409, "the game is over (" + board.endReason() + "): start a new game or undo");
        }
        if (!game.humansTurn()) {
            throw new ApiException(409, "it is the agent's turn");
        }
        if (letter.length() != 1) {
            throw new ApiException(400, "'move' must be one letter, got '" + Texts.escape(letter) + "'");
        }
        int m;
        try {
            m = Moves.parse(board, letter.charAt(0));
        } catch (IllegalMoveException e) {
            throw new ApiException(409, Texts.escape(e.getMessage()));
        }
        this.limit = limit;
        game.humanMove(m);
        agentReplies();
    }

    /**
     * Takes back the human's last move and the agent's replies to it.
     *
     * @throws ApiException 409 when the human has not moved yet
     */
    void undo() {
        if (game.undo() == 0) {
            throw new ApiException(409, "nothing to undo: you have not moved yet");
        }
    }

    /** The game as the page draws it (see the API table in docs/protocols.md). */
    ObjectNode state() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        Board board = game.board();
        List<HumanGame.Turn> turns = game.turns();
        int human = game.human();
        ObjectNode s = f.objectNode();
        int n = board.housesPerSide();
        s.put("id", id).put("agent", agentSpec).put("human", Side.name(human)).put("houses", n);
        BoardJson.put(s, board);
        s.put("toMove", Side.name(board.toMove()));
        s.put("legal", game.humansTurn() ? board.legalLetters() : "");
        StringBuilder moves = new StringBuilder();
        for (HumanGame.Turn t : turns) {
            moves.append(Moves.letter(t.side(), t.move()));
        }
        s.put("moves", moves.toString());
        if (turns.isEmpty()) {
            s.putNull("last");
        } else {
            HumanGame.Turn t = turns.get(turns.size() - 1);
            ObjectNode last = s.putObject("last");
            last.put("side", Side.name(t.side())).put("move", String.valueOf(Moves.letter(t.side(), t.move())))
                    .put("house", t.side() * n + t.move()).put("sown", t.sown()).put("captured", t.captured());
            ArrayNode ch = last.putArray("capturedHouses");
            t.capturedHouses().forEach(ch::add);
        }
        s.set("reply", reply(turns));
        s.put("over", board.isOver());
        if (board.isOver()) {
            int w = board.winner();
            s.putObject("result").put("reason", board.endReason().text())
                    .put("winner", w < 0 ? "draw" : Side.name(w))
                    .put("south", board.finalStore(Side.SOUTH)).put("north", board.finalStore(Side.NORTH));
        } else {
            s.putNull("result");
        }
        s.put("canUndo", game.canUndo());
        return s;
    }

    /** The agent's latest decision: its move, value (its own view, in [-1, 1]) and principal variation. */
    private static ObjectNode reply(List<HumanGame.Turn> turns) {
        for (int i = turns.size() - 1; i >= 0; i--) {
            HumanGame.Turn t = turns.get(i);
            if (t.decision() != null) {
                Decision d = t.decision();
                ObjectNode r = JsonNodeFactory.instance.objectNode();
                r.put("move", String.valueOf(Moves.letter(t.side(), d.move()))).put("value", d.value())
                        .put("pv", d.pvLetters(t.side())).put("nodes", d.nodes()).put("depth", d.depth())
                        .put("timeMs", d.timeNanos() / 1_000_000);
                return r;
            }
        }
        return null;
    }

    private void agentReplies() {
        while (game.agentsTurn()) {
            game.agentMove(limit);
        }
    }

    @Override
    public void close() {
        game.close();
    }
}
