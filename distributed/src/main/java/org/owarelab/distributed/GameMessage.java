package org.owarelab.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;

/**
 * One finished self-play game as a worker pushes it: the game's identity (run id and run seed,
 * network version and the network's hash, game id), what it was played under (rules, encoder),
 * who played it, the game record and its positions.
 *
 * <p>Wire format {@value #FORMAT} (see {@link Frames}): header {@code format, run, seed, version,
 * network, id, rules, encoder, worker, calls, evaluated, nanos, game} ({@code game} the
 * {@code selfplay.jsonl} object); body: the number of positions, the observation and policy
 * lengths, then per position {@code ply, legalMask, result, margin, flags, rootValue, observation[],
 * policy[]}.
 *
 * @param runId the run's id
 * @param runSeed the run's seed (game {@code id}'s seed derives from it and the id)
 * @param version the network version the game was played with
 * @param networkHash that network's parameter hash (as published)
 * @param rules rule set spec
 * @param encoder the encoder's tag
 * @param worker the name of the worker that played it
 * @param calls evaluator calls charged to this game (a block's calls go to its first game)
 * @param evaluated positions evaluated, charged the same way
 * @param nanos the worker's self-play time, charged the same way
 * @param game the game
 * @param positions its positions, in order
 */
record GameMessage(String runId, long runSeed, long version, String networkHash, String rules, String encoder,
        String worker, long calls, long evaluated, long nanos, SelfPlayRecord game, List<PositionRecord> positions) {
    static final int MAGIC = 0x4F574752; // "OWGR"
    static final int FORMAT = 1;
    private static final int MAX_POSITIONS = 1 << 20;
    private static final int MAX_FLOATS = 1 << 16;
    /** ply, legal mask, result, margin, flags, root value. */
    private static final int POSITION_BYTES = 21;

    GameMessage {
        positions = List.copyOf(positions);
    }

    long gameId() {
        return game.gameId();
    }

    byte[] encode() {
        ObjectNode h = Frames.JSON.createObjectNode();
        h.put("format", FORMAT);
        h.put("run", runId);
        h.put("seed", runSeed);
        h.put("version", version);
        h.put("network", networkHash);
        h.put("id", game.gameId());
        h.put("rules", rules);
        h.put("encoder", encoder);
        h.put("worker", worker);
        h.put("calls", calls);
        h.put("evaluated", evaluated);
        h.put("nanos", nanos);
        try {
            h.set("game", game.toJson());
            int obs = positions.isEmpty() ? 0 : positions.get(0).observation().length;
            int pol = positions.isEmpty() ? 0 : positions.get(0).policy().length;
            // The body in one buffer with bulk float copies: per-float stream writes cost 10x more.
            ByteBuffer body = ByteBuffer.allocate(12 + positions.size() * (POSITION_BYTES + 4 * (obs + pol)));
            body.putInt(positions.size()).putInt(obs).putInt(pol);
            for (PositionRecord p : positions) {
                if (p.observation().length != obs || p.policy().length != pol) {
                    throw new IllegalArgumentException("game " + game.gameId() + ": positions of different shapes");
                }
                body.putInt(p.ply()).putInt(p.legalMask()).put((byte) p.result()).putInt(p.margin()).putInt(p.flags())
                        .putFloat(p.rootValue());
                body.asFloatBuffer().put(p.observation()).put(p.policy());
                body.position(body.position() + 4 * (obs + pol));
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(body.capacity() + 1024);
            DataOutputStream out = Frames.start(bytes, MAGIC, h);
            out.write(body.array());
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a message.
     *
     * @throws IllegalArgumentException naming what is wrong (magic, format, a field, a length)
     */
    static GameMessage decode(byte[] message) {
        String what = "game record";
        JsonNode[] hh = new JsonNode[1];
        DataInputStream in = Frames.open(message, MAGIC, what, hh);
        JsonNode h = hh[0];
        long format = Frames.number(h, "format", what);
        if (format != FORMAT) {
            throw new IllegalArgumentException(what + ": format " + format + ", this build reads format " + FORMAT);
        }
        JsonNode g = h.get("game");
        if (g == null || !g.isObject()) {
            throw new IllegalArgumentException(what + ": header field 'game' missing");
        }
        SelfPlayRecord game;
        try {
            game = SelfPlayRecord.fromJson(g);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + "'s game: " + e.getMessage(), e);
        }
        long id = Frames.number(h, "id", what);
        if (id != game.gameId()) {
            throw new IllegalArgumentException(what + ": header id " + id + ", game id " + game.gameId());
        }
        int rest;
        try {
            rest = in.available(); // a byte array's stream: exact
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            ByteBuffer body = ByteBuffer.wrap(message, message.length - rest, rest);
            if (body.remaining() < 12) {
                throw new IllegalArgumentException(what + " of game " + id + ": truncated (no positions block)");
            }
            int n = body.getInt();
            int obs = body.getInt();
            int pol = body.getInt();
            if (n < 0 || n > MAX_POSITIONS || obs < 0 || obs > MAX_FLOATS || pol < 0 || pol > MAX_FLOATS
                    || (long) n * (POSITION_BYTES + 4L * (obs + pol)) != body.remaining()) {
                throw new IllegalArgumentException(what + " of game " + id + ": " + n + " positions of " + obs + "+"
                        + pol + " floats do not fit the " + body.remaining() + " bytes left (truncated?)");
            }
            List<PositionRecord> positions = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int ply = body.getInt();
                int mask = body.getInt();
                int result = body.get();
                int margin = body.getInt();
                int flags = body.getInt();
                float root = body.getFloat();
                float[] o = new float[obs];
                float[] p = new float[pol];
                body.asFloatBuffer().get(o).get(p);
                body.position(body.position() + 4 * (obs + pol));
                positions.add(new PositionRecord(id, ply, o, mask, p, result, margin, root, flags));
            }
            return new GameMessage(Frames.text(h, "run", what), Frames.number(h, "seed", what),
                    Frames.number(h, "version", what), Frames.text(h, "network", what), Frames.text(h, "rules", what),
                    Frames.text(h, "encoder", what), Frames.text(h, "worker", what), Frames.number(h, "calls", what),
                    Frames.number(h, "evaluated", what), Frames.number(h, "nanos", what), game, positions);
        } catch (java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException(what + " of game " + id + ": truncated", e);
        }
    }
}
