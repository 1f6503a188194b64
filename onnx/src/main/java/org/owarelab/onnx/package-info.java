/**
 * A finished player's network run by ONNX Runtime for Java: {@link org.owarelab.onnx.OnnxModel}
 * loads {@code model.onnx} (as {@code oware export} writes it) and opens
 * {@link org.owarelab.onnx.OnnxEvaluator}s, the agents' batch evaluator interface over one shared
 * session. Every graph is checked against the lab's ONNX contract when it is loaded
 * ({@code OnnxContract}, docs/onnx-contract.md), so a network trained elsewhere plays too:
 * {@link org.owarelab.onnx.OnnxFiles} opens the {@code puct:onnx=FILE,encoder=TAG} networks of
 * specs. This module holds no DJL: an exported engine's class path is this module, the agents,
 * the rules and ONNX Runtime's one jar, whose natives cover linux-x64, linux-aarch64,
 * osx-aarch64 and win-x64. {@link org.owarelab.onnx.OrtNatives} loads those natives without
 * leaving anything in the temporary directory.
 */
package org.owarelab.onnx;
