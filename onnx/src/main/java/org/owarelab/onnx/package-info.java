/**
 * A finished player's network run by ONNX Runtime for Java: {@link org.owarelab.onnx.OnnxModel}
 * loads {@code model.onnx} (as {@code oware export} writes it) and opens
 * {@link org.owarelab.onnx.OnnxEvaluator}s, the agents' batch evaluator interface over one shared
 * session. This module holds no DJL: an exported engine's class path is this module, the agents,
 * the rules and ONNX Runtime's one jar, whose natives cover linux-x64, linux-aarch64,
 * osx-aarch64 and win-x64. {@link org.owarelab.onnx.OrtNatives} loads those natives without
 * leaving anything in the temporary directory.
 */
package org.owarelab.onnx;
