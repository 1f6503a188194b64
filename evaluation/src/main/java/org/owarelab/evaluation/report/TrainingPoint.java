package org.owarelab.evaluation.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.util.AtomicFiles;

/**
 * Where a checkpoint player stands in its training run: a row of {@code checkpoints.csv}
 * (header {@code player,run,step,seconds}), which a ladder writes beside its games so that the
 * report can plot Elo against training steps and wall-clock time.
 *
 * @param player the checkpoint's player name, as in the games (e.g. {@code puct:model=runs/a/ckpt-000100})
 * @param run the training run it belongs to
 * @param step training steps when it was saved, at least 0
 * @param seconds wall-clock seconds from the run's start when it was saved, at least 0
 */
public record TrainingPoint(String player, String run, long step, double seconds) {
    /** The file name in a tournament directory. */
    public static final String FILE = "checkpoints.csv";
    /** The header line. */
    public static final String HEADER = "player,run,step,seconds";

    /** Checks the row. */
    public TrainingPoint {
        if (player == null || player.isBlank() || run == null || run.isBlank()) {
            throw new IllegalArgumentException("a checkpoint needs a player and a run name");
        }
        if (step < 0 || !(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("checkpoint " + player + ": step and seconds must be >= 0, not "
                    + step + ", " + seconds);
        }
    }

    /** Writes {@code points} to {@code file} atomically. */
    public static void write(Path file, List<TrainingPoint> points) throws IOException {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (TrainingPoint p : points) {
            sb.append(Csv.line(p.player, p.run, String.valueOf(p.step), Csv.number(p.seconds))).append('\n');
        }
        AtomicFiles.writeString(file, sb.toString());
    }

    /**
     * Reads a checkpoints file.
     *
     * @throws IllegalArgumentException naming the file and line of a bad row
     */
    public static List<TrainingPoint> read(Path file) throws IOException {
        return Csv.readRows(file, HEADER,
                f -> new TrainingPoint(f.get(0), f.get(1), Long.parseLong(f.get(2).trim()), Csv.parseNumber(f.get(3))));
    }
}
