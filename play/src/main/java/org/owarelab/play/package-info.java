/**
 * The game flow of a person against an agent ({@link org.owarelab.play.HumanGame}), one
 * model for the terminal game ({@code oware play}) and the served page ({@code oware serve}):
 * turns, the agent's moves, undo, the agent's lifetime. The front ends print or render it.
 */
package org.owarelab.play;
