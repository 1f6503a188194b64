package org.owarelab.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.model.Checkpoints;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.nn.CheckpointWriter;
import org.owarelab.util.Sha256;

/**
 * The network self-play plays with, as the trainer publishes it: the run's id and seed, the
 * network version, the run's config (self-play settings, rules, encoder, architecture) and the
 * network as a checkpoint (its model card {@code meta.json} and {@code params.djl}, the files
 * {@link CheckpointWriter} writes). A worker loads it through {@link Checkpoints#loadNetwork}, so
 * the model card is checked against the config's encoder, rules and architecture as for any
 * checkpoint.
 *
 * <p>Wire format {@value #FORMAT} (see {@link Frames}): header {@code format, run, seed, version,
 * hash, rules, encoder, network, config} (config: the run's YAML); body: {@code meta.json} and
 * {@code params.djl} as length-prefixed blocks.
 *
 * @param hash SHA-256 of the parameters, hex (records name it: a record played with other weights
 *     under the same version number is refused)
 */
record PublishedNetwork(String runId, long runSeed, long version, String hash, String rules, String encoder,
        String network, String configYaml, byte[] meta, byte[] params) {
    static final int MAGIC = 0x4F574E54; // "OWNT"
    static final int FORMAT = 1;
    private static final int MAX_FILE = 1 << 30;

    /** Snapshots {@code net} (read-only during the call) as version {@code version} of run {@code runId}. */
    static PublishedNetwork of(String runId, long version, TrainConfig cfg, PolicyValueNet net) throws IOException {
        Path tmp = Files.createTempDirectory("oware-publish");
        Path dir = tmp.resolve("net");
        try {
            CheckpointWriter.save(dir, net, version);
            byte[] meta = Files.readAllBytes(dir.resolve(Checkpoints.META));
            byte[] params = Files.readAllBytes(dir.resolve(Checkpoints.PARAMS));
            return new PublishedNetwork(runId, cfg.seed(), version, Sha256.of(params), cfg.rules(),
                    cfg.observationEncoder().tag(), cfg.network().spec(), cfg.toYaml(), meta, params);
        } finally {
            for (String f : List.of(Checkpoints.META, Checkpoints.PARAMS)) {
                Files.deleteIfExists(dir.resolve(f));
            }
            Files.deleteIfExists(dir);
            Files.deleteIfExists(tmp);
        }
    }

    /** The run's config, as the trainer runs it. */
    TrainConfig config() {
        return TrainConfig.parse(configYaml, "the config published by run " + runId, List.of());
    }

    /**
     * Builds the network on {@code device}.
     *
     * @throws org.owarelab.model.CheckpointException when the model card does not fit the config
     */
    PolicyValueNet load(TrainConfig cfg, DeviceChoice device) throws IOException {
        Path dir = Files.createTempDirectory("oware-network");
        try {
            Files.write(dir.resolve(Checkpoints.META), meta);
            Files.write(dir.resolve(Checkpoints.PARAMS), params);
            return Checkpoints.loadNetwork(dir, cfg.observationEncoder(), cfg.network(), device);
        } finally {
            Files.deleteIfExists(dir.resolve(Checkpoints.META));
            Files.deleteIfExists(dir.resolve(Checkpoints.PARAMS));
            Files.deleteIfExists(dir);
        }
    }

    byte[] encode() {
        ObjectNode h = Frames.JSON.createObjectNode();
        h.put("format", FORMAT);
        h.put("run", runId);
        h.put("seed", runSeed);
        h.put("version", version);
        h.put("hash", hash);
        h.put("rules", rules);
        h.put("encoder", encoder);
        h.put("network", network);
        h.put("config", configYaml);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(params.length + meta.length + 4096);
        try {
            DataOutputStream out = Frames.start(bytes, MAGIC, h);
            Frames.writeBlock(out, meta);
            Frames.writeBlock(out, params);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** @throws IllegalArgumentException naming what is wrong */
    static PublishedNetwork decode(byte[] message) {
        String what = "published network";
        JsonNode[] hh = new JsonNode[1];
        DataInputStream in = Frames.open(message, MAGIC, what, hh);
        JsonNode h = hh[0];
        long format = Frames.number(h, "format", what);
        if (format != FORMAT) {
            throw new IllegalArgumentException(what + ": format " + format + ", this build reads format " + FORMAT);
        }
        try {
            byte[] meta = Frames.readBlock(in, MAX_FILE, what + " model card");
            byte[] params = Frames.readBlock(in, MAX_FILE, what + " parameters");
            PublishedNetwork n = new PublishedNetwork(Frames.text(h, "run", what), Frames.number(h, "seed", what),
                    Frames.number(h, "version", what), Frames.text(h, "hash", what), Frames.text(h, "rules", what),
                    Frames.text(h, "encoder", what), Frames.text(h, "network", what), Frames.text(h, "config", what),
                    meta, params);
            if (!n.hash.equals(Sha256.of(params))) {
                throw new IllegalArgumentException(what + " version " + n.version + ": parameters do not match their hash");
            }
            return n;
        } catch (IOException e) {
            throw new IllegalArgumentException(what + ": truncated (" + e.getMessage() + ")", e);
        }
    }

    /** The short form of {@link #hash} for messages. */
    String shortHash() {
        return hash.substring(0, 12);
    }
}
