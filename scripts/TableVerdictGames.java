import java.nio.file.*;
import java.util.*;
import java.util.regex.*;
import org.owarelab.rules.*;
import org.owarelab.tables.EndgameTable;

/**
 * What a bigger table could change in a match's games: replays every game of an
 * {@code oware match --out} file and, at the first position with at most LIMIT seeds on the board
 * (game not over), asks the table for agent A's result (win, draw, loss, or open where the bounds
 * straddle one), then compares it with the game's result: how many games were already decided
 * when they entered the table's reach and ended as it said, how many ended better or worse for A,
 * and how many entered it at an open position (default rules).
 *
 * <p>Usage (after {@code ./oware --help} has built the jar):
 * {@code java -cp "cli/target/oware-cli.jar:cli/target/lib/*" scripts/TableVerdictGames.java games.jsonl tables-16.owtb 16}
 */
public class TableVerdictGames {
    public static void main(String[] args) throws Exception {
        EndgameTable t = EndgameTable.load(Path.of(args[1]), RuleSet.DEFAULT, 0);
        int limit = Integer.parseInt(args[2]);
        Pattern mv = Pattern.compile("\"moves\":\"([A-Fa-f]*)\"");
        Pattern pos = Pattern.compile("\"position\":\"([^\"]*)\"");
        Pattern aside = Pattern.compile("\"a\":\"(south|north)\"");
        Pattern score = Pattern.compile("\"scoreA\":([0-9.]+)");
        int games = 0, never = 0, unknown = 0, same = 0, better = 0, worse = 0;
        Map<String, Integer> cells = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            Matcher m1 = mv.matcher(line), m2 = pos.matcher(line), m3 = aside.matcher(line), m5 = score.matcher(line);
            if (!(m1.find() && m2.find() && m3.find() && m5.find())) continue;
            games++;
            int a = m3.group(1).equals("south") ? Side.SOUTH : Side.NORTH;
            double s = Double.parseDouble(m5.group(1));
            Board b = new Board(Position.parse(m2.group(1), RuleSet.DEFAULT));
            String moves = m1.group(1);
            Integer verdict = null; // for A: 1 win, 0 draw, -1 loss, 2 unknown
            for (int i = 0; i <= moves.length(); i++) {
                if (!b.isOver() && EndgameTable.seedsOnBoard(b) <= limit) {
                    int o = t.outcome(b);
                    verdict = o == EndgameTable.UNKNOWN ? 2 : (b.toMove() == a ? o : -o);
                    break;
                }
                if (i == moves.length()) break;
                char c = moves.charAt(i);
                b.play(Character.isUpperCase(c) ? c - 'A' : c - 'a');
            }
            String fin = s == 1 ? "win" : s == 0.5 ? "draw" : "loss";
            if (verdict == null) { never++; cells.merge("never <=" + limit + " -> A " + fin, 1, Integer::sum); continue; }
            String v = verdict == 2 ? "open" : verdict == 1 ? "win" : verdict == 0 ? "draw" : "loss";
            cells.merge("table says A " + v + " -> A " + fin, 1, Integer::sum);
            if (verdict == 2) { unknown++; continue; }
            double want = verdict == 1 ? 1 : verdict == 0 ? 0.5 : 0;
            if (s == want) same++; else if (s > want) better++; else worse++;
        }
        System.out.printf("%d games; never at <= %d seeds: %d; open bounds there: %d; decided there: %d as the table said, %d better for A, %d worse for A%n",
                games, limit, never, unknown, same, better, worse);
        cells.forEach((k, v) -> System.out.println("  " + k + ": " + v));
    }
}
