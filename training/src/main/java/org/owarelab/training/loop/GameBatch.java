package org.owarelab.training.loop;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayStats;

/**
 * The finished self-play games of one generation, as a {@link GameSource} hands them to the loop:
 * the games (in the order they go to {@code selfplay.jsonl}), their positions (in the same order,
 * for the replay buffer), the counters and the wall time of the collection.
 *
 * @param games the games, in their final order
 * @param positions every position of {@code games}, game after game
 * @param stats counters over the games
 * @param seconds wall time of the collection
 * @param cacheHitRate mean position-cache hit rate of the players (NaN when unknown)
 * @param sourceMetrics extra fields of the generation's {@code metrics.jsonl} line, under the key
 *     {@code source} (null for none: the local source writes none)
 * @param summary extra text for the generation's progress line (null for none)
 */
public record GameBatch(List<SelfPlayRecord> games, List<PositionRecord> positions, SelfPlayStats stats, double seconds,
        double cacheHitRate, ObjectNode sourceMetrics, String summary) {
    public GameBatch {
        games = List.copyOf(games);
        positions = List.copyOf(positions);
    }

    /** This batch with other positions (the same games, e.g. rescored). */
    public GameBatch withPositions(List<PositionRecord> other) {
        return new GameBatch(games, other, stats, seconds, cacheHitRate, sourceMetrics, summary);
    }
}
