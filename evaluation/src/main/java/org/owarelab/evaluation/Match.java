package org.owarelab.evaluation;

import java.util.ArrayList;
import java.util.List;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.rules.Side;

/**
 * Plays a match between two agent specs: {@link MatchConfig#pairs()} openings from
 * {@link Openings}, each played twice (game {@code 2p} with A as South, {@code 2p+1} with A as
 * North), on up to {@code threads} threads ({@link Arena}). Each game builds its own two agents
 * with seeds derived from the match seed and the game index ({@link GameRunner}), so the games
 * and the result are the same for the same seed whatever the thread count (time-limited agents
 * aside).
 *
 * <p>A game whose agent fails is recorded as a forfeit and the match goes on. Bad specs are
 * reported before any game is played.
 */
public final class Match {
    /** The index under the match seed that seeds the openings (games use 0, 1, ...). */
    static final long OPENINGS_STREAM = -1;

    private Match() {
    }

    /**
     * Plays the match; blocks until every game is done.
     *
     * @param agents the registry both agents are built from (the caller owns it)
     * @param listener told of each finished game (see {@link MatchListener} for threading)
     * @throws org.owarelab.agents.AgentSpecException if a spec names no agent, has an unknown key or a bad value
     * @throws InterruptedException if the calling thread is interrupted (the workers are then stopped)
     */
    public static MatchResult run(AgentRegistry agents, MatchConfig config, MatchListener listener)
            throws InterruptedException {
        return run(agents, config, listener, () -> false);
    }

    /**
     * Plays the match until every game is done or {@code stop} says to start no more (e.g. an
     * SPRT that has decided): games in flight then finish, and the result holds the games played,
     * which are always the first ones in game order (games start in order and every started game
     * ends). {@code stop} is asked before each game starts, under the same lock as the listener.
     *
     * @throws org.owarelab.agents.AgentSpecException if a spec names no agent, has an unknown key or a bad value
     * @throws InterruptedException if the calling thread is interrupted (the workers are then stopped)
     */
    public static MatchResult run(AgentRegistry agents, MatchConfig config, MatchListener listener,
            java.util.function.BooleanSupplier stop) throws InterruptedException {
        return run(agents, config, listener, stop, List.of());
    }

    /**
     * Plays the games of the match that {@code saved} lacks (a resumed match: {@code saved} holds
     * the games a killed run had saved, checked with {@link #checkSaved}) until they are done or
     * {@code stop} says to start no more. The saved games count in the tally the listener sees and
     * in the result; the listener is told of the new games only.
     *
     * @throws IllegalArgumentException if {@code saved} does not fit the config ({@link #checkSaved})
     * @throws org.owarelab.agents.AgentSpecException if a spec names no agent, has an unknown key or a bad value
     * @throws InterruptedException if the calling thread is interrupted (the workers are then stopped)
     */
    public static MatchResult run(AgentRegistry agents, MatchConfig config, MatchListener listener,
            java.util.function.BooleanSupplier stop, List<MatchRecord> saved) throws InterruptedException {
        checkSpecs(agents, config);
        List<Opening> openings = openings(config);
        List<ScheduledGame> schedule = schedule(config, openings);
        checkSaved(config, openings, saved);
        int games = config.games();
        MatchRecord[] all = new MatchRecord[games];
        Tally running = new Tally();
        for (MatchRecord r : saved) {
            all[r.game()] = r;
            running.add(r);
        }
        List<ScheduledGame> left = new ArrayList<>(games - saved.size());
        for (ScheduledGame s : schedule) {
            if (all[s.game()] == null) {
                left.add(s);
            }
        }
        MatchRecord[] records = Arena.play(new GameRunner(agents, config), left, config.threads(), r -> {
            running.add(r);
            listener.gameFinished(r, running, games);
        }, stop);
        for (MatchRecord r : records) {
            if (r != null) {
                all[r.game()] = r;
            }
        }
        Tally tally = new Tally();
        List<MatchRecord> played = new ArrayList<>(games);
        for (MatchRecord r : all) {
            if (r != null) {
                tally.add(r);
                played.add(r);
            }
        }
        return new MatchResult(config, openings, List.copyOf(played), tally);
    }

