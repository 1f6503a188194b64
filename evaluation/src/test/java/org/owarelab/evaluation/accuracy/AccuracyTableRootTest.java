package org.owarelab.evaluation.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

/**
 * The accuracy measurement reaches the table's answer at the root: with a table, alpha-beta's
 * judged positions are answered unsearched (no node) except where the table has no distance,
 * and with {@code table-root=false} every one is searched, so the two rows measure different
 * things.
 */
class AccuracyTableRootTest {
    @TempDir
    static Path dir;

    /** An agent that counts the decisions made without a node searched. */
    private static final class Counting implements Agent {
        final Agent inner;
        final AtomicInteger unsearched = new AtomicInteger();
        final AtomicInteger all = new AtomicInteger();
        /** Judged positions where the table has an exact share and a distance. */
        final AtomicInteger known = new AtomicInteger();
        final EndgameTable table;

        Counting(Agent inner, EndgameTable table) {
            this.inner = inner;
            this.table = table;
        }

        @Override
        public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
            Decision d = inner.decide(board, limit, monitor);
            all.incrementAndGet();
            if (table.lo(board) == table.hi(board) && table.distance(board) != EndgameTable.NO_DISTANCE) {
                known.incrementAndGet();
            }
            if (d.nodes() == 0) {
                unsearched.incrementAndGet();
            }
            return d;
        }

        @Override
        public void reset(long seed) {
            inner.reset(seed);
        }

        @Override
        public String spec() {
            return inner.spec();
        }
    }

    @Test
    void judgedPositionsArePlayedFromTheTableUnlessTableRootIsOff() throws IOException {
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 7, 2, line -> { }).build();
        Path file = dir.resolve("t7.owtb");
        table.save(file);
        var registry = BuiltInAgents.registry();
        Counting on = new Counting(registry.create("alphabeta:depth=2,tables=" + file, RuleSet.DEFAULT, 1), table);
        Counting off = new Counting(registry.create("alphabeta:depth=2,table-root=false,tables=" + file,
                RuleSet.DEFAULT, 1), table);
        List<Accuracy.Row> rowsOn = Accuracy.run(table, on, SearchLimit.NONE, 3, 7, 40, 2, line -> { });
        List<Accuracy.Row> rowsOff = Accuracy.run(table, off, SearchLimit.NONE, 3, 7, 40, 2, line -> { });
        assertEquals(200, on.all.get());
        assertEquals(on.known.get(), on.unsearched.get(), "every judged position with a distance is answered from the table");
        assertTrue(on.known.get() > 100, on.known + " of 200 with a distance");
        assertEquals(0, off.unsearched.get(), "table-root=false searches them all");
        int optimal = rowsOn.stream().mapToInt(Accuracy.Row::optimal).sum();
        assertTrue(optimal >= on.unsearched.get(), "every answer from the table is optimal: " + optimal + " optimal");
        assertEquals(rowsOn.size(), rowsOff.size());
    }
}
