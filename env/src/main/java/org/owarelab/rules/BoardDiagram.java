package org.owarelab.rules;

/**
 * Draws a board from South's seat as in {@code env/RULES.md}: North's row shows houses
 * {@code f..a} (right to left in house order), South's row {@code A..F}.
 */
public final class BoardDiagram {
    private BoardDiagram() {
    }

    /** A multi-line drawing of {@code b}, ending with who is to move or how the game ended. */
    public static String draw(Board b) {
        int n = b.housesPerSide();
        StringBuilder sb = new StringBuilder(256);
        sb.append("      ");
        for (int i = n - 1; i >= 0; i--) {
            sb.append("  ").append(Moves.letter(Side.NORTH, i)).append(' ');
        }
        sb.append("     <- North\n  N:  ");
        for (int i = 2 * n - 1; i >= n; i--) {
            sb.append(cell(b.count(i)));
        }
        sb.append("   store N: ").append(b.store(Side.NORTH)).append("\n  S:  ");
        for (int i = 0; i < n; i++) {
            sb.append(cell(b.count(i)));
        }
        sb.append("   store S: ").append(b.store(Side.SOUTH)).append("\n      ");
        for (int i = 0; i < n; i++) {
            sb.append("  ").append(Moves.letter(Side.SOUTH, i)).append(' ');
        }
        sb.append("     <- South\n");
        if (b.isOver()) {
            int w = b.winner();
            sb.append("  game over (").append(b.endReason()).append("): ")
                    .append(b.finalStore(Side.SOUTH)).append(':').append(b.finalStore(Side.NORTH)).append(", ")
                    .append(w < 0 ? "draw" : Side.name(w) + " wins");
        } else {
            sb.append("  ").append(Side.name(b.toMove())).append(" to move, legal: ").append(b.legalLetters());
        }
        return sb.append('\n').toString();
    }

    private static String cell(int count) {
        return count < 10 ? "[ " + count + "]" : "[" + count + "]";
    }
}