    /**
     * Checks that {@code saved} are games of this match, as a resumed match needs: each one's number
     * is one of the config's games, at most once, and its rules, start position, opening, agents (A
     * on the scheduled side) and seed are the scheduled game's. What a record does not hold (a game
     * clock, the ply cap) is not checked.
     *
     * @throws IllegalArgumentException naming the first game that differs and what the match expected
     */
    public static void checkSaved(MatchConfig config, List<MatchRecord> saved) {
        checkSaved(config, openings(config), saved);
    }

    private static void checkSaved(MatchConfig config, List<Opening> openings, List<MatchRecord> saved) {
        List<ScheduledGame> schedule = schedule(config, openings);
        boolean[] seen = new boolean[config.games()];
        String rules = config.rules().spec();
        String start = config.start().text();
        for (MatchRecord r : saved) {
            String game = "saved game " + r.game() + ": ";
            if (r.game() >= config.games()) {
                throw new IllegalArgumentException(game + "beyond this match's " + config.games()
                        + " games (--games must be at least " + (r.game() + 1) + ")");
            }
            if (seen[r.game()]) {
                throw new IllegalArgumentException(game + "saved twice");
            }
            seen[r.game()] = true;
            ScheduledGame s = schedule.get(r.game());
            if (!r.rules().equals(rules)) {
                throw new IllegalArgumentException(game + "rules '" + r.rules() + "', this match's are '" + rules + "'");
            }
            if (!r.position().equals(start)) {
                throw new IllegalArgumentException(game + "start position " + r.position() + ", this match's is " + start);
            }
            if (r.opening() != s.opening().index() || !r.moves().startsWith(s.opening().moves())
                    || r.openingPlies() != s.opening().moves().length()) {
                throw new IllegalArgumentException(game + "opening " + r.opening() + " of " + r.openingPlies()
                        + " plies, not this match's opening " + s.opening().index() + " ("
                        + (s.opening().moves().isEmpty() ? "none" : s.opening().moves())
                        + "; another --seed or --openings)");
            }
            if (!r.south().equals(s.south()) || !r.north().equals(s.north()) || r.sideOfA() != s.sideOfA()) {
                throw new IllegalArgumentException(game + "South " + r.south() + ", North " + r.north()
                        + "; this match plays South " + s.south() + ", North " + s.north());
            }
            if (r.seed() != s.seed()) {
                throw new IllegalArgumentException(game + "seed " + r.seed() + ", this match's is " + s.seed()
                        + " (another --seed)");
            }
        }
    }

    /**
     * The match's games: game {@code g} on opening {@code (g / 2) mod openings}, A as South for
     * even {@code g}, seeded with {@code MatchSeeds.derive(seed, g)}.
     */
    public static List<ScheduledGame> schedule(MatchConfig config, List<Opening> openings) {
        List<ScheduledGame> list = new ArrayList<>(config.games());
        for (int g = 0; g < config.games(); g++) {
            list.add(new ScheduledGame(g, g / 2, openings.get((g / 2) % openings.size()), config.agentA(),
                    config.agentB(), g % 2 == 0 ? Side.SOUTH : Side.NORTH, MatchSeeds.derive(config.seed(), g)));
        }
        return list;
    }

    /**
     * Builds and releases each agent once, so that a bad spec fails before any game.
     *
     * @throws org.owarelab.agents.AgentSpecException naming the spec and what is allowed
     */
    public static void checkSpecs(AgentRegistry agents, MatchConfig config) {
        agents.checkAll(List.of(config.agentA(), config.agentB()), config.rules());
    }

    /** The match's distinct openings (fewer than the pairs when the opening depth has fewer positions). */
    public static List<Opening> openings(MatchConfig config) {
        return Openings.generate(config.start(), config.openingPlies(), config.pairs(),
                MatchSeeds.derive(config.seed(), OPENINGS_STREAM));
    }
}
