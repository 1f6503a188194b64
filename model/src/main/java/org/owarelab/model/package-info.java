/**
 * The trained model, readable without any training code: the architectures ({@link
 * org.owarelab.model.NetworkSpec}: MLP or 1-D residual conv net, tanh or win/draw/loss value head,
 * optional margin head), the network ({@link org.owarelab.model.PolicyValueNet}), the batch-first
 * {@link org.owarelab.model.DjlEvaluator} that search calls, the network as an ONNX graph
 * ({@link org.owarelab.model.OnnxWriter}: for the export bundle, and for self-play on ONNX
 * Runtime), device and libtorch thread choice,
 * checkpoint reading ({@link org.owarelab.model.Checkpoints}: metadata, compatibility checks,
 * hashes, loading), the typed reference to a model on disk ({@link org.owarelab.model.ModelRef})
 * and the agents over models ({@link org.owarelab.model.ModelAgents}: the registry with
 * {@code puct:model=PATH}, whose networks it owns and frees when closed). The training module
 * builds on this: it trains networks and writes the checkpoints read here.
 *
 * <p>Tensors never leave this package and the training module's learner: every other public method
 * takes and returns Java arrays, boards and records. Perspective: observations and values are from
 * the side to move; priors are over the mover's relative moves, zero on illegal ones. Threads: one
 * evaluator per thread (several may share one network); see each class.
 */
package org.owarelab.model;
