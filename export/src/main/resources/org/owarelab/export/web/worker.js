// The agent of the web player, in a Web Worker so that the page stays responsive while it
// searches: loads player.json, model.onnx and onnxruntime-web (all from this site), then answers
// search requests one at a time. Messages in: {type: "search", id, moves, sims | movetimeMs}.
// A fixed simulation count searches one leaf per network call (the Java engine's order); a time
// limit evaluates up to TIMED_BATCH leaves per call with virtual loss, as the Java engine's clock does.
// Out: {type: "ready", card}, {type: "result", id, move, value, pv, simulations, timeMs},
// {type: "error", id, message}.

import * as ort from "./ort/ort.wasm.bundle.min.mjs";
import { Board, RuleSet, letter } from "./rules.js";
import { Search, TIMED_BATCH } from "./search.js";
import { OnnxEvaluator } from "./network.js";

let search = null;
let rules = null;
let rootMoves = null;
let queue = Promise.resolve();

async function init() {
  const card = await (await fetch("player.json")).json();
  ort.env.wasm.numThreads = 1; // a plain static host gives no cross-origin isolation, hence no wasm threads
  ort.env.wasm.proxy = false;
  // The loader is the bundled build (its JavaScript glue inside); only the binary is fetched, from this site.
  ort.env.wasm.wasmPaths = { wasm: new URL("./ort/ort-wasm-simd-threaded.wasm", self.location.href).href };
  const model = new Uint8Array(await (await fetch(card.model)).arrayBuffer());
  rules = RuleSet.parse(card.rules);
  const evaluator = await OnnxEvaluator.create(ort, model, card.onnx, rules);
  search = new Search(rules, evaluator, card.search.settings);
  postMessage({ type: "ready", card });
}

/** Sets the tree's root to the position after `moves`, keeping the tree when the game only went on. */
function moveRoot(moves) {
  if (rootMoves !== null && moves.startsWith(rootMoves)) {
    for (const ch of moves.slice(rootMoves.length)) {
      search.advance(search.board.moveOf(ch));
    }
  } else {
    const b = new Board(rules);
    for (const ch of moves) {
      b.play(b.moveOf(ch));
    }
    search.reset(b);
  }
  rootMoves = moves;
}

async function handle(msg) {
  try {
    moveRoot(msg.moves);
    const limit = msg.sims > 0 ? { sims: msg.sims }
      : { deadline: performance.now() + msg.movetimeMs, batch: TIMED_BATCH };
    const r = await search.run(limit);
    const letters = [];
    const b = search.board.copy();
    for (const m of r.pv) {
      letters.push(letter(b.side, m));
      b.play(m);
    }
    postMessage({
      type: "result", id: msg.id, move: letter(search.board.side, r.move), value: r.value,
      pv: letters.join(""), simulations: r.simulations, timeMs: Math.round(r.timeMs),
    });
  } catch (e) {
    rootMoves = null;
    postMessage({ type: "error", id: msg.id, message: String(e && e.message ? e.message : e) });
  }
}

const ready = init().catch((e) => postMessage({ type: "error", id: null, message: "cannot load the player: " + e.message }));

onmessage = (e) => {
  queue = queue.then(() => ready).then(() => handle(e.data));
};
