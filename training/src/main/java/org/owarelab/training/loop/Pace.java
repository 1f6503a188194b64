package org.owarelab.training.loop;

/**
 * A session's pace, for the time left that the progress lines print: the generations done and
 * their seconds, the last one's length and its seconds after the learner (checkpoint, gate,
 * evaluation), and when the one in progress began. In self-play the generation's end is put at
 * the last generation's length (the games of a lock-step batch end together, so their own pace
 * misleads), in the session's first generation at the pace of its games; in learning at the pace
 * of the learner's steps, plus what followed them last time. Only observes: the loop's thread.
 */
final class Pace {
    private final int generations;
    private int done;
    private double seconds;
    private double lastSeconds;
    private double lastAfterLearning;
    private long start;

    Pace(int generations) {
        this.generations = generations;
    }

    void startGeneration() {
        start = System.nanoTime();
    }

    /** Seconds since {@link #startGeneration}. */
    double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }

    void endGeneration(double genSeconds, double selfPlaySeconds, double learnerSeconds) {
        done++;
        seconds += genSeconds;
        lastSeconds = genSeconds;
        lastAfterLearning = Math.max(0, genSeconds - selfPlaySeconds - learnerSeconds);
    }

    /** The progress tail in self-play of generation {@code gen}; {@code gamesLeft}: the seconds its games' pace gives. */
    String selfPlay(int gen, double gamesLeft) {
        return outlook(gen, done == 0 ? gamesLeft : Math.max(0, lastSeconds - elapsed()));
    }

    /** The progress tail while the learner steps; {@code stepsLeft}: the seconds its steps' pace gives. */
    String learning(int gen, double stepsLeft) {
        return outlook(gen, stepsLeft + lastAfterLearning);
    }

    /** "  ~14 s left in the generation, ~9 min in the run"; "" while {@code genLeft} is NaN (not known yet). */
    private String outlook(int gen, double genLeft) {
        if (Double.isNaN(genLeft)) {
            return "";
        }
        double perGeneration = done > 0 ? seconds / done : elapsed() + genLeft;
        double runLeft = genLeft + (generations - gen) * perGeneration;
        return "  " + Progress.duration(genLeft) + " left in the generation, " + Progress.duration(runLeft)
                + " in the run";
    }
}
