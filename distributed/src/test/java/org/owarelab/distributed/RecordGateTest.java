package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;

/** One test per reason the trainer drops a pushed game, and the acceptance of a good one. */
class RecordGateTest {
    private static final String RULES = "houses=3,seeds=3";
    private static final String HASH = "a".repeat(64);

    static GameMessage message(String run, long seed, String rules, String encoder, long version, String hash, long id,
            int obs, int actions) {
        SelfPlayRecord g = new SelfPlayRecord(id, 99, rules, "Ab", 0, "threshold", 5, 1, -1, -1, 1, 16);
        PositionRecord p = new PositionRecord(id, 0, new float[obs], 0b11, new float[actions], 1, 4, 0.5f, 0);
        return new GameMessage(run, seed, version, hash, rules, encoder, "w", 0, 0, 0, g, List.of(p));
    }

    static GameMessage good(long id) {
        return message("r1", 7, RULES, "compact/1", Ticket.versionOf(id), HASH, id, 8, 3);
    }

    private static RecordGate gate(Set<Long> already) {
        RecordGate gate = new RecordGate("r1", 7, RULES, "compact/1", 8, 3, 1, already);
        gate.published(0, "0".repeat(64));
        gate.published(1, HASH);
        gate.published(2, HASH);
        return gate;
    }

    @Test
    void aGoodRecordIsAcceptedOnceAndItsDuplicateDropped() {
        RecordGate gate = gate(Set.of());
        long id = Ticket.firstId(2) + 5;
        assertTrue(gate.check(good(id)).accepted());
        RecordGate.Verdict again = gate.check(good(id));
        assertEquals(RecordGate.Reason.DUPLICATE, again.reason());
        assertTrue(again.message().contains("game " + id + " from w: accepted before"), again.message());
        assertEquals(1, gate.acceptedCount());
        assertEquals(Map.of(RecordGate.Reason.DUPLICATE, 1L), gate.dropped());
    }

    @Test
    void aGameTheRunHeldBeforeARestartIsADuplicate() {
        long id = Ticket.firstId(2) + 1;
        assertEquals(RecordGate.Reason.DUPLICATE, gate(Set.of(id)).check(good(id)).reason());
    }

    @Test
    void recordsOfAnotherRunRulesOrEncoderAreRefused() {
        RecordGate gate = gate(Set.of());
        long id = Ticket.firstId(2);
        RecordGate.Verdict run = gate.check(message("r2", 7, RULES, "compact/1", 2, HASH, id, 8, 3));
        assertEquals(RecordGate.Reason.RUN, run.reason());
        assertTrue(run.message().contains("of run r2 (seed 7), this is run r1 (seed 7)"), run.message());
        assertEquals(RecordGate.Reason.RUN, gate.check(message("r1", 8, RULES, "compact/1", 2, HASH, id, 8, 3)).reason());
        RecordGate.Verdict rules = gate.check(message("r1", 7, "houses=4,seeds=4", "compact/1", 2, HASH, id, 8, 3));
        assertEquals(RecordGate.Reason.RULES, rules.reason());
        assertTrue(rules.message().contains("rules 'houses=4,seeds=4', the run plays 'houses=3,seeds=3'"), rules.message());
        RecordGate.Verdict enc = gate.check(message("r1", 7, RULES, "planes/1", 2, HASH, id, 8, 3));
        assertEquals(RecordGate.Reason.ENCODER, enc.reason());
        assertEquals(RecordGate.Reason.SHAPE, gate.check(message("r1", 7, RULES, "compact/1", 2, HASH, id, 9, 3)).reason());
        assertEquals(0, gate.acceptedCount());
        assertEquals(5, gate.droppedCount());
    }

    @Test
    void aMismatchedNetworkVersionIsRefused() {
        RecordGate gate = gate(Set.of());
        // A version this trainer never published (e.g. one from before a restart that went back to a checkpoint).
        RecordGate.Verdict unknown = gate.check(message("r1", 7, RULES, "compact/1", 3, HASH, Ticket.firstId(3), 8, 3));
        assertEquals(RecordGate.Reason.VERSION, unknown.reason());
        assertTrue(unknown.message().contains("network version 3, which this trainer did not publish (current version 2)"),
                unknown.message());
        // The right version number with other weights.
        RecordGate.Verdict weights = gate.check(message("r1", 7, RULES, "compact/1", 2, "b".repeat(64),
                Ticket.firstId(2), 8, 3));
        assertEquals(RecordGate.Reason.VERSION, weights.reason());
        assertTrue(weights.message().contains("with weights bbbbbbbbbbbb, published with weights aaaaaaaaaaaa"),
                weights.message());
        // An id outside its version's block.
        assertEquals(RecordGate.Reason.VERSION,
                gate.check(message("r1", 7, RULES, "compact/1", 2, HASH, Ticket.firstId(1), 8, 3)).reason());
        // Published, but more than maxStaleness (1) behind the current version (2).
        RecordGate.Verdict stale = gate.check(message("r1", 7, RULES, "compact/1", 0, "0".repeat(64), 4, 8, 3));
        assertEquals(RecordGate.Reason.STALE, stale.reason());
        // One behind is accepted (the games workers play while the learner trains).
        assertTrue(gate.check(good(Ticket.firstId(1) + 3)).accepted());
    }

    @Test
    void anUnreadableRecordIsCountedAsCorrupt() {
        RecordGate gate = gate(Set.of());
        assertFalse(gate.corrupt("game record: not a message of this kind").accepted());
        assertEquals(Map.of(RecordGate.Reason.CORRUPT, 1L), gate.dropped());
    }
}
