package org.owarelab.training.selfplay;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.agents.puct.Tree;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * One game in a worker's lock-step: its board, its tree and its generator (seeded from the
 * game id only), the positions recorded so far and the resignation state. Everything random in
 * the game (noise, temperature, playout cap, play-through draw) comes from its generator, in a
 * fixed order, so the game does not depend on what else is in the batch.
 *
 * <p>The slot owns its game and its counters; its worker steps the trees, asks each slot whose
 * search is done to {@link #finishMove()}, and collects what a finished game hands back.
 */
final class GameSlot {
    private record Pending(int ply, int side, float[] observation, int mask, float[] policy, float value) {
    }

    /**
     * A game just finished: its record, its recorded positions, and whether it was resigned or
     * played through past a resignation (for the worker's counters).
     */
    record Finished(GameRecord game, List<PositionRecord> positions, boolean resigned, boolean playedThrough) {
    }

    private final SelfPlayConfig cfg;
    private final RuleSet rules;
    private final ObservationEncoder encoder;
    private final long runSeed;
    private final Tree tree;
    private final Board board;
    private final List<Pending> pending = new ArrayList<>();
    private final StringBuilder moves = new StringBuilder();
    private final int[] lowValues = new int[2];
    private long gameId;
    private long seed;
    private SplittableRandom rng;
    private boolean active;
    private boolean fullSearch;
    private boolean mayResign;
    private int wouldResign;
    private int wouldResignPly;
    private long simulations;
    /** Moves played and simulations run by this slot over all its games (for the worker's stats). */
    private long totalMoves;
    private long totalSimulations;

    GameSlot(SelfPlayConfig cfg, RuleSet rules, ObservationEncoder encoder, long runSeed, Tree tree) {
        this.cfg = cfg;
        this.rules = rules;
        this.encoder = encoder;
        this.runSeed = runSeed;
        this.tree = tree;
        this.board = new Board(rules);
    }

    boolean active() {
        return active;
    }

    /** Whether its tree is still searching the current move (else {@link #finishMove()} is due). */
    boolean searching() {
        return tree.searching();
    }

    long totalMoves() {
        return totalMoves;
    }

    long totalSimulations() {
        return totalSimulations;
    }

    /** Starts game {@code id} and its first search. */
    void start(long id) {
        gameId = id;
        seed = Seeds.game(runSeed, id);
        rng = new SplittableRandom(seed);
        board.set(Position.start(rules));
        pending.clear();
        moves.setLength(0);
        lowValues[0] = 0;
        lowValues[1] = 0;
        SelfPlayConfig.Resign r = cfg.resign();
        mayResign = r.enabled() && rng.nextDouble() >= r.playThrough();
        wouldResign = -1;
        wouldResignPly = -1;
        simulations = 0;
        active = true;
        tree.reset(board, rng);
        beginSearch();
    }

    /** Drops the game in flight (its slot is free again). */
    void abandon() {
        active = false;
        pending.clear();
    }

    private void beginSearch() {
        SelfPlayConfig.PlayoutCap cap = cfg.playoutCap();
        fullSearch = cap.fullProbability() >= 1 || rng.nextDouble() < cap.fullProbability();
        tree.beginSearch(fullSearch ? cfg.simulations() : cap.fastSimulations(), fullSearch);
    }

    /**
     * After the search: records the position (full searches), checks resignation, plays the
     * chosen move, and either begins the next search or ends the game (returned, else null).
     */
    Finished finishMove() {
        int side = board.toMove();
        int ply = board.ply();
        simulations += tree.simulations();
        totalMoves++;
        totalSimulations += tree.simulations();
        float value = (float) tree.rootValue();
        if (fullSearch) {
            float[] obs = new float[encoder.size()];
            encoder.encode(board, obs, 0);
            float[] policy = new float[rules.houses()];
            tree.policy(policy);
            pending.add(new Pending(ply, side, obs, board.legalMask(), policy, value));
        }
        SelfPlayConfig.Resign r = cfg.resign();
        if (r.enabled()) {
            lowValues[side] = value < r.threshold() ? lowValues[side] + 1 : 0;
            if (lowValues[side] >= r.consecutive()) {
                if (mayResign) {
                    return end("resigned", 1 - side, PositionRecord.RESIGNED);
                }
                if (wouldResign < 0) {
                    wouldResign = side;
                    wouldResignPly = ply;
                }
            }
        }
        int move = tree.chooseMove(cfg.temperature().at(ply));
        moves.append(Moves.letter(side, move));
        board.play(move);
        if (board.isOver()) {
            return end(board.endReason().text(), board.winner(), 0);
        }
        if (board.ply() >= cfg.plyCap()) {
            return end("ply-cap", SelfPlayConfig.TRUNCATION.winner(board), PositionRecord.PLY_CAPPED);
        }
        tree.advance(move);
        beginSearch();
        return null;
    }

    private Finished end(String reason, int winner, int flags) {
        active = false;
        // A game still going (resigned or capped) has no end-of-game sharing: its scores are the stores,
        // which is also what the self-play truncation rule counts at the cap.
        boolean capped = flags == PositionRecord.PLY_CAPPED;
        int south = board.isOver() ? board.finalStore(0)
                : capped ? SelfPlayConfig.TRUNCATION.score(board, 0) : board.store(0);
        int north = board.isOver() ? board.finalStore(1)
                : capped ? SelfPlayConfig.TRUNCATION.score(board, 1) : board.store(1);
        List<PositionRecord> out = new ArrayList<>(pending.size());
        for (Pending p : pending) {
            int result = winner < 0 ? 0 : winner == p.side ? 1 : -1;
            int margin = p.side == 0 ? south - north : north - south;
            out.add(new PositionRecord(gameId, p.ply, p.observation, p.mask, p.policy, result, margin, p.value, flags));
        }
        boolean playedThrough = cfg.resign().enabled() && !mayResign && wouldResign >= 0;
        GameRecord game = new GameRecord(gameId, seed, rules.spec(), moves.toString(), winner, reason,
                south, north, playedThrough ? wouldResign : -1, playedThrough ? wouldResignPly : -1, out.size(),
                simulations);
        pending.clear();
        return new Finished(game, out, flags == PositionRecord.RESIGNED, playedThrough);
    }
}
