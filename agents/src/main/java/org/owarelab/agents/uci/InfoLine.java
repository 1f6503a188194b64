package org.owarelab.agents.uci;

import java.util.Arrays;
import java.util.Locale;
import org.owarelab.agents.SearchInfo;
import org.owarelab.rules.Board;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;

/**
 * Reads an engine's {@code info} line into a {@link SearchInfo} (client side). Lenient: unknown
 * fields are skipped, a malformed number drops the line, {@code info string} lines carry no
 * search data, and the PV is cut before its first move that is not legal. {@code score mate N}
 * (chess style) reads as a proven result; {@code cp} follows {@link UciScore}.
 */
final class InfoLine {
    private InfoLine() {
    }

    /**
     * @param root the searched position (played on and restored for checking the PV)
     * @return the report, or null for a line without depth, score or nodes
     */
    static SearchInfo parse(String line, Board root) {
        String[] w = line.trim().split("\\s+");
        int depth = 0;
        int selDepth = 0;
        long nodes = 0;
        long time = 0;
        Integer cp = null;
        String pv = "";
        boolean any = false;
        try {
            for (int i = 1; i < w.length; i++) {
                switch (w[i].toLowerCase(Locale.ROOT)) {
                    case "string" -> i = w.length; // the rest is text
                    case "depth" -> {
                        depth = Integer.parseInt(w[++i]);
                        any = true;
                    }
                    case "seldepth" -> selDepth = Integer.parseInt(w[++i]);
                    case "nodes" -> {
                        nodes = Long.parseLong(w[++i]);
                        any = true;
                    }
                    case "time" -> time = Long.parseLong(w[++i]);
                    case "score" -> {
                        String kind = w[++i].toLowerCase(Locale.ROOT);
                        int x = Integer.parseInt(w[++i]);
                        if (kind.equals("mate")) {
                            cp = Integer.signum(x) * (UciScore.MATE - Math.min(Math.abs(x), UciScore.MATE - UciScore.PROVEN_THRESHOLD));
                        } else {
                            cp = x;
                        }
                        any = true;
                    }
                    case "pv" -> pv = w[++i];
                    default -> {
                        // nps, hashfull, lowerbound/upperbound, multipv, currmove ...: not needed
                    }
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return null;
        }
        if (!any) {
            return null;
        }
        int c = cp == null ? 0 : cp;
        double margin = cp == null ? Double.NaN : UciScore.toSeedMargin(c);
        return new SearchInfo(depth, selDepth, UciScore.toValue(c), margin, UciScore.proven(c), nodes, time,
                legalPrefix(pv, root));
    }

    /** The relative moves of {@code letters} from {@code root}, up to the first one that is not legal. */
    static int[] legalPrefix(String letters, Board root) {
        int[] moves = new int[letters.length()];
        int k = 0;
        try {
            for (; k < letters.length(); k++) {
                int m = Moves.parse(root, letters.charAt(k));
                root.play(m);
                moves[k] = m;
            }
        } catch (IllegalMoveException e) {
            // cut here
        }
        for (int j = 0; j < k; j++) {
            root.undo();
        }
        return Arrays.copyOf(moves, k);
    }
}
