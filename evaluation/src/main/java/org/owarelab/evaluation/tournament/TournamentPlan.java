package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.GameFarm;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.GameRunner;
import org.owarelab.evaluation.ScheduledGame;

/**
 * A tournament ready to play in its directory (from {@link Tournament#prepare}): what is already
 * saved and what is left. {@link #play} plays the rest once.
 */
public final class TournamentPlan {
    private final AgentRegistry agents;
    private final TournamentConfig config;
    private final Path dir;
    private final Schedule schedule;
    private final List<MatchRecord> kept;
    private final List<MatchRecord> foreign;
    private final int failedBefore;
    private final List<ScheduledGame> toPlay;
    private final Map<String, String> problems;
    private final List<String> warnings;

    TournamentPlan(AgentRegistry agents, TournamentConfig config, Path dir, Schedule schedule, List<MatchRecord> kept,
            List<MatchRecord> foreign, int failedBefore, List<ScheduledGame> toPlay, Map<String, String> problems,
            List<String> warnings) {
        this.agents = agents;
        this.config = config;
        this.dir = dir;
        this.schedule = schedule;
        this.kept = List.copyOf(kept);
        this.foreign = List.copyOf(foreign);
        this.failedBefore = failedBefore;
        this.toPlay = List.copyOf(toPlay);
        this.problems = Map.copyOf(problems);
        this.warnings = List.copyOf(warnings);
    }

    public TournamentConfig config() {
        return config;
    }

    /** The tournament directory. */
    public Path dir() {
        return dir;
    }

    public Schedule schedule() {
        return schedule;
    }

    /** Saved games of the schedule, kept (renumbered to their place in it). */
    public List<MatchRecord> kept() {
        return kept;
    }

    /** Saved games outside the schedule, kept as they are (numbered after it). */
    public List<MatchRecord> foreign() {
        return foreign;
    }

    /** Saved games of the schedule that had failed: they are played again. */
    public int failedBefore() {
        return failedBefore;
    }

    /** The games this run plays, in schedule order. */
    public List<ScheduledGame> toPlay() {
        return toPlay;
    }

    /**
     * Participants that could not be built when checked, with why (their games will fail and be
     * reported per game), in participant order.
     */
    public Map<String, String> problems() {
        return problems;
    }

    /**
     * Lines of the saved {@code games.jsonl} that held no game and were skipped, one message each
     * naming the file and line (see {@link Tournament#prepare}).
     */
    public List<String> warnings() {
        return warnings;
    }

    /** The runner of this tournament's games: its rules, start position and ply cap, its registry. */
    public GameRunner runner() {
        ArenaSettings s = config.settings();
        return new GameRunner(agents, s.rules(), s.start(), s.maxPlies());
    }

    /**
     * Plays the games left on {@code config().threads()} threads, appending each to
     * {@code games.jsonl} as it ends, then rewrites the file sorted by game number (atomically).
     * A game whose agent fails is saved as a forfeit with its error; the others go on.
     *
     * @return every game of the directory, in game order
     * @throws InterruptedException if the calling thread is interrupted (the games saved so far stay)
     */
    public TournamentResult play(TournamentListener listener) throws IOException, InterruptedException {
        return play(listener, GameFarm.local(config.threads()));
    }

    /**
     * Plays the games left on {@code farm} (e.g. farmed out to a cluster), appending each to
     * {@code games.jsonl} as it ends, then rewrites the file sorted by game number (atomically).
     *
     * @see #play(TournamentListener)
     */
    public TournamentResult play(TournamentListener listener, GameFarm farm) throws IOException, InterruptedException {
        Path file = dir.resolve(MatchRecords.FILE);
        GameRunner runner = runner();
        int total = toPlay.size();
        int[] done = {0};
        MatchRecord[] played;
        try (MatchRecords.Appender out = new MatchRecords.Appender(file, false)) {
            played = farm.play(runner, toPlay, r -> {
                out.append(r);
                listener.gameFinished(r, ++done[0], total);
            });
        }
        List<MatchRecord> all = new ArrayList<>(kept);
        all.addAll(List.of(played));
        all.addAll(foreign);
        all.sort(Comparator.comparingInt(MatchRecord::game));
        MatchRecords.write(file, all);
        return new TournamentResult(this, all, List.of(played));
    }
}
