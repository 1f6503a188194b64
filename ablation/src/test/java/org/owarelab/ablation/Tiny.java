package org.owarelab.ablation;

import java.nio.file.Files;
import java.nio.file.Path;

/** Tiny ablation files for the tests: the tiny board, shortened to seconds per run. */
final class Tiny {
    private Tiny() {
    }

    /** The head of a tiny ablation file with {@code generations} generations per run. */
    static String head(int generations) {
        return """
                base: tiny
                set:
                  loop.generations: %d
                  loop.gamesPerGeneration: 8
                  selfplay.parallelGames: 4
                  selfplay.simulations: 8
                  replay.minPositions: 32
                  loop.maxStepsPerGeneration: 5
                  arena.finalGames: 2
                """.formatted(generations);
    }

    /** Writes {@code text} to {@code dir/name}. */
    static Path write(Path dir, String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }
}
