package org.owarelab.evaluation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A match's games file read back to go on with the match ({@code oware match --out F --resume}):
 * the games saved by an earlier run of the same match, checked against its config and put in game
 * order, ready for {@link Match#run}'s {@code saved}. The file is rewritten with them alone, so
 * that a line cut short by a kill is dropped and new games append after whole lines.
 *
 * <p>Not thread-safe on one file: one match resumes it at a time.
 */
public final class MatchResume {
    private MatchResume() {
    }

    /**
     * What a resume found.
     *
     * @param games the saved games, in game order (empty for a missing file)
     * @param existed whether the file was there (a missing one starts the match)
     * @param warnings one line per line dropped from the file (only a last line cut short by an
     *     interrupted write is dropped; {@link MatchRecords.Skipped#warning})
     */
    public record Saved(List<MatchRecord> games, boolean existed, List<String> warnings) {
        public Saved {
            games = List.copyOf(games);
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Bad saved games: a line that is no game record ({@link #misfit()} false), or games that do not
     * fit the match's config (true). The message names the file, and the line or game at fault.
     */
    public static final class SavedGamesException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final boolean misfit;

        SavedGamesException(String message, boolean misfit) {
            super(message);
            this.misfit = misfit;
        }

        /** True when the records are whole but were played by another match (other specs, seed, openings...). */
        public boolean misfit() {
            return misfit;
        }
    }

    /**
     * Reads the games of {@code file} for {@code config}, checks them ({@link Match#checkSaved}) and
     * rewrites the file with them in game order. A missing file gives no games and is left missing.
     *
     * @throws SavedGamesException for a line (other than a last one cut short) that holds no game
     *     record, or for games that do not fit {@code config}; the file is then left as it was
     * @throws IOException if the file cannot be read or rewritten
     */
    public static Saved read(Path file, MatchConfig config) throws IOException {
        if (!Files.exists(file)) {
            return new Saved(List.of(), false, List.of());
        }
        MatchRecords.Contents contents = MatchRecords.readSkipping(file);
        List<String> warnings = new ArrayList<>();
        for (MatchRecords.Skipped s : contents.skipped()) {
            if (!s.cutShort()) {
                throw new SavedGamesException(file + ":" + s.line() + ": not a game record (" + s.problem()
                        + "); delete or repair that line", false);
            }
            warnings.add(s.warning(file));
        }
        List<MatchRecord> games = new ArrayList<>(contents.games());
        games.sort(Comparator.comparingInt(MatchRecord::game));
        try {
            Match.checkSaved(config, games);
        } catch (IllegalArgumentException e) {
            throw new SavedGamesException(file + ": " + e.getMessage(), true);
        }
        MatchRecords.write(file, games);
        return new Saved(games, true, warnings);
    }
}
