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
    record Finished(SelfPlayRecord game, List<PositionRecord> positions, boolean resigned, boolean playedThrough) {
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
    /** The seed {@link #rng} was made from at the last suspension (continuous self-play); only read then. */
    private long rngSeed;
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
        seed = SelfPlaySeeds.game(runSeed, id);
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

    /**
     * Continuous self-play, at a generation's end: drops the tree (its values came from the network
     * about to be replaced) and starts the move in progress over, with the same kind of search
     * (full or fast) and a random stream reseeded from the game's own, so that {@link #snapshot}
     * can name the stream by one seed. A resumed run restores to exactly this point.
     */
    void suspend() {
        rngSeed = rng.nextLong();
        rng = new SplittableRandom(rngSeed);
        restartSearch();
    }

    private void restartSearch() {
        tree.reset(board, rng);
        SelfPlayConfig.PlayoutCap cap = cfg.playoutCap();
        tree.beginSearch(fullSearch ? cfg.simulations() : cap.fastSimulations(), fullSearch);
    }

    /** The game in flight as a checkpoint saves it; only right after {@link #suspend}. */
    InFlightGame snapshot() {
        int n = pending.size();
        int[] plies = new int[n];
        int[] policies = new int[n * rules.houses()];
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            Pending p = pending.get(i);
            plies[i] = p.ply;
            for (int m = 0; m < rules.houses(); m++) {
                policies[i * rules.houses() + m] = Float.floatToRawIntBits(p.policy[m]);
            }
            values[i] = Float.floatToRawIntBits(p.value);
        }
        return new InFlightGame(gameId, moves.toString(), rngSeed, fullSearch, mayResign, wouldResign,
                wouldResignPly, lowValues.clone(), simulations, plies, policies, values);
    }

    /**
     * Puts {@code g} back in this slot as {@link #snapshot} took it after {@link #suspend}: the
     * moves replayed from the start, the recorded positions re-encoded at their plies, the
     * stream reseeded and the move in progress searched from scratch.
     *
     * @throws IllegalArgumentException if the moves are not a legal game still going, or the
     *     recorded plies or policies do not fit it
     */
    void restore(InFlightGame g) {
        if (g.policies().length != g.plies().length * rules.houses()) {
            throw new IllegalArgumentException("game " + g.gameId() + ": " + g.policies().length + " policy entries for "
                    + g.plies().length + " positions of " + rules.houses() + " moves");
        }
        board.set(Position.start(rules));
        pending.clear();
        moves.setLength(0);
        int next = 0;
        for (int i = 0; i <= g.moves().length(); i++) {
            if (next < g.plies().length && g.plies()[next] == board.ply()) {
                float[] obs = new float[encoder.size()];
                encoder.encode(board, obs, 0);
                float[] policy = new float[rules.houses()];
                for (int m = 0; m < policy.length; m++) {
                    policy[m] = Float.intBitsToFloat(g.policies()[next * rules.houses() + m]);
                }
                pending.add(new Pending(board.ply(), board.toMove(), obs, board.legalMask(), policy,
                        Float.intBitsToFloat(g.values()[next])));
                next++;
            }
            if (i < g.moves().length()) {
                char c = g.moves().charAt(i);
                board.play(Moves.parse(board, c)); // IllegalMoveException (an IllegalArgumentException) names the ply
                moves.append(c);
            }
        }
        if (next < g.plies().length) {
            throw new IllegalArgumentException("game " + g.gameId() + ": recorded ply " + g.plies()[next]
                    + " is not a position of its " + g.moves().length() + " moves");
        }
        if (board.isOver() || board.ply() >= cfg.plyCap()) {
            throw new IllegalArgumentException("game " + g.gameId() + ": its moves end the game (ply " + board.ply()
                    + "), a game in flight is still going");
        }
        gameId = g.gameId();
        seed = SelfPlaySeeds.game(runSeed, gameId);
        lowValues[0] = g.lowValues()[0];
        lowValues[1] = g.lowValues()[1];
        mayResign = g.mayResign();
        wouldResign = g.wouldResign();
        wouldResignPly = g.wouldResignPly();
        simulations = g.simulations();
        fullSearch = g.fullSearch();
        rngSeed = g.rngSeed();
        rng = new SplittableRandom(rngSeed);
        active = true;
        restartSearch();
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
        SelfPlayRecord game = new SelfPlayRecord(gameId, seed, rules.spec(), moves.toString(), winner, reason,
                south, north, playedThrough ? wouldResign : -1, playedThrough ? wouldResignPly : -1, out.size(),
                simulations);
        pending.clear();
        return new Finished(game, out, flags == PositionRecord.RESIGNED, playedThrough);
    }
}
