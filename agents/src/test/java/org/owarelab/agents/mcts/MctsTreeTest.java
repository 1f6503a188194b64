package org.owarelab.agents.mcts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class MctsTreeTest {

    @Test
    void expandAddsOneChildPerLegalMoveInMoveOrder() {
        MctsTree t = new MctsTree(64);
        t.expand(MctsTree.ROOT, 0b101010);
        assertEquals(4, t.size());
        assertEquals(3, t.childCount(MctsTree.ROOT));
        int f = t.firstChild(MctsTree.ROOT);
        assertEquals(1, t.move(f));
        assertEquals(3, t.move(f + 1));
        assertEquals(5, t.move(f + 2));
        assertEquals(f + 1, t.child(MctsTree.ROOT, 3));
        assertEquals(-1, t.child(MctsTree.ROOT, 0));
        assertFalse(t.isExpanded(f));
    }

    @Test
    void expandBeyondTheBudgetIsRefused() {
        MctsTree t = new MctsTree(4);
        assertTrue(t.hasRoom(3));
        assertFalse(t.hasRoom(4));
        assertThrows(IllegalStateException.class, () -> t.expand(MctsTree.ROOT, 0b1111));
        t.expand(MctsTree.ROOT, 0b111);
        assertThrows(IllegalStateException.class, () -> t.expand(MctsTree.ROOT, 0b1)); // already expanded
    }

    @Test
    void rerootKeepsExactlyTheSubtreeOnRandomTrees() {
        SplittableRandom r = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            MctsTree t = new MctsTree(2000);
            List<Integer> nodes = new ArrayList<>();
            nodes.add(MctsTree.ROOT);
            // Expand random nodes in random order, so that child blocks interleave across branches.
            for (int step = 0; step < 60; step++) {
                int node = nodes.get(r.nextInt(nodes.size()));
                if (t.isExpanded(node)) {
                    continue;
                }
                int mask = 1 + r.nextInt(63);
                if (!t.hasRoom(Integer.bitCount(mask))) {
                    break;
                }
                t.expand(node, mask);
                for (int c = t.firstChild(node); c < t.firstChild(node) + t.childCount(node); c++) {
                    nodes.add(c);
                    int visits = r.nextInt(50);
                    for (int v = 0; v < visits; v++) {
                        t.update(c, r.nextInt(3) - 1);
                    }
                }
            }
            int keep = nodes.get(r.nextInt(nodes.size()));
            Map<String, String> before = new TreeMap<>();
            collect(t, keep, "", before);
            t.reroot(keep);
            Map<String, String> after = new TreeMap<>();
            collect(t, MctsTree.ROOT, "", after);
            assertEquals(before, after, "trial " + trial + ", kept node " + keep);
            assertEquals(before.size(), t.size(), "only the subtree's nodes remain");
            assertEquals(-1, t.move(MctsTree.ROOT));
        }
    }

    /** Path of moves from {@code node} -> visits and value sum, walking the child blocks. */
    private static void collect(MctsTree t, int node, String path, Map<String, String> out) {
        out.put(path, t.visits(node) + "/" + t.valueSum(node) + "/" + t.childCount(node));
        if (t.isExpanded(node)) {
            for (int c = t.firstChild(node); c < t.firstChild(node) + t.childCount(node); c++) {
                collect(t, c, path + t.move(c), out);
            }
        }
    }

    @Test
    void rerootFreesSpaceForNewNodes() {
        MctsTree t = new MctsTree(13);
        t.expand(MctsTree.ROOT, 0b111111); // 7 used
        t.expand(1, 0b111111); // 13 used: full
        assertFalse(t.hasRoom(1));
        t.reroot(2); // an unexpanded leaf: only it remains
        assertEquals(1, t.size());
        assertTrue(t.hasRoom(12));
    }
}
