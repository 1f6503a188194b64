package org.owarelab.training.loop;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.selfplay.InFlightGame;
import org.owarelab.training.selfplay.SelfPlayWorker;
import org.owarelab.util.AtomicFiles;
import org.owarelab.util.Texts;

/**
 * The games in flight of continuous self-play at a resume point: {@code RUN/inflight-gG.json}
 * (format {@value #FORMAT}), written with generation G's checkpoint and replay file, before
 * {@code state.json} names that generation, and deleted with them once a later resume point is
 * committed. One entry per self-play worker, in worker order, each with its next game id and per
 * slot the game in flight (null: an idle slot); see {@link InFlightGame}.
 *
 * <p>Reading checks everything a resumed run relies on before the run writes anything: the format,
 * the generation (the resume point's), the rules, the worker layout ({@code loop.workers} x
 * {@code selfplay.parallelGames}) and that every game's moves are a legal game still going with
 * its records at its own plies. Any mismatch is an {@link InFlightFormatException} naming the
 * file and what was expected.
 *
 * @param format {@value #FORMAT}
 * @param generation the generation whose end the games were taken at (the resume point's)
 * @param rules the rules' spec
 * @param parallelGames slots per worker
 * @param workers per worker, its state
 */
record InFlightFile(int format, int generation, String rules, int parallelGames,
        List<SelfPlayWorker.WorkerState> workers) {
    static final int FORMAT = 1;

    private static final ObjectMapper JSON = Mappers.jsonBuilder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .build();

    /** The file of resume point {@code generation} in {@code run}. */
    static Path path(RunDirectory run, int generation) {
        return run.root().resolve(name(generation));
    }

    static String name(int generation) {
        return "inflight-g" + generation + ".json";
    }

    /** Writes this file atomically (temp file + rename) to {@link #path}. */
    void write(RunDirectory run) throws IOException {
        AtomicFiles.write(path(run, generation), JSON.writeValueAsBytes(this));
    }

    /**
     * Reads the file of resume point {@code state} and checks it against {@code cfg}.
     *
     * @throws InFlightFormatException if it is missing, unreadable or does not fit
     */
    static InFlightFile read(RunDirectory run, TrainState state, TrainConfig cfg) throws IOException {
        Path file = path(run, state.generation());
        if (!Files.isRegularFile(file)) {
            throw new InFlightFormatException(file, "missing; a run with selfplay.continuous=true saves its games in "
                    + "flight with every checkpoint, and state.json's resume point is generation "
                    + state.generation() + " (deleted by hand? a run made without continuous self-play resumes with "
                    + "--set selfplay.continuous=false)");
        }
        InFlightFile f;
        try {
            f = JSON.readValue(file.toFile(), InFlightFile.class);
        } catch (IOException | RuntimeException e) {
            throw new InFlightFormatException(file, "unreadable (" + Texts.jsonProblem(e.getMessage())
                    + "); expected a format " + FORMAT + " games-in-flight file", e);
        }
        if (f == null || f.workers() == null) {
            throw new InFlightFormatException(file, "empty; expected a format " + FORMAT + " games-in-flight file");
        }
        if (f.format() != FORMAT) {
            throw new InFlightFormatException(file, "format " + f.format() + ", this build reads format " + FORMAT);
        }
        if (f.generation() != state.generation()) {
            throw new InFlightFormatException(file, "saved at generation " + f.generation() + ", expected generation "
                    + state.generation() + " (state.json's resume point)");
        }
        if (!f.rules().equals(cfg.rules())) {
            throw new InFlightFormatException(file, "games of rules '" + f.rules() + "', the run's are '" + cfg.rules() + "'");
        }
        int workers = cfg.loop().workers();
        int slots = cfg.selfplay().parallelGames();
        if (f.workers().size() != workers || f.parallelGames() != slots) {
            throw new InFlightFormatException(file, f.workers().size() + " workers x " + f.parallelGames()
                    + " slots saved, expected " + workers + " x " + slots + " (loop.workers x selfplay.parallelGames: "
                    + "the games in flight keep their worker and slot, so a resumed run keeps both)");
        }
        RuleSet rules = cfg.ruleSet();
        for (int w = 0; w < workers; w++) {
            SelfPlayWorker.WorkerState ws = f.workers().get(w);
            if (ws == null || ws.slots().size() != slots) {
                throw new InFlightFormatException(file, "worker " + w + ": " + (ws == null ? "missing" : ws.slots().size()
                        + " slots") + ", expected " + slots + " slots");
            }
            for (int i = 0; i < slots; i++) {
                InFlightGame g = ws.slots().get(i);
                String problem = g == null ? null : problem(g, rules, cfg.selfplay().plyCap());
                if (problem != null) {
                    throw new InFlightFormatException(file, "worker " + w + ", slot " + i + ", game " + g.gameId()
                            + ": " + problem);
                }
            }
        }
        return f;
    }

    /** What is wrong with game {@code g} (null: nothing): moves not legal or the game over, records off its plies. */
    private static String problem(InFlightGame g, RuleSet rules, int plyCap) {
        if (g.policies().length != g.plies().length * rules.houses()) {
            return g.policies().length + " policy entries for " + g.plies().length + " positions of " + rules.houses()
                    + " moves";
        }
        Board b = new Board(rules);
        b.set(Position.start(rules));
        try {
            Moves.playAll(b, g.moves());
        } catch (IllegalArgumentException e) {
            return "moves '" + g.moves() + "' are not a legal game: " + e.getMessage();
        }
        if (b.isOver() || b.ply() >= plyCap) {
            return "its moves end the game at ply " + b.ply() + " (over or at selfplay.plyCap=" + plyCap
                    + "); a game in flight is still going";
        }
        int[] plies = g.plies();
        if (plies.length > 0 && (plies[0] < 0 || plies[plies.length - 1] >= b.ply())) {
            return "recorded plies " + plies[0] + ".." + plies[plies.length - 1] + " outside the game's 0.." + (b.ply() - 1);
        }
        return null;
    }
}
