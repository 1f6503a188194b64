package org.owarelab.agents.uci;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A deliberately broken UCI engine for the client tests, run as a subprocess:
 * {@code FakeEngine MODE} where MODE is
 * {@code illegal} (answers every go with {@code bestmove a}, North's move, with South to move at the start),
 * {@code die} (writes a line to stderr and exits with status 3 at go),
 * {@code silent} (never answers go, ignores stop),
 * {@code late} (answers go only after stop),
 * {@code mute} (never sends uciok).
 */
public final class FakeEngine {
    private FakeEngine() {
    }

    public static void main(String[] args) throws IOException {
        String mode = args.length > 0 ? args[0] : "illegal";
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        boolean searching = false;
        String line;
        while ((line = in.readLine()) != null) {
            String cmd = line.trim();
            if (cmd.equals("uci") && !mode.equals("mute")) {
                reply("id name Fake " + mode);
                reply("uciok");
            } else if (cmd.equals("isready")) {
                reply("readyok");
            } else if (cmd.startsWith("go")) {
                switch (mode) {
                    case "illegal" -> reply("bestmove a");
                    case "die" -> {
                        System.err.println("fake engine: dying on purpose");
                        System.err.flush();
                        System.exit(3);
                    }
                    default -> searching = true;
                }
            } else if (cmd.equals("stop") && searching && mode.equals("late")) {
                searching = false;
                reply("bestmove A");
            } else if (cmd.equals("quit")) {
                return;
            }
        }
    }

    private static void reply(String s) {
        System.out.println(s);
        System.out.flush();
    }
}
