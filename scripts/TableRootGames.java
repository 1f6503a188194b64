import java.nio.file.*;
import java.util.*;
import java.util.regex.*;
import org.owarelab.rules.*;
import org.owarelab.tables.EndgameTable;
import org.owarelab.agents.TableRoot;

/**
 * The table root in a match's games: replays every game of an {@code oware match --out} file,
 * asks {@link TableRoot} at each position where agent A (the table-root side) is to move, and
 * counts the games that ended by repetition, who lost them, A's answers from the table that A
 * played, and the repetitions that came within two plies of such an answer (default rules).
 *
 * <p>Usage (after {@code ./oware --help} has built the jar):
 * {@code java -cp "cli/target/oware-cli.jar:cli/target/lib/*" scripts/TableRootGames.java DIR/games.jsonl TABLE.owtb}
 */
public class TableRootGames {
    public static void main(String[] args) throws Exception {
        EndgameTable t = EndgameTable.load(Path.of(args[1]), RuleSet.DEFAULT, 0);
        Pattern mv = Pattern.compile("\"moves\":\"([A-Fa-f]*)\"");
        Pattern pos = Pattern.compile("\"position\":\"([^\"]*)\"");
        Pattern aside = Pattern.compile("\"a\":\"(south|north)\"");
        Pattern reason = Pattern.compile("\"reason\":\"([^\"]*)\"");
        Pattern score = Pattern.compile("\"scoreA\":([0-9.]+)");
        int games = 0, reps = 0, repLossA = 0, repLossB = 0, answers = 0, answered = 0, played = 0, nearTable = 0;
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            Matcher m1 = mv.matcher(line), m2 = pos.matcher(line), m3 = aside.matcher(line), m4 = reason.matcher(line), m5 = score.matcher(line);
            if (!(m1.find() && m2.find() && m3.find() && m4.find() && m5.find())) continue;
            games++;
            int a = m3.group(1).equals("south") ? Side.SOUTH : Side.NORTH;
            Board b = new Board(Position.parse(m2.group(1), RuleSet.DEFAULT));
            String moves = m1.group(1);
            int lastAnswerPly = -10;
            for (int i = 0; i < moves.length(); i++) {
                char c = moves.charAt(i);
                int m = Character.isUpperCase(c) ? c - 'A' : c - 'a';
                if (b.toMove() == a) {
                    int tm = TableRoot.move(t, b);
                    if (tm >= 0) {
                        answers++;
                        if (tm == m) { played++; lastAnswerPly = i; }
                    }
                }
                b.play(m);
            }
            boolean rep = b.isOver() && b.endReason() == EndReason.REPETITION;
            if (rep) {
                reps++;
                double s = Double.parseDouble(m5.group(1));
                if (s == 0) repLossA++; else if (s == 1) repLossB++;
                if (moves.length() - 1 - lastAnswerPly <= 1) nearTable++;
            }
        }
        System.out.printf("%d games, %d ended by repetition (A lost %d, B lost %d); A's table answers %d, played %d; repetitions within two plies of a played answer: %d%n",
                games, reps, repLossA, repLossB, answers, played, nearTable);
    }
}
