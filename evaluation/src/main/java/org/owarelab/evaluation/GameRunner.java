package org.owarelab.evaluation;

import java.util.Arrays;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Agents;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.Side;

/**
 * Plays one game of a match: builds both agents with seeds derived from the game's seed, plays
 * the opening, then lets the agents move (each with its spec's own limit) until the game ends or
 * reaches the ply cap, telling both agents every move. The result is a pure function of the
 * match config, the game index and the opening (time-limited agents aside), so it does not
 * depend on which thread plays it.
 *
 * <p>Failures: an agent that cannot be built, throws, or returns an illegal move forfeits the
 * game (its opponent wins, reason {@code error}); the record says who failed and why. Agents
 * see copies of the referee's board, never the board itself.
 *
 * <p>Stateless apart from the config: safe to share between threads.
 */
public final class GameRunner {
    private final MatchConfig config;

    public GameRunner(MatchConfig config) {
        this.config = config;
    }

    /** The seed of game {@code game}. */
    public long gameSeed(int game) {
        return Seeds.derive(config.seed(), game);
    }

    /** Plays game {@code game} on {@code opening}; never throws for an agent's failure. */
    public GameRecord play(int game, Opening opening) {
        int sideOfA = game % 2 == 0 ? Side.SOUTH : Side.NORTH;
        String southSpec = sideOfA == Side.SOUTH ? config.agentA() : config.agentB();
        String northSpec = sideOfA == Side.SOUTH ? config.agentB() : config.agentA();
        long seed = gameSeed(game);
        Game g = new Game(config.start(), opening.moves());
        Agent[] agents = new Agent[2];
        try {
            for (int s = 0; s < 2; s++) {
                int sideOfThis = s == 0 ? sideOfA : 1 - sideOfA; // s = 0: agent A, 1: agent B
                String spec = s == 0 ? config.agentA() : config.agentB();
                g.failing = sideOfThis;
                agents[sideOfThis] = Agents.create(spec, config.rules(), Seeds.derive(seed, s));
            }
            g.failing = -1;
            g.run(agents, config.maxPlies());
        } catch (RuntimeException e) {
            g.error = (g.failing >= 0 ? Side.name(g.failing) + " agent failed: " : "") + describe(e);
        } finally {
            for (Agent a : agents) {
                if (a != null) {
                    try {
                        a.close();
                    } catch (RuntimeException e) {
                        // A failure to release resources does not change the finished game.
                    }
                }
            }
        }
        return g.record(game, opening, southSpec, northSpec, sideOfA, seed, opening.moves().length());
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m.replace('\n', ' '));
    }

    /** The state of one game being played. */
    private final class Game {
        final Board board;
        final Board view;
        /** The whole game as letters, opening included. */
        final StringBuilder letters;
        long[] micros = new long[64];
        int moves;
        /** The side whose agent is being called, so an exception can be pinned on it. */
        int failing = -1;
        String error;

        Game(Position start, String opening) {
            board = new Board(start);
            Moves.playAll(board, opening);
            view = board.copy();
            letters = new StringBuilder(opening);
        }

        void run(Agent[] agents, int maxPlies) {
            while (!board.isOver() && board.ply() < maxPlies) {
                int side = board.toMove();
                failing = side;
                view.copyFrom(board);
                long t0 = System.nanoTime();
                Decision d = agents[side].decide(view, SearchLimit.NONE, SearchMonitor.NONE);
                long t = (System.nanoTime() - t0) / 1000;
                if (moves == micros.length) {
                    micros = Arrays.copyOf(micros, 2 * moves);
                }
                micros[moves++] = t;
                if (d == null || !board.isLegal(d.move())) {
                    throw new IllegalStateException("illegal move " + (d == null ? "null" : describeMove(d.move()))
                            + " at ply " + board.ply() + " (legal: " + board.legalLetters() + ")");
                }
                letters.append(board.letter(d.move()));
                board.play(d.move());
                for (int k = 0; k < 2; k++) {
                    int s = side ^ k;
                    failing = s;
                    view.copyFrom(board);
                    agents[s].played(view, d.move());
                }
            }
            failing = -1;
        }

        private String describeMove(int m) {
            return m >= 0 && m < board.housesPerSide() ? String.valueOf(board.letter(m)) : "#" + m;
        }

        GameRecord record(int game, Opening opening, String south, String north, int sideOfA, long seed, int openingPlies) {
            int winner;
            String reason;
            int southStore;
            int northStore;
            if (error != null) {
                winner = failing >= 0 ? 1 - failing : -1;
                reason = GameRecord.ERROR;
                southStore = board.store(Side.SOUTH);
                northStore = board.store(Side.NORTH);
            } else if (board.isOver()) {
                winner = board.winner();
                reason = board.endReason().text();
                southStore = board.finalStore(Side.SOUTH);
                northStore = board.finalStore(Side.NORTH);
            } else {
                // Ply cap: own-side gathering.
                southStore = board.store(Side.SOUTH) + board.seedsOnSide(Side.SOUTH);
                northStore = board.store(Side.NORTH) + board.seedsOnSide(Side.NORTH);
                winner = southStore > northStore ? Side.SOUTH : northStore > southStore ? Side.NORTH : -1;
                reason = GameRecord.PLY_CAP;
            }
            return new GameRecord(game, game / 2, opening.index(), config.rules().spec(), config.start().text(),
                    letters.toString(), openingPlies, south, north, sideOfA, seed, winner, reason, southStore,
                    northStore, error, error != null ? failing : -1, Arrays.copyOf(micros, moves));
        }
    }
}
