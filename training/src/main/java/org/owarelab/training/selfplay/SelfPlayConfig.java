package org.owarelab.training.selfplay;

import org.owarelab.agents.puct.PuctConfig;
import org.owarelab.agents.puct.Temperature;
import org.owarelab.env.TruncationRule;

/**
 * How one self-play worker plays. Immutable; validated on construction (an
 * {@link IllegalArgumentException} names the field).
 *
 * @param parallelGames games a worker advances in lock-step (its batch is about this times
 *     {@code leavesPerGame})
 * @param leavesPerGame leaves per game per step; above 1 uses virtual loss inside each tree
 * @param simulations simulations of a full search (the ones that are recorded); YAML also takes
 *     {@code sims}, as specs do ({@code SearchOption.SIMULATIONS})
 * @param playoutCap playout cap randomisation (KataGo): cheap unrecorded searches in between
 * @param temperature move choice by ply (e.g. 1 for the first plies, then 0); not used with
 *     Gumbel root selection, whose Gumbel noise does the sampling
 * @param search the PUCT settings, root noise included (noise applies to full searches only)
 * @param resign resignation, with a share of games played out to measure false positives
 * @param plyCap a game still going at this ply is stopped and scored by {@link #TRUNCATION}
 * @param solver the MCTS-solver in every search ({@code Tree#solver}): proven results propagate,
 *     a proven win is played and proven losses are not, a proven root ends the search early
 * @param tables an endgame table file ({@code oware tables build}) for the rules trained, or null
 *     (YAML: absent or empty) for none: positions it decides are terminal in every search, valued
 *     by the table's win, draw or loss instead of the network (with {@code solver}, their proofs
 *     propagate too). The recorded games still end by the rules; only the searches change.
 * @param continuous continuous self-play in the training loop (KataGo's): every slot stays busy
 *     across generations; the games still in flight when a generation has its games carry over
 *     and go on with the next network (their trees dropped), and each checkpoint saves them. False
 *     (the built-in default): each generation plays its own games to the end. Only the loop reads
 *     it ({@code SelfPlayWorker} plays either way, as called)
 */
