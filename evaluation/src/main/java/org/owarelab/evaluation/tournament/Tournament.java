package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.ScheduledGame;
import org.owarelab.util.Texts;

/**
 * Runs a tournament in a directory, game by game, so that it can be stopped at any moment and
 * resumed: {@link #prepare} reads what the directory holds and plans the games still to play,
 * {@link TournamentPlan#play} plays them. The directory holds
 * <ul>
 *   <li>{@code tournament.json} ({@link TournamentFile}): the settings, checked on resume;
 *   <li>{@code games.jsonl} ({@link MatchRecords}): every game, appended and flushed as it ends
 *       (so a killed run loses only the games in flight), sorted by game number at the end.
 * </ul>
 *
 * <p>Resuming: a saved game is recognized by its South and North specs and its seed
 * ({@link Schedule#key}); saved games of the schedule are kept and renumbered to their place in
 * it, failed ones are played again, and saved games outside the schedule (a player no longer
 * listed) are kept as they are, since they were played under the same settings. So a tournament
 * stopped and resumed ends with the same games as one run straight through, and a tournament
 * grown with more players or games per pair plays only the new games. One process per directory.
 */
public final class Tournament {
    /** Where damaged lines of {@code games.jsonl} are kept when a resume skips them. */
    public static final String SKIPPED = "games.skipped.jsonl";

    private Tournament() {
    }

    /**
     * Plans {@code config} in {@code dir} (created if needed) with its own schedule; see
     * {@link #prepare(AgentRegistry, TournamentConfig, Path, Schedule)}.
     */
    public static TournamentPlan prepare(AgentRegistry agents, TournamentConfig config, Path dir) throws IOException {
        return prepare(agents, config, dir, Schedule.of(agents, config));
    }

    /**
     * Plans {@code config} in {@code dir}: checks the saved settings, matches the saved games
     * against {@code schedule}, checks that every participant can be built, then writes the
     * settings and the kept games back (atomically). Plays nothing.
     *
     * @param agents the registry the participants are built from, now and when the plan plays
     *     (the caller owns it and closes it after playing)
     * @throws TournamentMismatchException if the directory was started with other settings, or
     *     holds games but no settings
     * @throws IllegalArgumentException naming the file and line of a bad saved record
     */
    public static TournamentPlan prepare(AgentRegistry agents, TournamentConfig config, Path dir, Schedule schedule)
            throws IOException {
        Files.createDirectories(dir);
        Path gamesFile = dir.resolve(MatchRecords.FILE);
        Path settingsFile = dir.resolve(TournamentFile.FILE);
        if (Files.exists(settingsFile)) {
            TournamentFile.checkSame(dir, TournamentFile.read(dir).settings(), config.settings());
        } else if (Files.exists(gamesFile)) {
            throw new TournamentMismatchException(dir + " holds " + MatchRecords.FILE + " but no " + TournamentFile.FILE
                    + ": not a tournament directory (use another directory)");
        }
        List<String> warnings = new ArrayList<>();
        List<MatchRecord> saved = Files.exists(gamesFile) ? readSaved(gamesFile, warnings) : List.of();
        Map<String, ScheduledGame> byKey = new HashMap<>();
        for (ScheduledGame g : schedule.games()) {
            byKey.put(Schedule.key(g), g);
        }
        Map<Integer, MatchRecord> kept = new HashMap<>();
        List<MatchRecord> foreign = new ArrayList<>();
        int failed = 0;
        for (MatchRecord r : saved) {
            ScheduledGame g = byKey.get(Schedule.key(r.south(), r.north(), r.seed()));
            if (g == null) {
                foreign.add(r);
            } else if (!r.moves().startsWith(g.opening().moves()) || r.opening() != g.opening().index()) {
                throw new TournamentMismatchException(gamesFile + ": game " + r.game() + " (" + r.south() + " vs "
                        + r.north() + ") was not played from the opening this schedule gives it ("
                        + g.opening().moves() + "): the file does not belong to these settings");
            } else if (!r.rated()) {
                failed++;
            } else {
                kept.putIfAbsent(g.game(), r.withGame(g.game()));
            }
        }
        List<MatchRecord> keptList = new ArrayList<>(kept.values());
        keptList.sort((a, b) -> Integer.compare(a.game(), b.game()));
        List<MatchRecord> foreignList = new ArrayList<>();
        int n = schedule.games().size();
        for (MatchRecord r : foreign) {
            foreignList.add(r.withGame(n + foreignList.size()));
        }
        List<ScheduledGame> toPlay = new ArrayList<>();
        for (ScheduledGame g : schedule.games()) {
            if (!kept.containsKey(g.game())) {
                toPlay.add(g);
            }
        }
        Map<String, String> problems = checkPlayers(agents, config);
        TournamentFile.write(dir, config);
        List<MatchRecord> all = new ArrayList<>(keptList);
        all.addAll(foreignList);
        MatchRecords.write(gamesFile, all);
        return new TournamentPlan(agents, config, dir, schedule, keptList, foreignList, failed, toPlay, problems, warnings);
    }

    /**
     * The saved games of {@code file}, skipping the lines that hold none with a warning each: a last
     * line cut short by a kill, or a damaged line anywhere. A damaged line is appended to
     * {@value #SKIPPED} beside the file first (the file is rewritten without it), so nothing is lost;
     * its game, missing, is played again.
     */
    private static List<MatchRecord> readSaved(Path file, List<String> warnings) throws IOException {
        MatchRecords.Contents contents = MatchRecords.readSkipping(file);
        StringBuilder aside = new StringBuilder();
        for (MatchRecords.Skipped s : contents.skipped()) {
            String warning = s.warning(file) + "; its game is played again";
            if (!s.cutShort()) {
                aside.append(s.text()).append('\n');
                warning += " (the line is kept in " + SKIPPED + ")";
            }
            warnings.add(warning);
        }
        if (aside.length() > 0) {
            Files.writeString(file.resolveSibling(SKIPPED), aside, java.nio.charset.StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
        return contents.games();
    }

    /**
     * Builds and releases each participant once: the players that cannot be built, with why, in
     * participant order. Their games are still played (and fail), so they are reported per game.
     */
    static Map<String, String> checkPlayers(AgentRegistry agents, TournamentConfig config) {
        Map<String, String> problems = new LinkedHashMap<>();
        for (String spec : config.participants()) {
            try (Agent a = agents.create(spec, config.settings().rules(), 0)) {
                a.spec();
            } catch (RuntimeException | LinkageError e) {
                problems.put(spec, Texts.reason(e));
            }
        }
        return problems;
    }
}
