package org.owarelab.evaluation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.Pentanomial;

/** The statistics tables of a list of games: crosstable and pentanomial counts. */
public final class GameTables {
    private GameTables() {
    }

    /**
     * The crosstable of the rated games ({@link MatchRecord#rated()}) between different players,
     * players numbered in order of first appearance. Failed games and games a player played
     * against itself are left out (so is a player who has no other games).
     */
    public static Crosstable crosstable(List<MatchRecord> games) {
        Crosstable t = new Crosstable();
        for (MatchRecord g : games) {
            if (g.rated() && !g.south().equals(g.north())) {
                t.add(g.south(), g.north(), g.southScore());
            }
        }
        return t;
    }

    /**
     * The pentanomial counts of {@code player} against {@code opponent}: over their pairs (same
     * pair number, start position and opening moves, one game with each colour, both rated), each
     * pair's total score for {@code player}. Unpaired games, failed games and incomplete pairs are
     * left out. The opening is part of a pair's key so that the games of several matches read
     * together (files concatenated, every match numbering its pairs from 0) keep all their pairs.
     */
    public static Pentanomial pentanomial(List<MatchRecord> games, String player, String opponent) {
        Map<String, MatchRecord> asSouth = new HashMap<>();
        Map<String, MatchRecord> asNorth = new HashMap<>();
        for (MatchRecord g : games) {
            if (g.pair() < 0 || !g.rated()) {
                continue;
            }
            String key = g.pair() + " " + g.position() + " "
                    + g.moves().substring(0, Math.min(g.openingPlies(), g.moves().length()));
            if (g.south().equals(player) && g.north().equals(opponent)) {
                asSouth.put(key, g);
            } else if (g.south().equals(opponent) && g.north().equals(player)) {
                asNorth.put(key, g);
            }
        }
        Pentanomial p = Pentanomial.NONE;
        for (Map.Entry<String, MatchRecord> e : asSouth.entrySet()) {
            MatchRecord other = asNorth.get(e.getKey());
            if (other != null) {
                p = p.plus(e.getValue().scoreOf(player), other.scoreOf(player));
            }
        }
        return p;
    }
}
