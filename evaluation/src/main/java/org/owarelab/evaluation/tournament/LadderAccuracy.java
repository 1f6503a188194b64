package org.owarelab.evaluation.tournament;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.report.Csv;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.util.AtomicFiles;

/**
 * A ladder's checkpoints against perfect play ({@code oware ladder --tables}): each checkpoint's
 * {@link Accuracy}, pooled over 2 up to the table's seeds, joined with its Elo from the ladder's
 * ratings, and written to {@value #FILE} in the ladder's directory, one row per checkpoint:
 * <pre>
 * checkpoint,step,elo,elo_lo,elo_hi,positions,optimal,optimal_lo,optimal_hi,outcome,outcome_lo,outcome_hi,seed_loss,seed_loss_lo,seed_loss_hi
 * </pre>
 * Elo with 1 decimal (empty for a checkpoint the ratings lack), rates and the seed loss with 4.
 * The agents are built one at a time and closed after their positions.
 */
public final class LadderAccuracy {
    /** The file's name in the ladder's directory. */
    public static final String FILE = "accuracy.csv";

    private static final String HEADER = Csv.line("checkpoint", "step", "elo", "elo_lo", "elo_hi", "positions",
            "optimal", "optimal_lo", "optimal_hi", "outcome", "outcome_lo", "outcome_hi", "seed_loss", "seed_loss_lo",
            "seed_loss_hi");

    private LadderAccuracy() {
    }

    /**
     * One checkpoint's row.
     *
     * @param label its directory name, under its run's name ({@code run/name}) when the ladder has several runs
     * @param step its training step
     * @param elo its rating in the ladder, or null when the ratings have none
     * @param accuracy its accuracy pooled over the seed counts
     */
    public record Entry(String label, long step, Rating elo, Accuracy.Row accuracy) {
    }

    /** The seed counts measured: 2 (or fewer, for a smaller table) up to the table's. */
    public static int fromSeeds(EndgameTable table) {
        return Math.min(2, table.maxSeeds());
    }

    /**
     * Measures every checkpoint of {@code ladder} in its order, {@code positions} positions per seed
     * count, each agent built from {@code agents} with {@code seed}.
     *
     * @param ratings the ladder's ratings, the players named by their specs
     * @param progress {@link Accuracy}'s progress lines, with the checkpoint's label
     * @param measured told of each entry as it is measured
     * @return the entries, in the ladder's order
     */
    public static List<Entry> measure(Ladder ladder, AgentRegistry agents, EndgameTable table, RuleSet rules,
            int positions, long seed, List<Rating> ratings, BiConsumer<String, String> progress,
            Consumer<Entry> measured) {
        Map<String, Rating> elo = new HashMap<>();
        for (Rating r : ratings) {
            elo.put(r.player(), r);
        }
        int from = fromSeeds(table);
        List<Entry> entries = new ArrayList<>();
        for (Map.Entry<Checkpoint, String> e : ladder.checkpoints().entrySet()) {
            Checkpoint c = e.getKey();
            // With several runs a checkpoint's directory name may repeat: it goes under its run's name.
            String label = ladder.runs().size() == 1 ? c.name() : ladder.runOf(c) + "/" + c.name();
            Accuracy.Row all;
            try (Agent agent = agents.create(e.getValue(), rules, seed)) {
                all = Accuracy.pooled(Accuracy.run(table, agent, SearchLimit.NONE, from, table.maxSeeds(), positions,
                        seed, line -> progress.accept(label, line)));
            }
            Entry entry = new Entry(label, c.step(), elo.get(e.getValue()), all);
            entries.add(entry);
            measured.accept(entry);
        }
        return entries;
    }

    /** The file's text: the header and one line per entry, each ending in a newline. */
    public static String csv(List<Entry> entries) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Entry e : entries) {
            Rating r = e.elo();
            Accuracy.Row all = e.accuracy();
            double[] oi = all.optimalInterval();
            double[] ci = all.outcomeInterval();
            csv.append(Csv.line(e.label(), Long.toString(e.step()), r == null ? "" : fixed(1, r.elo()),
                    r == null ? "" : fixed(1, r.lo()), r == null ? "" : fixed(1, r.hi()),
                    Long.toString(all.positions()), fixed(4, all.optimalRate()), fixed(4, oi[0]), fixed(4, oi[1]),
                    fixed(4, all.outcomeRate()), fixed(4, ci[0]), fixed(4, ci[1]), fixed(4, all.meanLoss()),
                    fixed(4, all.lossLo()), fixed(4, all.lossHi()))).append('\n');
        }
        return csv.toString();
    }

    /** Writes {@link #csv} to {@code dir}/{@value #FILE} atomically; returns the file. */
    public static Path write(Path dir, List<Entry> entries) throws IOException {
        Path file = dir.resolve(FILE);
        AtomicFiles.writeString(file, csv(entries));
        return file;
    }

    /** {@code x} with {@code decimals} decimals, as accuracy.csv has always written it. */
    private static String fixed(int decimals, double x) {
        return String.format(Locale.ROOT, "%." + decimals + "f", x);
    }
}
