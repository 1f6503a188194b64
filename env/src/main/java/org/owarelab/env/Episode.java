package org.owarelab.env;

import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RulesException;
import org.owarelab.rules.Side;

/**
 * One episode's state and the step logic shared by {@link OwareEnv} and {@link VectorEnv}: plays
 * the action through the rules' {@link Board}, then applies the ply cap, the truncation rule and
 * the reward mode. Results of the last step are left in fields for the caller to copy out, so a
 * step allocates nothing. Not thread-safe.
 */
final class Episode {
    private static final int NOT_STARTED = 0;
    private static final int RUNNING = 1;
    private static final int DONE = 2;
    /** Tries at a random opening before giving up (only tiny boards end games that fast). */
    private static final int OPENING_TRIES = 1000;

    final EnvConfig config;
    final Board board;
    private final Position start;
    private final int houses;
    private final float invTotal;
    private final boolean margin;
    private final SeedStream random = new SeedStream();

    private int status = NOT_STARTED;
    private long seed;
    /** South's store minus North's at the reset position (the base of the margin return). */
    private int marginAtReset;

    // Results of the last reset or step.
    float southReward;
    float northReward;
    boolean terminated;
    boolean truncated;
    int southScore;
    int northScore;
    int captured;

    Episode(EnvConfig config) {
        this.config = config;
        this.start = Position.start(config.rules());
        this.board = new Board(start);
        this.houses = config.rules().houses();
        this.invTotal = 1f / config.rules().totalSeeds();
        this.margin = config.reward() == RewardMode.MARGIN;
    }

    /** A new episode from the start position after {@link EnvConfig#openingPlies()} random plies drawn from {@code seed}. */
    void reset(long seed) {
        this.seed = seed;
        random.seed(seed);
        int plies = config.openingPlies();
        for (int attempt = 0;; attempt++) {
            board.set(start);
            for (int k = 0; k < plies && !board.isOver(); k++) {
                board.play(random.pick(board.legalMask()));
            }
            if (!board.isOver()) {
                break;
            }
            if (attempt == OPENING_TRIES) {
                throw new EnvConfigException("opening=" + plies + ": no random opening of " + plies
                        + " plies that leaves the game open in " + OPENING_TRIES + " tries under rules "
                        + config.rules() + " (lower the opening)");
            }
        }
        started();
    }

    /** A new episode from {@code position} exactly (no random opening). */
    void reset(Position position, long seed) {
        if (!position.rules().equals(config.rules())) {
            throw new RulesException("reset: position for rules " + position.rules() + " in an environment for rules "
                    + config.rules());
        }
        board.set(position);
        if (board.isOver()) {
            throw new RulesException("reset: position '" + position.text() + "' is already over ("
                    + board.endReason() + "): an episode needs a legal move");
        }
        this.seed = seed;
        random.seed(seed);
        started();
    }

    private void started() {
        status = RUNNING;
        marginAtReset = board.store(Side.SOUTH) - board.store(Side.NORTH);
        southReward = 0f;
        northReward = 0f;
        terminated = false;
        truncated = false;
        southScore = board.store(Side.SOUTH);
        northScore = board.store(Side.NORTH);
        captured = 0;
    }

    /**
     * Plays {@code action} for the side to move.
     *
     * @throws IllegalActionException if the action is not legal
     * @throws IllegalStateException before the first reset and once the episode is over
     */
    void step(int action) {
        if (status != RUNNING) {
            throw notRunning();
        }
        int mask = board.legalMask();
        if (action < 0 || action >= houses || (mask >>> action & 1) == 0) {
            throw new IllegalActionException("", action, mask, board.toMove(), houses, board.ply());
        }
        play(action);
    }

    /** {@link #step} for an action the caller has checked: running, and legal in the mask. */
    void play(int action) {
        final Board b = board;
        int before = b.store(Side.SOUTH) - b.store(Side.NORTH);
        b.play(action);
        captured = b.lastCaptured();
        float r;
        if (b.isOver()) {
            terminated = true;
            status = DONE;
            southScore = b.finalStore(Side.SOUTH);
            northScore = b.finalStore(Side.NORTH);
            r = margin ? (southScore - northScore - before) * invTotal : Integer.signum(southScore - northScore);
        } else if (b.ply() >= config.plyCap()) {
            truncated = true;
            status = DONE;
            r = truncate(before);
        } else {
            southScore = b.store(Side.SOUTH);
            northScore = b.store(Side.NORTH);
            r = margin ? (southScore - northScore - before) * invTotal : 0f;
        }
        southReward = r;
        northReward = 0f - r; // not -r: a zero reward stays +0.0 for both
    }

    /** Scores a truncated episode by the configured rule; returns South's reward for the last step. */
    private float truncate(int before) {
        final TruncationRule rule = config.truncation();
        southScore = rule.score(board, Side.SOUTH);
        northScore = rule.score(board, Side.NORTH);
        if (margin) {
            // Under DRAW the episode pays no net seed margin: the last step takes back what it gained.
            return rule == TruncationRule.DRAW ? (marginAtReset - before) * invTotal
                    : (southScore - northScore - before) * invTotal;
        }
        return rule.result(board, Side.SOUTH);
    }

    private IllegalStateException notRunning() {
        if (status == NOT_STARTED) {
            return new IllegalStateException("step before reset: call reset(seed) first");
        }
        String how = terminated ? "terminated (" + board.endReason() + ")" : "truncated at the ply cap " + config.plyCap();
        return new IllegalStateException("step after the episode ended: it " + how + " at ply " + board.ply()
                + "; call reset(seed) first");
    }

    boolean isRunning() {
        return status == RUNNING;
    }

    boolean isDone() {
        return status == DONE;
    }

    /** The legal mask of the episode: the board's while it runs, 0 once it is over (truncation included). */
    int legalMask() {
        return status == RUNNING ? board.legalMask() : 0;
    }

    /** The seed of the current episode's reset. */
    long seed() {
        return seed;
    }

    StepInfo info() {
        return new StepInfo(board.store(Side.SOUTH), board.store(Side.NORTH), southScore, northScore, board.ply(),
                board.endReason(), captured);
    }
}
