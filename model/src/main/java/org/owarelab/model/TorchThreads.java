package org.owarelab.model;

import ai.djl.engine.Engine;
import ai.djl.pytorch.jni.JniUtils;

/**
 * libtorch's intra-op threads (the threads one forward or backward pass is split over).
 *
 * <p>On a CPU, small networks gain little from more than one, and when the machine is busy
 * (several self-play workers, or other processes) a parallel region waits for its slowest,
 * descheduled thread: on the shared 2-core development machine, forward passes and learner steps
 * ran 10 to 100 times slower with 2 threads than with 1 ({@code oware bench net --threads 2}).
 * Give each self-play worker and the learner 1 thread, and let the workers use the cores.
 *
 * <p>The setting is made per calling thread (libtorch's OpenMP setting) and becomes the default of
 * threads that call it later; the environment variable {@code OMP_NUM_THREADS} (read at start-up)
 * sets it for every thread, and DJL reads the system property {@code ai.djl.pytorch.num_threads}
 * when its engine starts.
 */
public final class TorchThreads {
    private TorchThreads() {
    }

    /** Sets the intra-op threads for the calling thread (starts the engine). */
    public static void set(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("torch threads must be at least 1, got " + threads);
        }
        Engine.getInstance();
        JniUtils.setNumThreads(threads);
    }

    /** The intra-op threads of the calling thread. */
    public static int get() {
        Engine.getInstance();
        return JniUtils.getNumThreads();
    }
}
