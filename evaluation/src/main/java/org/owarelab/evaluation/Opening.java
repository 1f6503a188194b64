package org.owarelab.evaluation;

/**
 * One opening of a match: moves played from the match's start position before the agents take over.
 *
 * @param index its place in the match's opening list
 * @param moves the opening moves as letters (empty for no opening)
 * @param position the position text after them
 */
public record Opening(int index, String moves, String position) {
}
