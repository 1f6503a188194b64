package org.owarelab.agents.alphabeta;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * The fixed search benchmark behind {@code oware bench search}: alpha-beta to a fixed depth on
 * twelve positions of the default rules, each reached by a fixed move string from the start
 * (plies 0 to 44 of seeded random games, with both sides to move). Each position is searched
 * from a cleared agent, so its node count depends only on the search's behaviour; the sum of
 * the node counts is the signature, a golden number that changes exactly when the search does.
 */
public final class SearchBench {
    /** Move strings from the start of the default rules. */
    public static final List<String> POSITIONS = List.of(
            "",
            "Ab",
            "CeFeB",
            "BdAaEbDb",
            "BfEdAaEdDbE",
            "EeCcDfCaEbBdEc",
            "EdAfFcAaDbAaFdAeEb",
            "CcEeAdCfFeCcAfCeBeEcAe",
            "AaEeAdFbAcCcEdBaDcCeDfBeDf",
            "FfDdEdBcAbAdFdCdFbDcEaFcDdBeFc",
            "EbAdBeDfBaDeBbEeAaDcEaBeCdEeCfBaDaFf",
            "BcDdCfEdAbAdEfAeFcEbFaFcCcEdBeFdBaAbAcCbFdEf");

    /** One position's figures. */
    public record Result(String moves, String position, int move, char letter, float value, long nodes,
            long nanos) {
    }

    private SearchBench() {
    }

    /** Searches every position to {@code depth} with {@code config}'s other options; reports each as it ends. */
    public static List<Result> run(AlphaBetaConfig config, int depth, Consumer<Result> each) {
        AlphaBetaAgent agent = new AlphaBetaAgent(config, RuleSet.DEFAULT);
        List<Result> results = new ArrayList<>();
        for (String moves : POSITIONS) {
            Board b = new Board();
            Moves.playAll(b, moves);
            agent.reset(0);
            Decision d = agent.decide(b, SearchLimit.depth(depth), SearchMonitor.NONE);
            Result r = new Result(moves, b.text(), d.move(), b.letter(d.move()), d.value(), d.nodes(), d.timeNanos());
            results.add(r);
            each.accept(r);
        }
        return results;
    }

    /** The total node count: the benchmark's signature. */
    public static long signature(List<Result> results) {
        long sum = 0;
        for (Result r : results) {
            sum += r.nodes();
        }
        return sum;
    }
}
