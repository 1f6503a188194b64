package org.owarelab.agents.alphabeta;

/**
 * The principal variation of a {@link Search}, the triangular table of chess engines: row
 * {@code ply} holds the best line found from that ply, from column {@code ply} up to its length;
 * a new best move at a ply copies the child's row behind it. Row 0 is the root's line.
 * Preallocated for {@code maxPly} plies; no allocation per node. Not thread-safe.
 */
final class PrincipalVariation {
    private final int stride;
    private final int[] moves;
    private final int[] length;

    PrincipalVariation(int maxPly) {
        this.stride = maxPly + 1;
        this.moves = new int[stride * stride];
        this.length = new int[stride];
    }

    /** A node at {@code ply} starts with an empty line. */
    void start(int ply) {
        length[ply] = ply;
    }

    /** Move {@code m} is the new best at {@code ply}: its line is {@code m} then the child's line. */
    void update(int ply, int m) {
        final int row = ply * stride;
        final int child = row + stride;
        moves[row + ply] = m;
        int end = length[ply + 1];
        for (int j = ply + 1; j < end; j++) {
            moves[row + j] = moves[child + j];
        }
        length[ply] = Math.max(end, ply + 1);
    }

    /** The length of the root's line. */
    int length() {
        return length[0];
    }

    /** Move {@code i} of the root's line. */
    int move(int i) {
        return moves[i];
    }
}
