/**
 * JSON lines: one JSON request per input line, one JSON reply per line, for scripts in any
 * language. {@link org.owarelab.protocol.jsonl.JsonLines} is the shared transport (line limits,
 * strict parsing, one reply per line, ids echoed); {@link org.owarelab.protocol.jsonl.AgentProtocol}
 * answers an agent's moves ({@code oware jsonl --agent}, an exported bundle's
 * {@code engine --jsonl}) and {@link org.owarelab.protocol.jsonl.EnvProtocol} serves the
 * environment ({@code oware jsonl --env}). {@link org.owarelab.protocol.jsonl.StrictJson} also
 * reads the play page's request bodies. The wire protocols are described in docs/protocols.md.
 */
package org.owarelab.protocol.jsonl;
