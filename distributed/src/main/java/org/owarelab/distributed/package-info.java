/**
 * Self-play on many machines over Hazelcast (open-source edition, embedded): the only module that
 * depends on it, so the single-JVM training path carries no cluster code.
 *
 * <p>Roles. The trainer is the cluster's one member ({@link org.owarelab.distributed.ClusterGameSource},
 * a {@link org.owarelab.training.loop.GameSource}): it publishes the network self-play uses
 * ({@link org.owarelab.distributed.PublishedNetwork}: checkpoint bytes, model card, config, run id and
 * version) in an {@code IMap}, hands out game-id blocks ({@link org.owarelab.distributed.Ticket}) in an
 * {@code IQueue}, and takes finished games ({@link org.owarelab.distributed.GameMessage}) from another
 * {@code IQueue}, each checked by the {@link org.owarelab.distributed.RecordGate} (run, rules,
 * encoder, network version, accepted once). Workers ({@link org.owarelab.distributed.ClusterWorker})
 * are Hazelcast clients: they own no data, so one leaving loses only its games in flight, they
 * reconnect by themselves when the trainer restarts, and a worker machine only needs to reach the
 * trainer's port.
 *
 * <p>Everything on the wire is {@code byte[]} in this module's own versioned formats (JSON header
 * plus primitive arrays), never Java serialization of lab classes.
 */
package org.owarelab.distributed;
