package org.owarelab.distributed;

import java.nio.file.Path;
import java.util.List;
import org.owarelab.training.loop.Trainer;

/**
 * A cluster trainer in a child process, for the kill test: {@code DIR start GENERATIONS PORT} or
 * {@code DIR resume PORT}.
 */
public final class ClusterTrainMain {
    private ClusterTrainMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        if (args[1].equals("start")) {
            Trainer.start(ClusterRuns.config(Integer.parseInt(args[2])), dir, "test --cluster", System.out,
                    ClusterGameSource.factory(ClusterRuns.settings(Integer.parseInt(args[3]))));
        } else {
            Trainer.resume(dir, List.of(), "test --resume --cluster", System.out,
                    ClusterGameSource.factory(ClusterRuns.settings(Integer.parseInt(args[2]))));
        }
        System.exit(0);
    }
}
