package org.owarelab.training.selfplay;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.agents.puct.Tree;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;

/**
 * One game in a worker's lock-step: its board, its tree and its generator (seeded from the
 * game id only), the positions recorded so far and the resignation state. Everything random in
 * the game (noise, temperature, playout cap, play-through draw) comes from its generator, in a
 * fixed order, so the game does not depend on what else is in the batch.
 */
final class GameSlot {
    private record Pending(int ply, int side, float[] observation, int mask, float[] policy, float value) {
    }

    private final SelfPlayWorker w;
    final Tree tree;
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

    GameSlot(SelfPlayWorker w, Tree tree) {
        this.w = w;
        this.tree = tree;
        this.board = new Board(w.rules);
    }

    boolean active() {
        return active;
    }

    /** Starts game {@code id} and its first search. */
    void start(long id) {
        gameId = id;
        seed = Seeds.game(w.runSeed, id);
        rng = new SplittableRandom(seed);
        board.set(Position.start(w.rules));
        pending.clear();
        moves.setLength(0);
        lowValues[0] = 0;
        lowValues[1] = 0;
        SelfPlayConfig.Resign r = w.cfg.resign();
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
        SelfPlayConfig.PlayoutCap cap = w.cfg.playoutCap();
        fullSearch = cap.fullProbability() >= 1 || rng.nextDouble() < cap.fullProbability();
        tree.beginSearch(fullSearch ? w.cfg.simulations() : cap.fastSimulations(), fullSearch);
    }

    /**
     * After the search: records the position (full searches), checks resignation, plays the
     * chosen move, and either begins the next search or ends the game (returned, else null).
     */
    GameRecord finishMove() {
        int side = board.toMove();
        int ply = board.ply();
        simulations += tree.simulations();
        w.moves++;
        w.simulations += tree.simulations();
        float value = (float) tree.rootValue();
        if (fullSearch) {
            float[] obs = new float[w.encoder.size()];
            w.encoder.encode(board, obs, 0);
            float[] policy = new float[w.rules.houses()];
            tree.policy(policy);
            pending.add(new Pending(ply, side, obs, board.legalMask(), policy, value));
        }
        SelfPlayConfig.Resign r = w.cfg.resign();
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
        int move = tree.chooseMove(w.cfg.temperature().at(ply));
        moves.append(Moves.letter(side, move));
        board.play(move);
        if (board.isOver()) {
            return end(board.endReason().text(), board.winner(), 0);
        }
        if (board.ply() >= w.cfg.plyCap()) {
            return end("ply-cap", SelfPlayConfig.TRUNCATION.winner(board), PositionRecord.PLY_CAPPED);
        }
        tree.advance(move);
        beginSearch();
        return null;
    }

    private GameRecord end(String reason, int winner, int flags) {
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
        boolean playedThrough = w.cfg.resign().enabled() && !mayResign && wouldResign >= 0;
        GameRecord game = new GameRecord(gameId, seed, w.rules.spec(), moves.toString(), winner, reason,
                south, north, playedThrough ? wouldResign : -1, playedThrough ? wouldResignPly : -1, out.size(),
                simulations);
        w.finished(game, out, flags == PositionRecord.RESIGNED, playedThrough);
        pending.clear();
        return game;
    }
}
