package org.owarelab.evaluation;

import java.util.Arrays;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;
import org.owarelab.util.Texts;

/**
 * Plays one game ({@link ScheduledGame}): builds both agents with seeds derived from the game's
 * seed and their side, plays the opening, then lets the agents move (each with its spec's own
 * limit, or with a {@link GameClock} each move's limit from its clock) until the game ends or
 * reaches the ply cap, telling both agents every move. The result is a pure function of the
 * rules, start, ply cap and scheduled game (time-limited agents aside), so it does not depend on
 * which thread plays it.
 *
 * <p>Failures: an agent that cannot be built, throws, or returns an illegal move forfeits the
 * game (its opponent wins, reason {@code error}); the record says who failed and why. Agents
 * see copies of the referee's board, never the board itself.
 *
 * <p>Immutable: safe to share between threads.
 */
public final class GameRunner {
    private final AgentRegistry agents;
    private final RuleSet rules;
    private final Position start;
    private final int maxPlies;
    /** Null: each agent searches by its spec's limit. */
    private final GameClock clock;

    /**
     * @param agents the registry both agents are built from (shared by the threads)
     * @param rules the rule set the agents are built for
     * @param start the position every opening starts from
     * @param maxPlies the ply cap, opening included (see {@link MatchConfig#maxPlies()})
     */
    public GameRunner(AgentRegistry agents, RuleSet rules, Position start, int maxPlies) {
        this(agents, rules, start, maxPlies, null);
    }

    /**
     * As {@link #GameRunner(AgentRegistry, RuleSet, Position, int)}, with each move's limit from a
     * game clock ({@link GameClock}; null: none).
     */
    public GameRunner(AgentRegistry agents, RuleSet rules, Position start, int maxPlies, GameClock clock) {
        if (!start.rules().equals(rules)) {
            throw new IllegalArgumentException("the start position is for rules " + start.rules() + ", not " + rules);
        }
        if (maxPlies < 1) {
            throw new IllegalArgumentException("the ply cap must be >= 1, got " + maxPlies);
        }
        this.agents = agents;
        this.rules = rules;
        this.start = start;
        this.maxPlies = maxPlies;
        this.clock = clock;
    }

    /** The runner of a match's games, its agents built from {@code agents}. */
    public GameRunner(AgentRegistry agents, MatchConfig config) {
        this(agents, config.rules(), config.start(), config.maxPlies(), config.clock());
    }

    /** The rule set the games are played under. */
    public RuleSet rules() {
        return rules;
    }

    /** The position every opening starts from. */
    public Position start() {
        return start;
    }

    /** The ply cap, opening included. */
    public int maxPlies() {
        return maxPlies;
    }

    /** Plays {@code scheduled}; never throws for an agent's failure. */
    public MatchRecord play(ScheduledGame scheduled) {
        Opening opening = scheduled.opening();
        Game g = new Game(start, opening.moves());
        Agent[] agents = new Agent[2];
        try {
            for (int side = 0; side < 2; side++) {
                g.failing = side;
                agents[side] = this.agents.create(scheduled.spec(side), rules, MatchSeeds.derive(scheduled.seed(), side));
            }
            g.failing = -1;
            g.run(agents, maxPlies);
        } catch (RuntimeException | LinkageError e) {
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
        return g.record(scheduled, opening.moves().length());
    }

    private static String describe(Throwable e) {
        return Texts.reason(e);
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
            // Each side's clock in microseconds, so that moves shorter than a millisecond are charged too.
            long[] left = clock == null ? null : new long[] {clock.baseMillis() * 1000, clock.baseMillis() * 1000};
            while (!board.isOver() && board.ply() < maxPlies) {
                int side = board.toMove();
                failing = side;
                view.copyFrom(board);
                long t0 = System.nanoTime();
                SearchLimit limit = left == null ? SearchLimit.NONE
                        : SearchLimit.clock(left[side] / 1000, clock.incrementMillis(), 0);
                Decision d = agents[side].decide(view, limit, SearchMonitor.NONE);
                long t = (System.nanoTime() - t0) / 1000;
                if (left != null) {
                    left[side] -= t;
                    if (left[side] < 0) {
                        throw new IllegalStateException(String.format(java.util.Locale.ROOT,
                                "lost on time at ply %d (%.1f ms over its clock of %s)", board.ply(), -left[side] / 1000.0,
                                clock));
                    }
                    left[side] += clock.incrementMillis() * 1000;
                }
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

        MatchRecord record(ScheduledGame s, int openingPlies) {
            int winner;
            String reason;
            int southStore;
            int northStore;
            if (error != null) {
                winner = failing >= 0 ? 1 - failing : -1;
                reason = MatchRecord.ERROR;
                southStore = board.store(Side.SOUTH);
                northStore = board.store(Side.NORTH);
            } else if (board.isOver()) {
                winner = board.winner();
                reason = board.endReason().text();
                southStore = board.finalStore(Side.SOUTH);
                northStore = board.finalStore(Side.NORTH);
            } else {
                southStore = MatchConfig.TRUNCATION.score(board, Side.SOUTH);
                northStore = MatchConfig.TRUNCATION.score(board, Side.NORTH);
                winner = MatchConfig.TRUNCATION.winner(board);
                reason = MatchRecord.PLY_CAP;
            }
            return new MatchRecord(s.game(), s.pair(), s.opening().index(), rules.spec(), start.text(),
                    letters.toString(), openingPlies, s.south(), s.north(), s.sideOfA(), s.seed(), winner, reason,
                    southStore, northStore, error, error != null ? failing : -1, Arrays.copyOf(micros, moves));
        }
    }
}
