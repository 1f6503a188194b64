package org.owarelab.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.Opening;
import org.owarelab.evaluation.ScheduledGame;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * One tournament game farmed out to a cluster member, as JSON text: the {@link ScheduledGame}
 * and everything its {@link org.owarelab.evaluation.GameRunner} needs (rules, start position,
 * ply cap), so a worker needs nothing else from the coordinator. {@code buildable}: whether the
 * coordinator could build both players; a worker that cannot build one of a buildable game's
 * players hands the game back (its machine lacks a model file, say) instead of recording a
 * forfeit the coordinator would not have recorded.
 *
 * @param tournament the tournament id (the cluster's name derives from it)
 */
record TournamentTask(String tournament, ScheduledGame game, String rules, String start, int maxPlies,
        boolean buildable) {
    static final int FORMAT = 1;

    RuleSet ruleSet() {
        return RuleSet.parse(rules);
    }

    Position startPosition() {
        return Position.parse(start, ruleSet());
    }

    String encode() {
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("format", FORMAT).put("tournament", tournament).put("game", game.game()).put("pair", game.pair())
                .put("opening", game.opening().index()).put("openingMoves", game.opening().moves())
                .put("openingPosition", game.opening().position()).put("a", game.agentA()).put("b", game.agentB())
                .put("sideOfA", game.sideOfA()).put("seed", game.seed()).put("rules", rules).put("start", start)
                .put("maxPlies", maxPlies).put("buildable", buildable);
        return o.toString();
    }

    /** Reads a task; a malformed one is an {@link IllegalArgumentException} naming what is wrong. */
    static TournamentTask decode(String text) {
        JsonNode o = formatObject(text, "tournament task");
        for (String k : new String[] {"tournament", "game", "pair", "opening", "openingMoves", "openingPosition", "a",
            "b", "sideOfA", "seed", "rules", "start", "maxPlies", "buildable"}) {
            if (!o.has(k)) {
                throw new IllegalArgumentException("tournament task: no '" + k + "'");
            }
        }
        ScheduledGame g = new ScheduledGame(o.get("game").asInt(), o.get("pair").asInt(), new Opening(
                o.get("opening").asInt(), o.get("openingMoves").asText(), o.get("openingPosition").asText()),
                o.get("a").asText(), o.get("b").asText(), o.get("sideOfA").asInt(), o.get("seed").asLong());
        return new TournamentTask(o.get("tournament").asText(), g, o.get("rules").asText(), o.get("start").asText(),
                o.get("maxPlies").asInt(), o.get("buildable").asBoolean());
    }

    /** A finished game as the worker sends it back: {@code {"format","tournament","worker","record"}}. */
    static String result(String tournament, String worker, MatchRecord record) {
        ObjectNode o = Frames.JSON.createObjectNode();
        o.put("format", FORMAT).put("tournament", tournament).put("worker", worker)
                .put("record", MatchRecords.toJson(record));
        return o.toString();
    }

    /** {@code text} as a JSON object of this {@link #FORMAT}; else an {@link IllegalArgumentException} starting with {@code what}. */
    private static JsonNode formatObject(String text, String what) {
        JsonNode o;
        try {
            o = Frames.JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(what + ": not JSON");
        }
        if (o == null || !o.isObject() || o.path("format").asInt() != FORMAT) {
            throw new IllegalArgumentException(what + ": expected a format " + FORMAT + " object");
        }
        return o;
    }

    /** A result sent back: the tournament it belongs to, who played it, and the record. */
    record Result(String tournament, String worker, MatchRecord record) {
        static Result decode(String text) {
            JsonNode o = formatObject(text, "tournament result");
            if (!o.path("record").isTextual()) {
                throw new IllegalArgumentException("tournament result: expected a format " + FORMAT + " object with a record");
            }
            return new Result(o.path("tournament").asText(), o.path("worker").asText(),
                    MatchRecords.parse(o.get("record").asText()));
        }
    }
}
