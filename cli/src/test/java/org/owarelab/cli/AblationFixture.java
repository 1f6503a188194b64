package org.owarelab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A hand-made ablation directory in the output schema of {@code oware ablate} (results.csv,
 * curves.csv, plan.json, ablation.yaml), for the ablation notebook's test until the runner itself
 * can produce one in the test. Two variants of one axis, two seeds, one missing rating.
 */
final class AblationFixture {
    private AblationFixture() {
    }

    static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("ablation.yaml"), "base: tiny\ngrid:\n  network.aux: [true, false]\nseeds: [1, 2]\n");
        Files.writeString(dir.resolve("plan.json"), """
                {"format": 1, "base": "tiny", "axes": ["network.aux"], "seeds": [1, 2], "variants": [
                  {"name": "aux=true", "axes": {"network.aux": "true"}, "overrides": ["network.aux=true"]},
                  {"name": "aux=false", "axes": {"network.aux": "false"}, "overrides": ["network.aux=false"]}]}
                """);
        Files.writeString(dir.resolve("results.csv"), """
                variant,seed,elo,elo_lo,elo_hi,wall_s,positions,learner_steps,axis:network.aux,score:random,score:greedy
                aux=true,1,12.5,-80.1,105.2,3.2,640,10,true,0.75,0.5
                aux=true,2,30,-60,120,3.1,650,10,true,1,0.5
                aux=false,1,-10,-100,80,2.9,630,10,false,0.5,0.25
                aux=false,2,-32.5,-120,55,3,640,10,false,0.5,0
                """);
        Files.writeString(dir.resolve("curves.csv"), """
                variant,seed,generation,wall_s,positions,learner_steps,elo,elo_lo,elo_hi
                aux=true,1,1,1.5,320,5,0,-90,90
                aux=true,1,2,3.2,640,10,12.5,-80.1,105.2
                aux=true,2,1,1.4,330,5,5,-85,95
                aux=true,2,2,3.1,650,10,30,-60,120
                aux=false,1,1,1.4,310,5,,,
                aux=false,1,2,2.9,630,10,-10,-100,80
                aux=false,2,1,1.5,320,5,-20,-110,70
                aux=false,2,2,3,640,10,-32.5,-120,55
                """);
        return dir;
    }
}
