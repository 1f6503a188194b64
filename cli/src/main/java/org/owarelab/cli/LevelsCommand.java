package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.evaluation.levels.LevelsCalibration;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.evaluation.tournament.TournamentPool;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.model.Players;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code oware levels}: a player's calibrated levels from a tournament ({@code fit}) and their check against another ({@code check}). */
@Command(name = "levels", mixinStandardHelpOptions = true,
        description = {"Levels of play on a measured Elo scale: fit them from a tournament, check them against another.",
            "'fit DIR' reads a finished tournament in which the levels played as PLAYER:sims=S,temp=T beside fixed "
                + "players (random = 0, the alpha-beta ladder) and writes levels.json: each level's Elo with its 95%% "
                + "interval relative to the anchor, and the tournament command that reproduces it. 'check DIR' reads a "
                + "second tournament (another seed) in which the levels played, as the same specs or as PLAYER:elo=N, and "
                + "says for each level whether the Elo measured there lies within the interval it claims (exit code 1 "
                + "if one does not). docs/levels.md has the calibration of the shipped player.",
            "Both take several directories and rate all their games in one fit: a tournament plays the same number of "
                + "games in every pairing, so the first directory holds the whole ladder and each further one more "
                + "games of some pairings (a tournament of some of the first one's players, under the same settings "
                + "and another --seed). Directories whose settings, anchor or players disagree, or that hold the same "
                + "game twice, are refused."},
        footer = {"", "Examples:",
            "  oware levels fit /tmp/levels-cal --out players/strong/levels.json",
            "  oware levels fit /tmp/levels-cal /tmp/levels-cal-bottom --out players/strong/levels.json",
            "      (levels-cal: the 13-player ladder, 200 games a pairing, seed 1; levels-cal-bottom: its first five "
                + "players, 2000 games a pairing, seed 11)",
            "  oware levels check /tmp/levels-check /tmp/levels-check-bottom",
            "  oware levels check /tmp/levels-check --levels players/strong/levels.json"},
        subcommands = {LevelsCommand.Fit.class, LevelsCommand.Check.class})
