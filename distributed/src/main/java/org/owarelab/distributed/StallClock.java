package org.owarelab.distributed;

import java.util.concurrent.TimeUnit;

/**
 * When a generation with every block taken and none queued has waited long enough to call its
 * missing blocks lost ({@link ClusterGameSource}'s re-issue): three times the longest wait between
 * accepted records seen so far, at least {@link #MIN_NANOS}, doubled for each re-issue since the
 * last accepted record, so that a healthy but slow start (the first games still being played)
 * costs a few extra blocks rather than one every {@link #MIN_NANOS}. Only accepted records count:
 * a stream of stale or doubled ones keeps no stall alive. One per trainer; not thread-safe (the
 * trainer's loop alone uses it).
 */
final class StallClock {
    /** The shortest wait before blocks are issued again. */
    static final long MIN_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The longest wait between two accepted records this session: how long a block may take. */
    private long longestGapNanos;
    private long lastNanos;
    /** Re-issues since the last accepted record. */
    private int stalls;

    /** A generation starts waiting at {@code now}. */
    void start(long now) {
        lastNanos = now;
        stalls = 0;
    }

    /** Nanoseconds since the last accepted record, the generation's start or the last re-issue. */
    long idleNanos(long now) {
        return now - lastNanos;
    }

    /** Whether the wait has been long enough to issue the missing blocks again. */
    boolean due(long now) {
        long wait = Math.max(MIN_NANOS, 3 * longestGapNanos) << Math.min(stalls, 8);
        return idleNanos(now) >= wait;
    }

    /** Blocks were issued again at {@code now}: the next re-issue waits twice as long. */
    void reissued(long now) {
        lastNanos = now;
        stalls++;
    }

    /** A record was accepted at {@code now}. */
    void accepted(long now) {
        if (stalls == 0) { // a gap that spans a re-issue measures the stall, not a block
            longestGapNanos = Math.max(longestGapNanos, now - lastNanos);
        }
        lastNanos = now;
        stalls = 0;
    }
}
