/**
 * The Oware Abapa rules: the one home of sowing, capturing, the grand-slam and feeding rules,
 * repetition and the end of the game.
 *
 * <p>Every other module asks this package; nothing re-implements a capture or a feeding check.
 * The rules follow {@code env/RULES.md}; the variants are selected by one immutable
 * {@link org.owarelab.rules.RuleSet}. {@link org.owarelab.rules.Board} is the fast mutable
 * state (play/undo without allocation, legal-move bit mask, a 64-bit position hash), with
 * package-private collaborators, each the one home of its part: {@code Sowing}, {@code Legality}
 * (feeding, grand-slam look-ahead), {@code History} (undo, repetition), {@code Ending} (end
 * codes, sharing of the seeds left), {@code PositionHash} and {@code Rows} (the byte arithmetic of the
 * packed rows: each player's houses one byte a house in a {@code long});
 * {@link org.owarelab.rules.Position} is the immutable value used at the edges (text form,
 * environment resets, protocol).
 *
 * <p>Moves are small ints: the index of one of the mover's houses, 0 = the mover's leftmost
 * house seen from the mover's seat ({@code A} for South, {@code a} for North). Sides are ints,
 * {@link org.owarelab.rules.Side#SOUTH} = 0 and {@link org.owarelab.rules.Side#NORTH} = 1.
 */
package org.owarelab.rules;
