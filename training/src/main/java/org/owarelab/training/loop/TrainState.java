package org.owarelab.training.loop;

/**
 * The resume point of a run ({@code state.json}): what is complete. Written atomically and last,
 * after everything of its generation (checkpoint, replay file, gate and evaluation games, the
 * metrics line), so after a {@code kill -9} at any moment the state on disk is consistent and at
 * most the generation in progress is lost. In memory the loop also keeps a state for generations
 * without a checkpoint: their counts move on, the files named stay those of the resume point.
 *
 * @param format {@value #FORMAT}
 * @param generation generations completed
 * @param learnerSteps learner steps completed
 * @param games self-play games completed
 * @param positions self-play positions recorded
 * @param seconds training time so far, over all sessions of the run (wall clock)
 * @param checkpoint the checkpoint directory's name under {@code checkpoints/} (null before the first)
 * @param replay the replay file's name in the run directory (null before the first)
 * @param best with gating: the checkpoint self-play uses (the last one accepted), else null
 */
public record TrainState(int format, int generation, long learnerSteps, long games, long positions, double seconds,
        String checkpoint, String replay, String best) {
    public static final int FORMAT = 1;

    public static final TrainState START = new TrainState(FORMAT, 0, 0, 0, 0, 0, null, null, null);

    public TrainState {
        if (format != FORMAT) {
            throw new IllegalArgumentException("state.json format " + format + ": this build reads format " + FORMAT);
        }
    }

    /** The state after generation {@code gen}, which played {@code games} games of {@code positions} positions. */
    TrainState after(int gen, long steps, long newGames, long newPositions, double totalSeconds) {
        return new TrainState(FORMAT, gen, steps, games + newGames, positions + newPositions, totalSeconds, checkpoint,
                replay, best);
    }

    TrainState withFiles(String checkpointName, String replayName) {
        return new TrainState(FORMAT, generation, learnerSteps, games, positions, seconds, checkpointName, replayName,
                best);
    }

    TrainState withBest(String bestName) {
        return new TrainState(FORMAT, generation, learnerSteps, games, positions, seconds, checkpoint, replay,
                bestName);
    }
}