public record SelfPlayConfig(int parallelGames, int leavesPerGame, int simulations, PlayoutCap playoutCap,
        Temperature temperature, PuctConfig search, Resign resign, int plyCap, boolean solver, String tables,
        boolean continuous) {

    /**
     * How a self-play game stopped at the ply cap is scored: a draw (value target 0; the margin
     * target is the stores' difference). A deliberate convention, unlike the own-side gathering
     * of matches: a game that long taught no winner, and the seeds still on the board would be a
     * guess at one.
     */
    public static final TruncationRule TRUNCATION = TruncationRule.DRAW;

    /** 64 games per worker, 200 simulations, no cap, temperature 1 for 12 plies, Dirichlet(1.0) x 0.25, no resignation, 400 plies. */
    public static final SelfPlayConfig DEFAULT = new SelfPlayConfig(64, 1, 200, PlayoutCap.OFF,
            new Temperature(1.0, 12, 0.0), PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(1.0, 0.25)),
            Resign.OFF, 400, false, null, false);

    public SelfPlayConfig {
        tables = tables == null || tables.isBlank() ? null : tables.trim();
        if (parallelGames < 1 || parallelGames > 65_536) {
            throw new IllegalArgumentException("parallelGames=" + parallelGames + ": expected 1..65536");
        }
        if (leavesPerGame < 1 || leavesPerGame > 64) {
            throw new IllegalArgumentException("leavesPerGame=" + leavesPerGame + ": expected 1..64");
        }
        if (simulations < 1 || simulations > 1_000_000) {
            throw new IllegalArgumentException("simulations=" + simulations + ": expected 1..1000000");
        }
        if (plyCap < 1 || plyCap > 100_000) {
            throw new IllegalArgumentException("plyCap=" + plyCap + ": expected 1..100000");
        }
        if (playoutCap == null || temperature == null || search == null || resign == null) {
            throw new IllegalArgumentException("playoutCap, temperature, search and resign must be given");
        }
        if (playoutCap.fastSimulations() > simulations) {
            throw new IllegalArgumentException("playoutCap.fastSimulations=" + playoutCap.fastSimulations()
                    + " exceeds simulations=" + simulations);
        }
    }

    public SelfPlayConfig withGames(int games, int leaves) {
        return new SelfPlayConfig(games, leaves, simulations, playoutCap, temperature, search, resign, plyCap,
                solver, tables, continuous);
    }

    public SelfPlayConfig withSimulations(int sims) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, sims, playoutCap, temperature, search, resign,
                plyCap, solver, tables, continuous);
    }

    public SelfPlayConfig withPlayoutCap(PlayoutCap cap) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, cap, temperature, search, resign,
                plyCap, solver, tables, continuous);
    }

    public SelfPlayConfig withTemperature(Temperature t) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, t, search, resign, plyCap,
                solver, tables, continuous);
    }

    public SelfPlayConfig withSearch(PuctConfig s) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, temperature, s, resign,
                plyCap, solver, tables, continuous);
    }

    public SelfPlayConfig withResign(Resign r) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, temperature, search, r,
                plyCap, solver, tables, continuous);
    }

    public SelfPlayConfig withSolver(boolean on) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, temperature, search, resign,
                plyCap, on, tables, continuous);
    }

    /** The same with endgame tables in every search ({@code null}: none). */
    public SelfPlayConfig withTables(String file) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, temperature, search, resign,
                plyCap,
                solver, file, continuous);
    }

    /** The same with continuous self-play on or off (see {@code continuous}). */
    public SelfPlayConfig withContinuous(boolean on) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, temperature, search, resign,
                plyCap, solver, tables, on);
    }

    public SelfPlayConfig withPlyCap(int cap) {
        return new SelfPlayConfig(parallelGames, leavesPerGame, simulations, playoutCap, temperature, search, resign,
                cap, solver, tables, continuous);
    }

    /**
     * Playout cap randomisation (Wu, 2019): each move is a full search with probability
     * {@code fullProbability} (exploring, recorded) or else a fast search of
     * {@code fastSimulations} (no noise, not recorded).
     */
    public record PlayoutCap(double fullProbability, int fastSimulations) {
        /** Every move a full, recorded search. */
        public static final PlayoutCap OFF = new PlayoutCap(1.0, 1);

        public PlayoutCap {
            if (!(fullProbability > 0 && fullProbability <= 1)) {
                throw new IllegalArgumentException("playoutCap.fullProbability=" + fullProbability + ": expected (0, 1]");
            }
            if (fastSimulations < 1) {
                throw new IllegalArgumentException("playoutCap.fastSimulations=" + fastSimulations + ": expected >= 1");
            }
        }

        /**
         * {@code P,FAST} ({@code oware bench selfplay --playout-cap}): a probability in (0, 1] and a
         * simulation count, at most {@code simulations}.
         *
         * @throws IllegalArgumentException saying what is wrong (the command prefixes its option)
         */
        public static PlayoutCap parse(String text, int simulations) {
            String[] parts = text.split(",", -1);
            PlayoutCap cap;
            try {
                if (parts.length != 2) {
                    throw new NumberFormatException();
                }
                cap = new PlayoutCap(Double.parseDouble(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected P,FAST, a probability in (0, 1] and a simulation count, "
                        + "e.g. 0.25,40");
            }
            if (cap.fastSimulations() > simulations) {
                throw new IllegalArgumentException("FAST (" + cap.fastSimulations() + ") must be at most --sims ("
                        + simulations + ")");
            }
            return cap;
        }
    }

    /**
     * Resignation: the side to move resigns when its root value stays below {@code threshold}
     * for {@code consecutive} of its own moves in a row. In a share {@code playThrough} of the
     * games (drawn per game) nobody resigns; those games tell whether the side that would have
     * resigned went on to lose (if not, a false positive).
     */
    public record Resign(boolean enabled, double threshold, int consecutive, double playThrough) {
        public static final Resign OFF = new Resign(false, -0.95, 2, 0.1);

        public Resign {
            if (!(threshold > -1 && threshold < 1)) {
                throw new IllegalArgumentException("resign.threshold=" + threshold + ": expected in (-1, 1)");
            }
            if (consecutive < 1) {
                throw new IllegalArgumentException("resign.consecutive=" + consecutive + ": expected >= 1");
            }
            if (!(playThrough >= 0 && playThrough <= 1)) {
                throw new IllegalArgumentException("resign.playThrough=" + playThrough + ": expected 0..1");
            }
        }
    }
}
