package org.owarelab.evaluation.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.util.AtomicFiles;
import org.owarelab.evaluation.stats.Rating;

/**
 * {@code ratings.csv}: header {@code player,elo,lo,hi,games,score}, then one row per player,
 * highest Elo first. Numbers in full precision, so the file reads back to the same ratings.
 */
public final class RatingsCsv {
    /** The file name in a tournament directory. */
    public static final String FILE = "ratings.csv";
    /** The header line. */
    public static final String HEADER = "player,elo,lo,hi,games,score";

    private RatingsCsv() {
    }

    /** The file's text. */
    public static String format(List<Rating> ratings) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Rating r : ratings) {
            sb.append(Csv.line(r.player(), Csv.number(r.elo()), Csv.number(r.lo()), Csv.number(r.hi()),
                    String.valueOf(r.games()), Csv.number(r.score()))).append('\n');
        }
        return sb.toString();
    }

    /** Writes {@code ratings} to {@code file} atomically. */
    public static void write(Path file, List<Rating> ratings) throws IOException {
        AtomicFiles.writeString(file, format(ratings));
    }

    /**
     * Reads a ratings file.
     *
     * @throws IllegalArgumentException naming the file, line and field of a bad row
     */
    public static List<Rating> read(Path file) throws IOException {
        return Csv.readRows(file, HEADER, f -> new Rating(f.get(0), Csv.parseNumber(f.get(1)), Csv.parseNumber(f.get(2)),
                Csv.parseNumber(f.get(3)), Long.parseLong(f.get(4).trim()), Csv.parseNumber(f.get(5))));
    }
}
