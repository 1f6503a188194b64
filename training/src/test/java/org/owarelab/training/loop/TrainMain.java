package org.owarelab.training.loop;

import java.nio.file.Path;

/** A training process for {@link KillResumeTest}: a tiny run of {@code args[1]} generations in {@code args[0]}. */
public final class TrainMain {
    private TrainMain() {
    }

    public static void main(String[] args) throws Exception {
        Trainer.start(TinyRuns.config(Integer.parseInt(args[1])), Path.of(args[0]), "TrainMain", System.out);
    }
}
