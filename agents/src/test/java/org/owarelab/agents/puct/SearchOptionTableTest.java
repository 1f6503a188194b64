package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * {@link SearchOption} is the one home of the PUCT search's settings: every key the {@code puct}
 * factory takes (but the network's), every YAML key of {@link PuctConfig} and {@link Temperature}
 * has an entry, every entry's spec key is taken, and the defaults the records use are the table's.
 */
class SearchOptionTableTest {

    @Test
    void everySpecKeyOfTheFactoryHasATableEntryAndEveryEntryIsTaken() {
        Set<String> keys = PuctAgent.FACTORY.keys();
        List<String> missing = new ArrayList<>();
        for (String k : keys) {
            if (!PuctAgentFactory.NETWORK_KEYS.contains(k) && SearchOption.bySpecKey(k) == null) {
                missing.add(k);
            }
        }
        assertEquals(List.of(), missing, "puct spec keys without a SearchOption entry");
        for (String k : SearchOption.allSpecKeys()) {
            assertTrue(keys.contains(k), "the factory does not take the table's spec key " + k);
        }
    }

    @Test
    void everyYamlKeyOfTheSearchRecordsHasATableEntryAndEveryEntryIsAKey() {
        Set<String> yaml = new TreeSet<>();
        components(PuctConfig.class, "selfplay.search.", yaml);
        components(Temperature.class, "selfplay.temperature.", yaml);
        List<String> missing = yaml.stream().filter(k -> SearchOption.byYamlKey(k) == null).toList();
        assertEquals(List.of(), missing, "YAML keys of the search without a SearchOption entry");
        for (SearchOption o : SearchOption.values()) {
            String k = o.yamlKey();
            if (k != null && (k.startsWith("selfplay.search.") || k.startsWith("selfplay.temperature."))) {
                assertTrue(yaml.contains(k), o + ": " + k + " is not a key of the records");
            }
        }
    }

    /** A record's component names as key paths, descending into nested records of this package. */
    private static void components(Class<?> type, String prefix, Set<String> out) {
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getType().isRecord() && c.getType().getPackageName().equals(PuctConfig.class.getPackageName())) {
                components(c.getType(), prefix + c.getName() + ".", out);
            } else {
                out.add(prefix + c.getName());
            }
        }
    }

    @Test
    void theRecordsDefaultsAreTheTables() {
        PuctConfig d = PuctConfig.DEFAULT;
        assertEquals(SearchOption.C_PUCT.realDefault(), d.cPuct());
        assertEquals(SearchOption.C_BASE.realDefault(), d.cBase());
        assertEquals(SearchOption.FPU.realDefault(), d.fpuReduction());
        assertEquals(SearchOption.FPU_ROOT.realDefault(), d.fpuRootReduction());
        assertEquals(SearchOption.NOISE.realDefault(), d.noise().fraction());
        assertEquals(SearchOption.ALPHA.realDefault(), d.noise().alpha());
        assertEquals(SearchOption.FORCED.realDefault(), d.forcedPlayouts());
        assertEquals(SearchOption.REUSE.boolDefault(), d.reuseTree());
        assertEquals(SearchOption.GUMBEL_M.intDefault(), d.gumbel().maxActions());
        PuctOptions o = PuctOptions.DEFAULT;
        assertEquals(SearchOption.DEFAULT_SIMULATIONS, o.simulations());
        assertEquals(SearchOption.NODES.intDefault(), o.maxNodes());
        assertEquals(SearchOption.TIME_MANAGER.boolDefault(), o.timeManaged());
        assertEquals(SearchOption.MAX_THREADS, (int) SearchOption.THREADS.max());
        // the seeded defaults this table must keep (the alpha-beta signature's PUCT twin: the same games)
        assertEquals(800, SearchOption.DEFAULT_SIMULATIONS);
        assertEquals(1.25, d.cPuct());
        assertEquals(19652, d.cBase());
        assertEquals(0.25, d.fpuReduction());
    }

    @Test
    void simulationsAndItsAliasSimsAreOneSettingAndNotBothAtOnce() {
        assertEquals(SearchOption.SIMULATIONS, SearchOption.bySpecKey("sims"));
        assertEquals(SearchOption.SIMULATIONS, SearchOption.bySpecKey("SIMULATIONS"));
        RuleSet rules = RuleSet.DEFAULT;
        try (Agent a = PuctAgent.FACTORY.create(AgentSpec.parse("puct:sims=7"), rules, 1);
                Agent b = PuctAgent.FACTORY.create(AgentSpec.parse("puct:simulations=7"), rules, 1)) {
            assertEquals(7, a.decide(new Board()).nodes());
            assertEquals(7, b.decide(new Board()).nodes());
        }
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> PuctAgent.FACTORY.create(AgentSpec.parse("puct:sims=7,simulations=8"), rules, 1));
        assertTrue(e.getMessage().contains("simulations") && e.getMessage().contains("sims"), e.getMessage());
    }

    @Test
    void aValueOutOfRangeNamesTheKeyAsGivenAndTheTablesRange() {
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> PuctAgent.FACTORY.create(AgentSpec.parse("puct:fpu=3"), RuleSet.DEFAULT, 1));
        assertTrue(e.getMessage().contains("fpu"), e.getMessage());
        IllegalArgumentException y = assertThrows(IllegalArgumentException.class,
                () -> PuctConfig.DEFAULT.withExploration(101, 19652));
        assertEquals("cPuct=101.0: expected 0.0..100.0", y.getMessage());
    }

    @Test
    void theHelpListsEverySpecKeyWithItsDefault() {
        String help = PuctAgent.FACTORY.help();
        for (SearchOption o : SearchOption.values()) {
            if (o.specKey() != null) {
                assertTrue(help.contains(o.specKey()), o + " missing from the help: " + help);
            }
        }
        assertTrue(help.contains("simulations|sims=800"), help);
        assertTrue(help.contains("c=1.25"), help);
        assertTrue(help.contains("threads=auto"), help);
        assertNotNull(SearchOption.THREADS.uciName());
    }
}
