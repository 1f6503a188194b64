// The agent of the web player, in a Web Worker so that the page stays responsive while it
// searches: loads player.json, model.onnx and onnxruntime-web (all from this site), then answers
// search requests one at a time. Messages in: {type: "search", id, moves, sims [temperature] | movetimeMs}
// (a temperature draws the move: how a calibrated level plays).
// A fixed simulation count searches one leaf per network call (the Java engine's order); a time
// limit evaluates up to the card's search.settings.timedBatch leaves per call with virtual loss, as the Java engine's clock does.
// Out: {type: "ready", card}, {type: "result", id, move, value, pv, simulations, timeMs},
// {type: "error", id, message}; a failed load is {type: "error", id: null, message: "FILE: what"},
// and every search asked after it is answered with that error, so that the page never waits.
//
// Each file is fetched here, its HTTP status and its bytes checked, before onnxruntime-web sees
// it: left to itself, a missing model.onnx read as "protobuf parsing failed" (the bytes of the
// 404 page), a missing .wasm as "expected magic word 00 61 73 6d", and a missing loader failed
// the whole worker with no message. onnxruntime-web is imported dynamically, for the same reason.

import { Board, RuleSet, letter } from "./rules.js";
import { Search } from "./search.js";
import { OnnxEvaluator } from "./network.js";

const ORT = "ort/ort.wasm.bundle.min.mjs";
const WASM = "ort/ort-wasm-simd-threaded.wasm";

/** An error whose message names the site's file and what is wrong with it. */
function fileError(file, what) {
  const e = new Error(file + ": " + what);
  e.named = true;
  return e;
}

/** The response for `file`, or an error naming the file and the HTTP status (or why there is none). */
async function get(file) {
  let r;
  try {
    r = await fetch(new URL("./" + file, self.location.href).href);
  } catch (e) {
    throw fileError(file, "cannot fetch it (" + (e && e.message ? e.message : e) + ")");
  }
  if (!r.ok) {
    throw fileError(file, "HTTP " + r.status + (r.statusText ? " " + r.statusText : ""));
  }
  return r;
}

async function bytesOf(file) {
  const b = new Uint8Array(await (await get(file)).arrayBuffer());
  if (b.length === 0) {
    throw fileError(file, "empty");
  }
  return b;
}

function hex(bytes) {
  return Array.from(bytes.slice(0, 4), (x) => x.toString(16).padStart(2, "0")).join(" ");
}

let search = null;
let rules = null;
let rootMoves = null;
let queue = Promise.resolve();

async function init() {
  const text = await (await get("player.json")).text();
  let card;
  try {
    card = JSON.parse(text);
  } catch (e) {
    throw fileError("player.json", "not valid JSON (" + e.message + ")");
  }
  try {
    rules = RuleSet.parse(card.rules);
  } catch (e) {
    throw fileError("player.json", "rules: " + e.message);
  }
  await get(ORT); // its status first: a failed import says neither the file nor why
  let ort;
  try {
    ort = await import("./" + ORT);
  } catch (e) {
    throw fileError(ORT, "not a JavaScript module onnxruntime-web can run (" + (e && e.message ? e.message : e) + ")");
  }
  const wasm = await bytesOf(WASM);
  if (!WebAssembly.validate(wasm)) {
    throw fileError(WASM, "not valid WebAssembly (" + wasm.length + " bytes, starting " + hex(wasm) + ")");
  }
  ort.env.wasm.numThreads = 1; // a plain static host gives no cross-origin isolation, hence no wasm threads
  ort.env.wasm.proxy = false;
  // The loader is the bundled build (its JavaScript glue inside); the binary is the one checked above.
  ort.env.wasm.wasmBinary = wasm.buffer;
  ort.env.wasm.wasmPaths = { wasm: new URL("./" + WASM, self.location.href).href };
  const model = await bytesOf(card.model);
  let evaluator;
  try {
    evaluator = await OnnxEvaluator.create(ort, model, card.onnx, rules);
  } catch (e) {
    throw fileError(card.model, "ONNX Runtime cannot load it (" + (e && e.message ? e.message : e) + ")");
  }
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
    const limit = msg.sims > 0 ? { sims: msg.sims, temperature: msg.temperature || 0 }
      : { deadline: performance.now() + msg.movetimeMs, batch: search.s.timedBatch };
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

/** Why the player could not be loaded, or null. */
let failed = null;
const ready = init().catch((e) => {
  failed = e && e.named ? e.message : "the player: " + (e && e.message ? e.message : e);
  postMessage({ type: "error", id: null, message: failed });
});

onmessage = (e) => {
  queue = queue.then(() => ready).then(() => (failed !== null
    ? postMessage({ type: "error", id: e.data.id, message: "the player is not loaded: " + failed })
    : handle(e.data)));
};
