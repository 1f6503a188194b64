package org.owarelab.agents.puct;

import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.alphabeta.SearchBench;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * A record of one-leaf-at-a-time PUCT searches over a deterministic stand-in network: for each
 * bench position and along a game between two agents (tree reuse, noise, temperature and forced
 * playouts in the second), one line per decision with its move, simulations and the root's visit
 * distribution as counts. {@code sequential-record.txt} holds the record main printed before
 * searches batched their own leaves (commit 6651671, by running {@link #main} on its classes);
 * {@code PuctBatchingTest} checks that {@code batch=1} still prints it. The stand-in network reads
 * the board's hash, so when the hash function changed ({@code PositionHash}, 2026-11-25) the
 * record was printed again the same way, by commit 6651671's classes with only {@code Board.hash()}
 * computing the new function (the same procedure with the old hash reprints the old record
 * byte for byte).
 */
final class SequentialRecord {
    private SequentialRecord() {
    }

    static String record(String batchKey) {
        EvaluatorSource synthetic = (model, rules) -> new SyntheticEvaluator(rules.houses(), 7);
        StringBuilder sb = new StringBuilder();
        try (AgentFactory f = PuctAgent.factory("net", synthetic, 300)) {
            try (Agent a = f.create(AgentSpec.parse("net:sims=300" + batchKey), RuleSet.DEFAULT, 1)) {
                for (String moves : SearchBench.POSITIONS) {
                    Board b = new Board();
                    Moves.playAll(b, moves);
                    a.reset(3);
                    line(sb, b, a.decide(b, SearchLimit.NONE, SearchMonitor.NONE));
                }
            }
            String spec = "net:sims=200,noise=0.25,temp=1,temp-plies=12,forced=2" + batchKey;
            try (Agent south = f.create(AgentSpec.parse(spec), RuleSet.DEFAULT, 11);
                    Agent north = f.create(AgentSpec.parse(spec), RuleSet.DEFAULT, 12)) {
                Board b = new Board();
                while (!b.isOver() && b.ply() < 80) {
                    Decision d = (b.toMove() == 0 ? south : north).decide(b, SearchLimit.NONE, SearchMonitor.NONE);
                    line(sb, b, d);
                    b.play(d.move());
                    south.played(b, d.move());
                    north.played(b, d.move());
                }
            }
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, Board b, Decision d) {
        sb.append(b.ply()).append(' ').append(d.move()).append(' ').append(d.nodes());
        for (float p : d.policy()) {
            sb.append(' ').append(Float.floatToIntBits(p));
        }
        sb.append('\n');
    }

    public static void main(String[] args) {
        System.out.print(record(""));
    }
}
