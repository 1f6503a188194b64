package org.owarelab.evaluation.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.formats.tensorboard.EventWriter;

/**
 * A report's Elo in TensorBoard's form, beside its PNGs, so that {@code tensorboard --logdir
 * DIR/tensorboard} (or a parent that also holds training runs) shows a ladder's or a
 * tournament's ratings: per training run a sub-directory named after it with the scalars
 * {@code elo}, {@code elo_lo} and {@code elo_hi} at each rated checkpoint's step; and in
 * {@code ratings/} every player's {@code elo/PLAYER} (with {@code elo_lo/}, {@code elo_hi/}) at
 * step 0. The ratings are recomputed at every render, so each render replaces the files of the
 * one before (a new file is written, then the older ones deleted).
 */
final class EloBoard {
    /** The report directory's sub-directory of event files. */
    static final String DIR = "tensorboard";

    private EloBoard() {
    }

    /** Writes {@code data}'s Elo series and ratings under {@code dir/tensorboard}. */
    static void write(Path dir, ReportData data) throws IOException {
        Path root = dir.resolve(DIR);
        for (EloSeries s : data.series()) {
            Path runDir = root.resolve(name(s.run()));
            fresh(runDir, w -> {
                for (EloSeries.Point p : s.points()) {
                    w.scalar("elo", p.step(), p.elo());
                    w.scalar("elo_lo", p.step(), p.lo());
                    w.scalar("elo_hi", p.step(), p.hi());
                }
            });
        }
        if (!data.ratings().isEmpty()) {
            List<Rating> ratings = data.ratings();
            fresh(root.resolve("ratings"), w -> {
                for (Rating r : ratings) {
                    w.scalar("elo/" + r.player(), 0, r.elo());
                    w.scalar("elo_lo/" + r.player(), 0, r.lo());
                    w.scalar("elo_hi/" + r.player(), 0, r.hi());
                }
            });
        }
    }

    /** A file name for a run's name (its path, spaces and separators as {@code _}). */
    static String name(String run) {
        String n = run.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^[._]+", "");
        return n.isEmpty() ? "run" : n;
    }

    private interface Body {
        void write(EventWriter w);
    }

    /** Writes one new event file in {@code dir}, then deletes the event files that were there before. */
    private static void fresh(Path dir, Body body) throws IOException {
        List<Path> before = List.of();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                before = s.filter(f -> f.getFileName().toString().contains("tfevents")).toList();
            }
        }
        try (EventWriter w = EventWriter.create(dir)) {
            body.write(w);
        }
        for (Path f : before) {
            Files.deleteIfExists(f);
        }
    }
}