final class LevelsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The tournament directories as one pool ({@link TournamentPool}: the first one's players and
     * settings, each further one a tournament of some of them under another seed).
     */
    static TournamentPool pool(List<Path> dirs) throws Exception {
        try {
            return TournamentPool.read(dirs);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The ratings of all the pool's games in one fit, anchored as its first tournament was, intervals relative to the anchor. */
    static List<Rating> ratings(TournamentPool pool) {
        return pool.ratings(EloOptions.defaults().withAnchor(pool.first().anchorOrDefault(), 0));
    }

    /** The {@code oware tournament} commands that play the pool's games again, joined by {@code &&}. */
    static String command(TournamentPool pool) {
        List<String> commands = new ArrayList<>();
        for (int i = 0; i < pool.dirs().size(); i++) {
            commands.add(command(pool.configs().get(i), pool.dirs().get(i)));
        }
        return String.join(" && ", commands);
    }

    /** The {@code oware tournament} command that plays the games of {@code dir} again. */
    static String command(TournamentConfig c, Path dir) {
        StringBuilder sb = new StringBuilder("./oware tournament --players");
        for (String p : c.players()) {
            sb.append(' ').append(p.matches("[A-Za-z0-9:=._-]+") ? p : "'" + p + "'");
        }
        if (c.neighbours() > 0) {
            sb.append(" --neighbours ").append(c.neighbours());
        }
        sb.append(" --games-per-pair ").append(c.gamesPerPair()).append(" --openings ")
                .append(c.settings().openingPlies()).append(" --seed ").append(c.settings().seed());
        if (!c.anchorOrDefault().equals(EloOptions.DEFAULT_ANCHOR)) {
            sb.append(" --anchor ").append(c.anchorOrDefault());
        }
        return sb.append(" --out ").append(dir.getFileName()).toString();
    }

    @Command(name = "fit", mixinStandardHelpOptions = true,
            description = "Write a player's levels.json from a finished calibration tournament (one or more directories, pooled).")
    static final class Fit implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "DIR", description = "The calibration tournament's directory; "
                + "more directories add their games to the same fit (each a tournament of some of the first one's "
                + "players under the same settings and another seed, e.g. more games for the cheap bottom pairings).")
        List<Path> dirs;

        @Option(names = "--player", paramLabel = "NAME", defaultValue = "strong",
                description = "The player whose levels played as NAME:sims=S,temp=T (default ${DEFAULT-VALUE}).")
        String player;

        @Option(names = "--out", paramLabel = "FILE", required = true, description = "The levels file to write.")
        Path out;

        @Override
        public Integer call() throws Exception {
            TournamentPool pool = pool(dirs);
            List<Rating> ratings = ratings(pool);
            TournamentConfig c = pool.first();
            List<LevelsCalibration.Found> found;
            try {
                found = LevelsCalibration.levels(ratings, player);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(pool.describe() + ": " + e.getMessage());
            }
            List<StrengthLevels.Level> levels = new ArrayList<>();
            found.forEach(f -> levels.add(f.level()));
            List<LevelsFile.Reference> refs = new ArrayList<>();
            for (Rating r : LevelsCalibration.references(ratings, player)) {
                refs.add(new LevelsFile.Reference(r.player(), (int) Math.round(r.elo()), (int) Math.floor(r.lo()),
                        (int) Math.ceil(r.hi())));
            }
            LevelsFile file = new LevelsFile(player, c.anchorOrDefault(), command(pool),
                    LocalDate.now(ZoneOffset.UTC).toString(), new StrengthLevels(levels), refs);
            file.write(out);
            PrintWriter o = spec.commandLine().getOut();
            o.printf("%s: %d levels of %s, Elo %s (%s = 0), from %s%n", out, levels.size(), player,
                    file.levels().describe(), c.anchorOrDefault(), pool.describe());
            for (LevelsCalibration.Found f : found) {
                o.printf(Locale.ROOT, "  %-28s %s%n", f.spec(), f.level().describe());
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Check a player's levels against a second tournament (one or more directories, pooled): each measured "
                    + "Elo within its claimed interval.")
    static final class Check implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "DIR", description = "The checking tournament's directory; more "
                + "directories add their games to the same fit, as with 'levels fit'.")
        List<Path> dirs;

        @Option(names = "--levels", paramLabel = "FILE",
                description = "The levels file (default: the shipped player's, players/strong/levels.json).")
        Path levels;

        @Override
        public Integer call() throws Exception {
            Path file = levels != null ? levels
                    : Players.home().resolve(Players.DIR).resolve("strong").resolve(LevelsFile.FILE);
            if (!Files.isRegularFile(file)) {
                throw new BadInputException("--levels " + file + ": no such file");
            }
            LevelsFile claimed;
            try {
                claimed = LevelsFile.read(file);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(e.getMessage());
            }
            TournamentPool pool = pool(dirs);
            List<LevelsCalibration.Checked> rows;
            try {
                rows = LevelsCalibration.check(claimed.levels(), ratings(pool), claimed.player());
            } catch (IllegalArgumentException e) {
                throw new BadInputException(pool.describe() + ": " + e.getMessage());
            }
            PrintWriter o = spec.commandLine().getOut();
            o.printf("levels of %s (%s) against %s, Elo %s = 0, 95%% intervals relative to it:%n", claimed.player(), file,
                    pool.describe(), claimed.anchor());
            o.println("| level, as played | claimed Elo | measured Elo | games | within |");
            o.println("|---|---|---|---:|---|");
            int failed = 0;
            for (LevelsCalibration.Checked c : rows) {
                o.println(c.row());
                failed += c.passes() ? 0 : 1;
            }
            o.printf("%d of %d levels measured within their claimed intervals%n", rows.size() - failed, rows.size());
            o.flush();
            if (failed > 0) {
                spec.commandLine().getErr().printf("oware levels check: %d level%s measured outside %s claimed "
                        + "interval%s%n", failed, failed == 1 ? "" : "s", failed == 1 ? "its" : "their",
                        failed == 1 ? "" : "s");
                return 1;
            }
            return 0;
        }
    }
}
