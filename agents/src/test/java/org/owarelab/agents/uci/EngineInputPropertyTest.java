package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.owarelab.util.Inputs;
import org.owarelab.util.Texts;

/**
 * The UCI engine fed hostile input lines as a GUI (or anything on the other end of a pipe) might
 * send: it never dies, it still answers {@code isready}, and nothing it writes carries a raw
 * control character; a line it does not understand is answered with an {@code info string}.
 */
class EngineInputPropertyTest {
    private static final List<String> WORDS = List.of("uci", "isready", "ucinewgame", "setoption", "name", "value",
            "Seed", "position", "startpos", "fen", "moves", "go", "depth", "nodes", "movetime", "wtime", "btime",
            "infinite", "ponder", "stop", "ponderhit", "d", "debug", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "Ff", "-1", "0",
            "99999999999", "x");

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> words = Arbitraries.oneOf(Arbitraries.of(WORDS), Inputs.anyText(6)).list().ofMaxSize(6)
                .map(l -> String.join(" ", l));
        // Line breaks would split the line before the engine sees it; 'quit' would end the session.
        return Arbitraries.oneOf(Inputs.anyText(40), words)
                .map(s -> s.replace('\n', ' ').replace('\r', ' ').replace('\u0085', ' ').replace('\u2028', ' ')
                        .replace('\u2029', ' '))
                .filter(s -> !s.trim().toLowerCase(java.util.Locale.ROOT).startsWith("quit"));
    }

    @Property(tries = 100)
    void garbageLinesGetAnswersWithoutControlBytesAndTheEngineGoesOn(@ForAll("lines") String line) throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send(line);
            e.send("stop");
            List<String> replies = e.sync(); // fails if the engine died or stopped answering
            for (String r : replies) {
                assertTrue(Inputs.oneLine(r), () -> "raw control bytes in '" + Texts.escape(r) + "' for input '"
                        + Texts.escape(line) + "'");
            }
            String first = line.trim().split("\\s+")[0];
            if (!first.isEmpty() && !WORDS.contains(first)) {
                assertTrue(!replies.isEmpty() && replies.get(0).startsWith("info string "),
                        () -> "'" + Texts.escape(line) + "' got " + replies);
            }
        }
    }
}
