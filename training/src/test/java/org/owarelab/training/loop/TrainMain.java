package org.owarelab.training.loop;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A training process for the kill tests: {@code DIR start GENERATIONS [KEY=VALUE...]} starts a
 * tiny run ({@link TinyRuns}), {@code DIR resume [KEY=VALUE...]} resumes one, as {@code oware train} would.
 */
public final class TrainMain {
    private TrainMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        if (args[1].equals("resume")) {
            List<String> sets = List.of(Arrays.copyOfRange(args, 2, args.length));
            Trainer.resume(dir, sets, "TrainMain resume", System.out);
        } else {
            String[] sets = Arrays.copyOfRange(args, 3, args.length);
            Trainer.start(TinyRuns.config(Integer.parseInt(args[2]), sets), dir, "TrainMain start", System.out);
        }
    }
}
