package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.agents.puct.StrengthLevels;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.env.Encoders;
import org.owarelab.model.ModelAgents;
import org.owarelab.model.ModelRef;
import org.owarelab.model.Players;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The player shipped in {@code players/strong} (see players/README.md) still loads and still
 * plays well: as the agent spec {@code strong} (DJL, the spec every command takes) it beats
 * {@code alphabeta:depth=3}, and exported, its ONNX engine beats it too. A change to the encoder,
 * the rules, the checkpoint or ONNX format that would orphan it fails here. Seeded and at a fixed
 * simulation count, so the result is the same on every machine. The surefire configuration sets
 * {@code oware.home} to the checkout.
 */
class StrongPlayerTest {
    private static final int GAMES = 20;
    private static final int SIMS = 100;
    private static final double MIN_SCORE = 0.6;

    @Test
    void theShippedPlayerBeatsAlphaBetaDepthThree() {
        try (AgentRegistry agents = ModelAgents.registry()) {
            double score = score(agents, "strong:sims=" + SIMS, 1);
            assertTrue(score >= MIN_SCORE, "strong scored " + score + " against alphabeta:depth=3 over " + GAMES
                    + " games (expected at least " + MIN_SCORE + ")");
        }
    }

    /** players/strong/levels.json loads: strong:elo=N plays the nearest level, a bad Elo names the file's range. */
    @Test
    void theShippedLevelsLoadAndAnEloPlaysTheNearestLevel() throws IOException {
        StrengthLevels file = LevelsFile.read(Players.checkpoint("strong").resolve(LevelsFile.FILE)).levels();
        try (AgentRegistry agents = ModelAgents.registry()) {
            assertEquals(file, agents.levels("strong"));
            StrengthLevels.Level oneSim = file.levels().stream().filter(l -> l.simulations() == 1 && l.temperature() == 0)
                    .findFirst().orElseThrow();
            try (Agent a = agents.create("strong:elo=" + oneSim.elo(), RuleSet.DEFAULT, 1)) {
                assertEquals(1, a.decide(new Board()).nodes(), "the level of the policy's best move searches one simulation");
            }
            AgentSpecException e = assertThrows(AgentSpecException.class,
                    () -> agents.create("strong:elo=" + (file.maxElo() + 1), RuleSet.DEFAULT, 1));
            assertTrue(e.getMessage().contains("expected an Elo in " + file.minElo() + ".." + file.maxElo())
                    && e.getMessage().contains("players/strong/levels.json"), e.getMessage());
        }
    }

    @Test
    void theShippedPlayerExportedPlaysAsWellWithOnnxRuntime(@TempDir Path tmp) throws IOException {
        Path checkpoint = Players.checkpoint("strong");
        Path out = BundleWriter.write(new BundleWriter.Options(checkpoint, tmp.resolve("strong"),
                SearchSettings.of(SIMS, null), "strong", "linux-x64"));
        assertTrue(Files.size(out.resolve(BundleWriter.ONNX)) < 4_000_000, "a few MB at most");
        assertEquals(LevelsFile.read(checkpoint.resolve(LevelsFile.FILE)), BundleCard.read(out).levels(),
                "the bundle's card carries the shipped levels");
        ModelRef ref = ModelRef.of(out.resolve(BundleWriter.CHECKPOINT));
        RuleSet rules = ref.rules();
        assertEquals(RuleSet.DEFAULT, rules);
        OnnxModel onnx = OnnxModel.of(out.resolve(BundleWriter.ONNX), Encoders.create(ref.encoderTag(), rules),
                OnnxSettings.defaults());
        try (AgentRegistry agents = BuiltInAgents.registry().with(PuctAgent.factory("exported", onnx, SIMS))) {
            double score = score(agents, "exported", 1);
            assertTrue(score >= MIN_SCORE, "the exported strong scored " + score + " (expected at least " + MIN_SCORE + ")");
        }
    }

    /**
     * The score of {@code spec} against {@code alphabeta:depth=3} over {@link #GAMES} games: pairs
     * from seeded 2-ply random openings, each opening played with both colours.
     */
    static double score(AgentRegistry agents, String spec, long seed) {
        RuleSet rules = RuleSet.DEFAULT;
        SplittableRandom random = new SplittableRandom(seed);
        double points = 0;
        try (Agent player = agents.create(spec, rules, seed); Agent ab = agents.create("alphabeta:depth=3", rules, seed)) {
            Board opening = null;
            for (int game = 0; game < GAMES; game++) {
                if (game % 2 == 0) {
                    opening = new Board(rules);
                    for (int ply = 0; ply < 2; ply++) {
                        int mask = opening.legalMask();
                        int pick = random.nextInt(Integer.bitCount(mask));
                        int m = mask;
                        while (pick-- > 0) {
                            m &= m - 1;
                        }
                        opening.play(Integer.numberOfTrailingZeros(m));
                    }
                }
                Board board = opening.copy();
                int playerSide = game % 2; // which side (0: the side to move after the opening) the player takes
                player.reset(seed + game);
                ab.reset(seed + game);
                int mover = 0;
                for (int ply = 0; ply < 400 && !board.isOver(); ply++, mover ^= 1) {
                    Agent a = mover == playerSide ? player : ab;
                    int move = a.decide(board.copy()).move();
                    board.play(move);
                    player.played(board.copy(), move);
                    ab.played(board.copy(), move);
                }
                points += outcome(board, opening, playerSide);
            }
        }
        System.out.printf("%s vs alphabeta:depth=3: %.2f over %d games%n", spec, points / GAMES, GAMES);
        return points / GAMES;
    }

    /**
     * 1, 0.5 or 0 for the player, who took side {@code playerSide} of those to move after
     * {@code opening}; a game still on at the ply cap is scored by the stores.
     */
    private static double outcome(Board end, Board opening, int playerSide) {
        int player = playerSide == 0 ? opening.toMove() : 1 - opening.toMove();
        int margin = end.isOver() ? (end.winner() == -1 ? 0 : end.winner() == player ? 1 : -1)
                : end.store(player) - end.store(1 - player);
        return margin > 0 ? 1 : margin == 0 ? 0.5 : 0;
    }
}
