package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.puct.SearchOption;

/** Every UCI option the engine offers is the engine's own or a {@link SearchOption}, with its range and default. */
class UciSearchOptionsTest {
    private static final Pattern NAME = Pattern.compile("^option name (\\S+) type .*$");

    private static UciOptions options() {
        return new UciOptions(BuiltInAgents.registry(), "puct:sims=4", 1);
    }

    @Test
    void everyOfferedOptionIsTheEnginesOrHasATableEntry() {
        StringWriter w = new StringWriter();
        options().describe(new UciOutput(new PrintWriter(w, true)));
        List<String> offered = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String line : w.toString().split("\\R")) {
            Matcher m = NAME.matcher(line);
            assertTrue(m.matches(), line);
            offered.add(m.group(1));
            if (!UciOptions.ENGINE_OPTIONS.contains(m.group(1)) && SearchOption.byUciName(m.group(1)) == null) {
                missing.add(m.group(1));
            }
        }
        assertEquals(List.of(), missing, "UCI options without a SearchOption entry");
        for (SearchOption o : SearchOption.values()) {
            if (o.uciName() != null) {
                assertTrue(offered.contains(o.uciName()), o.uciName() + " is in the table but not offered");
            }
        }
        assertTrue(w.toString().contains("option name Threads type spin default 0 min 0 max " + SearchOption.MAX_THREADS),
                w.toString());
    }

    @Test
    void threadsGoIntoTheSpecAsTheTablesKeyAndOutOfRangeIsRefused() throws Exception {
        UciOptions o = options();
        UciOutput out = new UciOutput(new PrintWriter(new StringWriter(), true));
        assertTrue(o.apply(o.parse("setoption name Threads value 3", out)));
        assertEquals("puct:sims=4,threads=3", o.spec());
        UciInputException e = assertThrows(UciInputException.class,
                () -> o.parse("setoption name Threads value " + (SearchOption.MAX_THREADS + 1), out));
        assertEquals("setoption Threads: '257' is not a whole number 0..256", e.getMessage());
        assertTrue(o.apply(o.parse("setoption name Threads value 0", out)));
        assertEquals("puct:sims=4", o.spec());
    }
}
