package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.owarelab.evaluation.GameTables;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.stats.BradleyTerry;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.Rating;

/**
 * The games of one or more tournament directories of the same players, pooled into one rating fit.
 *
 * <p>Why: a tournament plays the same number of games in every pairing, but a measurement may need
 * more games in some pairings than in others (docs/levels.md: a ladder of 200 games a pairing, plus
 * 2,000 a pairing among its cheap bottom players). The pool is the first directory (the whole
 * ladder) plus further directories that replay some of its pairings under another seed; the ratings
 * are one Bradley-Terry fit of all their games, exactly as if one directory held them all.
 *
 * <p>What may be pooled: every directory plays under the first one's rules, start position,
 * opening plies, ply cap and opening filter, is anchored on the same player, and names only
 * players of the first. A game held by two directories (the same South, North and seed: what a
 * second tournament with the same seed plays again) would count twice and is refused. Lines of a
 * games file that hold no game are skipped, as {@code oware report} skips them.
 */
public final class TournamentPool {
    private final List<Path> dirs;
    private final List<TournamentConfig> configs;
    private final List<MatchRecord> games;

    private TournamentPool(List<Path> dirs, List<TournamentConfig> configs, List<MatchRecord> games) {
        this.dirs = List.copyOf(dirs);
        this.configs = List.copyOf(configs);
        this.games = List.copyOf(games);
    }

    /**
     * Reads and checks the directories, the first one first.
     *
     * @throws IllegalArgumentException in one line naming the directory and what was expected: no
     *     directory, one listed twice, one that is not a tournament directory, or one that may not be
     *     pooled with the first (see the class comment)
     */
    public static TournamentPool read(List<Path> dirs) throws IOException {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no tournament directory (expected at least one)");
        }
        List<TournamentConfig> configs = new ArrayList<>();
        List<MatchRecord> games = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        for (int i = 0; i < dirs.size(); i++) {
            Path dir = dirs.get(i);
            for (int j = 0; j < i; j++) {
                if (dirs.get(j).toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize())) {
                    throw new IllegalArgumentException(dir + ": listed twice (expected each tournament once)");
                }
            }
            if (!Files.isRegularFile(dir.resolve(TournamentFile.FILE))) {
                throw new IllegalArgumentException(dir + ": not a tournament directory (no " + TournamentFile.FILE + ")");
            }
            TournamentConfig c = TournamentFile.read(dir);
            if (i > 0) {
                checkPoolable(dirs.get(0), configs.get(0), dir, c);
            }
            configs.add(c);
            Path file = dir.resolve(MatchRecords.FILE);
            List<MatchRecord> own = Files.exists(file) ? MatchRecords.readSkipping(file).games() : List.of();
            for (MatchRecord g : own) {
                Path other = seen.putIfAbsent(Schedule.key(g.south(), g.north(), g.seed()), dir);
                if (other != null && !other.equals(dir)) {
                    throw new IllegalArgumentException(dir + ": game " + g.game() + " (" + g.south() + " vs " + g.north()
                            + ", seed " + g.seed() + ") is also in " + other + " (expected each pooled tournament to "
                            + "play its own games: give it another --seed)");
                }
            }
            games.addAll(own);
        }
        return new TournamentPool(dirs, configs, games);
    }

    private static void checkPoolable(Path firstDir, TournamentConfig first, Path dir, TournamentConfig c) {
        ArenaSettings a = first.settings();
        ArenaSettings b = c.settings();
        List<String> diffs = new ArrayList<>();
        if (!a.rules().equals(b.rules())) {
            diffs.add("rules '" + b.rules().spec() + "' (" + firstDir + ": '" + a.rules().spec() + "')");
        }
        if (!a.start().equals(b.start())) {
            diffs.add("start position " + b.start().text() + " (" + firstDir + ": " + a.start().text() + ")");
        }
        if (a.openingPlies() != b.openingPlies()) {
            diffs.add("opening plies " + b.openingPlies() + " (" + firstDir + ": " + a.openingPlies() + ")");
        }
        if (a.maxPlies() != b.maxPlies()) {
            diffs.add("ply cap " + b.maxPlies() + " (" + firstDir + ": " + a.maxPlies() + ")");
        }
        if (!Objects.equals(a.balance(), b.balance())) {
            diffs.add("another opening filter (" + firstDir + " has " + (a.balance() == null ? "none" : a.balance().judge())
                    + ")");
        }
        if (!first.anchorOrDefault().equals(c.anchorOrDefault())) {
            diffs.add("anchor '" + c.anchorOrDefault() + "' (" + firstDir + ": '" + first.anchorOrDefault() + "')");
        }
        if (!diffs.isEmpty()) {
            throw new IllegalArgumentException(dir + ": played with " + String.join(", ", diffs) + " (expected the "
                    + "settings of " + firstDir + ", all but the seed and the games a pairing)");
        }
        List<String> players = first.participants();
        for (String p : c.participants()) {
            if (!players.contains(p)) {
                throw new IllegalArgumentException(dir + ": player '" + p + "' is not one of " + firstDir
                        + "'s (expected its players or some of them)");
            }
        }
    }

    /** The directories, the first one first. */
    public List<Path> dirs() {
        return dirs;
    }

    /** Each directory's settings, in the order of {@link #dirs()}. */
    public List<TournamentConfig> configs() {
        return configs;
    }

    /** The first directory's settings: its players are all the pool's, its anchor the pool's. */
    public TournamentConfig first() {
        return configs.get(0);
    }

    /** Every saved game of every directory, in directory order, then file order. */
    public List<MatchRecord> games() {
        return games;
    }

    /** The ratings of all the games: one maximum-likelihood fit ({@link BradleyTerry#fit}) under {@code options}. */
    public List<Rating> ratings(EloOptions options) {
        return BradleyTerry.fit(GameTables.crosstable(games), options).ratings();
    }

    /** The directories as one text, e.g. {@code cal + cal-bottom}. */
    public String describe() {
        return String.join(" + ", dirs.stream().map(Path::toString).toList());
    }
}
