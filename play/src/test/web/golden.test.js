// The web player's rules and search against the golden file the Java build writes
// (golden/golden.json, by WebGoldenFilesTest in the export module): `cd export && npm test`
// checks the JavaScript with Node alone, no Java. The Java tests (RulesConformanceTest,
// SearchConformanceTest) check far more positions; this is the standalone subset.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Board, RuleSet, perft } from "../../main/resources/org/owarelab/play/web/rules.js";
import { Search, UniformEvaluator } from "../../main/resources/org/owarelab/play/web/search.js";

const golden = JSON.parse(readFileSync(new URL("./golden/golden.json", import.meta.url), "utf8"));

function plyLine(b) {
  const legal = b.legalLetters();
  return b.text() + " " + (legal === "" ? "-" : legal) + " " + b.captured + " " + b.endReason();
}

for (const v of golden.rules) {
  const name = "'" + v.rules + "'";
  test("perft counts under " + name, () => {
    const start = new Board(RuleSet.parse(v.rules));
    v.perft.forEach((count, d) => assert.equal(perft(start, d), count, "perft(" + d + ")"));
  });
  test("replayed games under " + name, () => {
    const rules = RuleSet.parse(v.rules);
    for (const g of v.games) {
      const b = new Board(rules);
      assert.equal(plyLine(b), g.plies[0], g.moves + " ply 0");
      [...g.moves].forEach((ch, k) => {
        b.play(b.moveOf(ch));
        assert.equal(plyLine(b), g.plies[k + 1], g.moves + " ply " + (k + 1));
      });
      assert.deepEqual([b.finalStore(0), b.finalStore(1)], g.final, g.moves + ": final stores");
      assert.equal(b.winner(), g.winner, g.moves + ": winner");
    }
  });
}

test("PUCT at " + golden.search.sims + " simulations, uniform evaluator: the Java engine's moves and visits", async () => {
  const rules = RuleSet.parse(golden.search.rules);
  for (const p of golden.search.positions) {
    const b = new Board(rules);
    for (const ch of p.moves) {
      b.play(b.moveOf(ch));
    }
    const s = new Search(rules, new UniformEvaluator(), golden.search.settings);
    s.reset(b);
    const r = await s.run({ sims: golden.search.sims, now: () => 0, batch: 1 });
    assert.equal(r.move, p.move, "move after '" + p.moves + "'");
    const total = r.visits.reduce((a, x) => a + x, 0);
    r.visits.forEach((x, m) => assert.ok(Math.abs(x / total - p.visitShares[m]) < 2e-6,
      "visit share of move " + m + " after '" + p.moves + "': js " + x + "/" + total + ", java " + p.visitShares[m]));
    assert.ok(Math.abs(r.value - p.value) < 1e-6, "root value after '" + p.moves + "': js " + r.value + ", java " + p.value);
  }
});

test("the search takes its settings from the card (the Java side's), and refuses a card that lacks one", () => {
  const s = golden.search.settings;
  for (const k of ["cPuct", "cBase", "fpu", "fpuRoot", "reuse", "terminalBurst", "timedBatch"]) {
    assert.notEqual(s[k], undefined, "golden search.settings." + k);
  }
  const rules = RuleSet.parse(golden.search.rules);
  assert.throws(() => new Search(rules, new UniformEvaluator()), /missing cPuct/);
  const { timedBatch, ...partial } = s;
  assert.throws(() => new Search(rules, new UniformEvaluator(), partial), /missing timedBatch/);
});

test("a level's temperature at one simulation draws from the priors, as RootPolicy.choose; 0 plays the most visited", async () => {
  const rules = RuleSet.parse(golden.search.rules);
  const s = new Search(rules, new UniformEvaluator(), golden.search.settings);
  s.reset(new Board(rules));
  const r = await s.run({ sims: 1, now: () => 0, batch: 1 });
  assert.equal(r.simulations, 1);
  // Uniform priors over the six legal moves: the draw's uniform number picks the move it falls on.
  assert.equal(s.chooseMoveAt(4, () => 0), 0);
  assert.equal(s.chooseMoveAt(4, () => 0.5), 3);
  assert.equal(s.chooseMoveAt(4, () => 0.999), 5);
  const drawn = new Set();
  for (let k = 0; k < 6; k++) {
    s.reset(new Board(rules));
    drawn.add((await s.run({ sims: 1, now: () => 0, batch: 1, temperature: 2, random: () => (k + 0.5) / 6 })).move);
  }
  assert.deepEqual([...drawn].sort(), [0, 1, 2, 3, 4, 5], "temperature 2 plays every move of uniform priors");
  s.reset(new Board(rules));
  const greedy = await s.run({ sims: 1, now: () => 0, batch: 1, temperature: 0, random: () => 0.999 });
  assert.equal(greedy.move, s.chooseMove(), "temperature 0: the most visited move, no draw");
});
