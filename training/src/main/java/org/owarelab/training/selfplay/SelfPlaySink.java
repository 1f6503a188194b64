package org.owarelab.training.selfplay;

import java.util.List;

/**
 * Receives each finished game with its recorded positions, on the worker's thread, in the order
 * the games finish. Implementations shared by several workers must be thread-safe; a slow sink
 * slows its worker.
 */
@FunctionalInterface
public interface SelfPlaySink {
    void accept(SelfPlayRecord game, List<PositionRecord> positions);
}
