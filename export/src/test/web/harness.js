// The Node side of WebConformanceTest (export module): runs the web player's rules, encoders and
// search on what the Java test asks and prints the answers as one JSON object, which the test
// compares with the Java engine's. Usage: node harness.js REQUEST.json (see the ops below).
// Reads only the request file, the web player's modules and, for a search with a network, the
// model file and onnxruntime-web named in the request.

import { readFileSync } from "node:fs";
import { Board, RuleSet, perft } from "../../main/resources/org/owarelab/export/web/rules.js";
import { encoderFor } from "../../main/resources/org/owarelab/export/web/encoder.js";
import { Search, UniformEvaluator, DEFAULT_SETTINGS } from "../../main/resources/org/owarelab/export/web/search.js";
import { OnnxEvaluator } from "../../main/resources/org/owarelab/export/web/network.js";

function boardAfter(rules, moves) {
  const b = new Board(rules);
  for (const ch of moves) {
    b.play(b.moveOf(ch));
  }
  return b;
}

/** {rules, depth}: leaf counts at depths 0..depth from the start. */
function perftOp(req) {
  const b = new Board(RuleSet.parse(req.rules));
  const counts = [];
  for (let d = 0; d <= req.depth; d++) {
    counts.push(perft(b, d));
  }
  return { counts };
}

/** {rules, games, encoder?}: every position of every game: text, legal letters, captured, end; final stores. */
function replayOp(req) {
  const rules = RuleSet.parse(req.rules);
  const enc = req.encoder ? encoderFor(req.encoder, rules) : null;
  return {
    games: req.games.map((moves) => {
      const b = new Board(rules);
      const plies = [];
      const record = () => {
        const p = [b.text(), b.legalLetters(), b.captured, b.endReason()];
        if (enc && !b.isOver()) {
          const obs = new Float32Array(enc.size);
          enc.encode(b, obs, 0);
          p.push(Array.from(obs));
        }
        plies.push(p);
      };
      record();
      for (const ch of moves) {
        b.play(b.moveOf(ch));
        record();
      }
      return { plies, final: [b.finalStore(0), b.finalStore(1)], winner: b.winner() };
    }),
  };
}

/** Every node under `root`: [virtual visits left, expanded nodes whose visits are not 1 + their children's]. */
function audit(root) {
  let virtual = 0;
  let unbalanced = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    virtual += Math.abs(node.virtual);
    let below = 0;
    for (const c of node.children) {
      if (c !== null) {
        below += c.visits;
        stack.push(c);
      }
    }
    if (node.state === 1 && node.visits !== 1 + below) {
      unbalanced++;
    }
  }
  return [virtual, unbalanced];
}

/**
 * {rules, positions (move strings from the start), sims, batch?, model?, card?, ort?}: the move of
 * a fresh search at each, its visits, the evaluator calls it made and its tree's audit.
 */
async function searchOp(req) {
  const rules = RuleSet.parse(req.rules);
  let evaluator = new UniformEvaluator();
  if (req.model) {
    const ort = await import(req.ort);
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = "error";
    evaluator = await OnnxEvaluator.create(ort, readFileSync(req.model), req.card, rules);
  }
  let calls = 0;
  const inner = evaluator;
  const counted = {
    evaluate: (b) => { calls++; return inner.evaluate(b); },
    evaluateBatch: (bs) => { calls++; return inner.evaluateBatch(bs); },
  };
  const out = [];
  for (const moves of req.positions) {
    const s = new Search(rules, counted, DEFAULT_SETTINGS);
    s.reset(boardAfter(rules, moves));
    calls = 0;
    const r = await s.run({ sims: req.sims, now: () => 0, batch: req.batch || 1 });
    const [virtualLeft, unbalanced] = audit(s.root);
    out.push({ move: r.move, visits: r.visits, value: r.value, pv: r.pv, simulations: r.simulations, calls,
      virtualLeft, unbalanced });
  }
  return { results: out };
}

const req = JSON.parse(readFileSync(process.argv[2], "utf8"));
const ops = { perft: perftOp, replay: replayOp, search: searchOp };
if (!(req.op in ops)) {
  console.error("harness: unknown op '" + req.op + "' (expected perft, replay or search)");
  process.exit(2);
}
process.stdout.write(JSON.stringify(await ops[req.op](req)));
