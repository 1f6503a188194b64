package org.owarelab.distributed;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.owarelab.training.selfplay.PositionRecord;

/**
 * Decides which pushed games the trainer takes: a game of this run (id and seed), rule set and
 * encoder, played with a network this trainer published (version and weights hash) no more than
 * {@code maxStaleness} versions ago, with positions of the run's shape, and not accepted before
 * (a worker that re-sends after a network hiccup, or a game replayed after a trainer restart,
 * counts once). Everything else is dropped with a reason and a message, and counted.
 *
 * <p>Not thread-safe: the trainer's collecting thread owns it.
 */
final class RecordGate {
    /** Why a record was dropped. */
    enum Reason {
        DUPLICATE, RUN, RULES, ENCODER, VERSION, STALE, SHAPE, CORRUPT;

        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The decision on one record: {@code reason} null when accepted. */
    record Verdict(Reason reason, String message) {
        static final Verdict ACCEPT = new Verdict(null, null);

        boolean accepted() {
            return reason == null;
        }
    }

    private final String runId;
    private final long runSeed;
    private final String rules;
    private final String encoder;
    private final int observationSize;
    private final int actions;
    private final int maxStaleness;
    private final Set<Long> accepted;
    /** Versions published by this trainer session, with their weights hashes. */
    private final Map<Long, String> published = new HashMap<>();
    private long current = -1;
    private final Map<Reason, Long> dropped = new EnumMap<>(Reason.class);
    private long acceptedCount;

    /**
     * @param alreadyAccepted ids of games the run holds already (from its {@code selfplay.jsonl})
     */
    RecordGate(String runId, long runSeed, String rules, String encoder, int observationSize, int actions,
            int maxStaleness, Set<Long> alreadyAccepted) {
        if (maxStaleness < 0) {
            throw new IllegalArgumentException("maxStaleness=" + maxStaleness + ": expected >= 0");
        }
        this.runId = runId;
        this.runSeed = runSeed;
        this.rules = rules;
        this.encoder = encoder;
        this.observationSize = observationSize;
        this.actions = actions;
        this.maxStaleness = maxStaleness;
        this.accepted = new HashSet<>(alreadyAccepted);
    }

    /** Network {@code version} with weights {@code hash} is now the one self-play should use. */
    void published(long version, String hash) {
        published.put(version, hash);
        current = Math.max(current, version);
    }

    long current() {
        return current;
    }

    /** Checks {@code m}; an accepted record's id is remembered (it will not be accepted again). */
    Verdict check(GameMessage m) {
        Verdict v = judge(m);
        if (v.accepted()) {
            accepted.add(m.gameId());
            acceptedCount++;
        } else {
            dropped.merge(v.reason(), 1L, Long::sum);
        }
        return v;
    }

    /** Counts a record that could not even be read. */
    Verdict corrupt(String message) {
        dropped.merge(Reason.CORRUPT, 1L, Long::sum);
        return new Verdict(Reason.CORRUPT, message);
    }

    private Verdict judge(GameMessage m) {
        String game = "game " + m.gameId() + " from " + m.worker();
        if (!m.runId().equals(runId) || m.runSeed() != runSeed) {
            return new Verdict(Reason.RUN, game + ": of run " + m.runId() + " (seed " + m.runSeed() + "), this is run "
                    + runId + " (seed " + runSeed + ")");
        }
        if (!m.rules().equals(rules) || !m.game().rules().equals(rules)) {
            return new Verdict(Reason.RULES, game + ": rules '" + m.rules() + "', the run plays '" + rules + "'");
        }
        if (!m.encoder().equals(encoder)) {
            return new Verdict(Reason.ENCODER, game + ": encoder " + m.encoder() + ", the run trains " + encoder);
        }
        String hash = published.get(m.version());
        if (hash == null || Ticket.versionOf(m.gameId()) != m.version()) {
            return new Verdict(Reason.VERSION, game + ": network version " + m.version() + ", which this trainer did "
                    + "not publish (current version " + current + ")");
        }
        if (!hash.equals(m.networkHash())) {
            return new Verdict(Reason.VERSION, game + ": network version " + m.version() + " with weights "
                    + abbreviate(m.networkHash()) + ", published with weights " + abbreviate(hash));
        }
        if (m.version() < current - maxStaleness) {
            return new Verdict(Reason.STALE, game + ": network version " + m.version() + " is more than "
                    + maxStaleness + " behind the current " + current);
        }
        for (PositionRecord p : m.positions()) {
            if (p.observation().length != observationSize || p.policy().length != actions) {
                return new Verdict(Reason.SHAPE, game + ": positions of " + p.observation().length + " floats and "
                        + p.policy().length + " moves, the run's are " + observationSize + " and " + actions);
            }
        }
        if (accepted.contains(m.gameId())) {
            return new Verdict(Reason.DUPLICATE, game + ": accepted before (a re-sent or replayed game)");
        }
        return Verdict.ACCEPT;
    }

    private static String abbreviate(String hash) {
        return hash.length() > 12 ? hash.substring(0, 12) : hash;
    }

    long acceptedCount() {
        return acceptedCount;
    }

    /** Drops by reason since the gate was made. */
    Map<Reason, Long> dropped() {
        return Map.copyOf(dropped);
    }

    long droppedCount() {
        long n = 0;
        for (long v : dropped.values()) {
            n += v;
        }
        return n;
    }
}
