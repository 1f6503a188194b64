/**
 * Exporting a trained player for other front ends: {@link org.owarelab.export.BundleWriter} writes
 * a self-contained engine bundle (launcher, jars, checkpoint, {@code model.onnx}, model card,
 * probe positions); the model module's {@link org.owarelab.model.OnnxWriter} turns a network into ONNX;
 * {@link org.owarelab.export.EngineMain} starts the bundle's engine once its files are as exported
 * (the jars of {@code lib/jars.txt}, the card, the network's SHA-256), speaking UCI to GUIs or
 * {@link org.owarelab.protocol.jsonl.AgentProtocol} (one JSON request per line) to scripts, or serving the
 * play page of {@code org.owarelab.play.serve} ({@code DIR/serve}, {@code oware serve}) to a
 * browser. {@code oware export FILE.onnx} bundles any network of the ONNX contract
 * ({@code OnnxBundle}); {@link org.owarelab.export.PortableAgents} and
 * {@link org.owarelab.export.PortableMain} are the agent registry and {@code jsonl} front end of
 * the Python wheel, which carries the bundle's jars only;
 * {@link org.owarelab.export.web.WebSite} writes the static web player (the play module's page and
 * JavaScript, the network as ONNX). Depends on the model, the agents, the protocols and the play
 * front ends: an exported player never needs the training code.
 */
package org.owarelab.export;
