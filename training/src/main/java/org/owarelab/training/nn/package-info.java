/**
 * Policy/value networks on DJL (PyTorch engine): the architectures ({@link
 * org.owarelab.training.nn.NetworkSpec}: MLP or 1-D residual conv net, tanh or win/draw/loss value
 * head, optional margin head), the batch-first {@link org.owarelab.training.nn.DjlEvaluator}, the
 * {@link org.owarelab.training.nn.Learner}, {@link org.owarelab.training.nn.Checkpoints} and raw
 * speed figures ({@link org.owarelab.training.nn.NetworkBench}).
 *
 * <p>Tensors never leave this package: every public method takes and returns Java arrays, boards
 * and records. Perspective: observations and values are from the side to move; priors are over
 * the mover's relative moves, zero on illegal ones. Threads: one evaluator per thread (several may
 * share one network), one learner thread per JVM; see each class.
 */
package org.owarelab.training.nn;
