// The Node side of RulesConformanceTest and SearchConformanceTest (export module): runs the web
// player's rules, encoders and search on what the Java test asks and prints the answers as one JSON object, which the test
// compares with the Java engine's. Usage: node harness.js REQUEST.json (see the ops below).
// Reads only the request file, the web player's modules and, for a search with a network, the
// model file and onnxruntime-web named in the request.

import { readFileSync } from "node:fs";
import { Board, RuleSet, perft } from "../../main/resources/org/owarelab/play/web/rules.js";
import { encoderFor } from "../../main/resources/org/owarelab/play/web/encoder.js";
import { Search, UniformEvaluator } from "../../main/resources/org/owarelab/play/web/search.js";
import { OnnxEvaluator } from "../../main/resources/org/owarelab/play/web/network.js";

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

/**
 * Every node under `root`: [virtual visits left, expanded nodes whose visits are not 1 + their
 * children's, unexpanded nodes below the root (leaves left in flight)].
 */
function audit(root) {
  let virtual = 0;
  let unbalanced = 0;
  let pending = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    virtual += Math.abs(node.virtual);
    if (node.state === 0 && node !== root) {
      pending++;
    }
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
  return [virtual, unbalanced, pending];
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
    const s = new Search(rules, counted, req.settings);
    s.reset(boardAfter(rules, moves));
    calls = 0;
    const r = await s.run({ sims: req.sims, now: () => 0, batch: req.batch || 1 });
    const [virtualLeft, unbalanced] = audit(s.root);
    out.push({ move: r.move, visits: r.visits, value: r.value, pv: r.pv, simulations: r.simulations, calls,
      virtualLeft, unbalanced });
  }
  return { results: out };
}

/**
 * An evaluator whose call number `at` fails: "reject" rejects it, "nan" answers NaN as the value of
 * its last board (so a batch's other leaves are backed up before the search finds it).
 */
function failingAt(inner, at, how) {
  let calls = 0;
  const spoil = (answers) => {
    answers[answers.length - 1] = { ...answers[answers.length - 1], value: NaN };
    return answers;
  };
  return {
    evaluate: async (b) => {
      if (++calls !== at) {
        return inner.evaluate(b);
      }
      if (how === "reject") {
        throw new Error("injected failure at call " + at);
      }
      return spoil([await inner.evaluate(b)])[0];
    },
    evaluateBatch: async (bs) => {
      if (++calls !== at) {
        return inner.evaluateBatch(bs);
      }
      if (how === "reject") {
        throw new Error("injected failure at call " + at);
      }
      return spoil(await inner.evaluateBatch(bs));
    },
  };
}

/**
 * {rules, positions, sims, batch, failAt (one call number per position), how}: a search whose
 * evaluator fails at that call, then a second run on the same tree for the simulations left. For
 * each: the error, the tree's audit after the failure, the simulations completed before it, and
 * the second run's result and audit.
 */
async function recoverOp(req) {
  const rules = RuleSet.parse(req.rules);
  const out = [];
  for (let i = 0; i < req.positions.length; i++) {
    const s = new Search(rules, failingAt(new UniformEvaluator(), req.failAt[i], req.how), req.settings);
    s.reset(boardAfter(rules, req.positions[i]));
    let error = null;
    try {
      await s.run({ sims: req.sims, now: () => 0, batch: req.batch });
    } catch (e) {
      error = String(e.message || e);
    }
    const failed = audit(s.root);
    const completed = s.root.visits;
    const r = await s.run({ sims: req.sims - completed, now: () => 0, batch: req.batch });
    const after = audit(s.root);
    out.push({ error, failed, completed, move: r.move, visits: r.visits, simulations: r.simulations,
      rootVisits: s.root.visits, after });
  }
  return { results: out };
}

const req = JSON.parse(readFileSync(process.argv[2], "utf8"));
const ops = { perft: perftOp, replay: replayOp, search: searchOp, recover: recoverOp };
if (!(req.op in ops)) {
  console.error("harness: unknown op '" + req.op + "' (expected perft, replay, search or recover)");
  process.exit(2);
}
process.stdout.write(JSON.stringify(await ops[req.op](req)));
