/**
 * Training a network of the model module ({@code org.owarelab.model}): the {@link
 * org.owarelab.training.nn.Learner} (losses, optimizer, learning-rate schedule), its batches and
 * optimizer state, checkpoint writing ({@link org.owarelab.training.nn.CheckpointWriter}) and raw
 * speed figures ({@link org.owarelab.training.nn.NetworkBench}).
 *
 * <p>Besides the model package, this is the only place where tensors are handled; every public
 * method takes and returns Java arrays and records. Threads: one learner thread per JVM; see
 * each class.
 */
package org.owarelab.training.nn;
