/**
 * The front ends people play on. {@link org.owarelab.play.HumanGame} is the game flow of a person
 * against an agent, one model for the terminal game ({@link org.owarelab.play.TerminalGame},
 * {@code oware play}) and the served page ({@code oware serve}): turns, the agent's moves, undo,
 * the agent's lifetime; the front ends print or render it. The one play page (markup, stylesheet,
 * board view, game flow: resources {@code org/owarelab/play/page/}) runs over two game ports,
 * {@code serve/port.js} (the play server's API, {@code org.owarelab.play.serve}) and
 * {@code web/port.js} (the static web player's rules, encoders and search in JavaScript, with the
 * network through onnxruntime-web); {@link org.owarelab.play.Pages} names the files. No DJL: an
 * exported bundle runs this module.
 */
package org.owarelab.play;
