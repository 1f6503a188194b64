// The game port of the static web player: the game is kept here with the lab's rules in
// JavaScript (rules.js, checked against the Java rules by RulesConformanceTest), the agent is
// PUCT in a Web Worker (worker.js). States have the serve API's shape, so that one page draws
// both. Nothing is sent to any server: the site's own files are the only requests.

import { Board, RuleSet, SOUTH } from "./rules.js";

function sideName(s) {
  return s === SOUTH ? "south" : "north";
}

/** player.json's object, or an error naming the file and what is wrong. */
async function fetchCard() {
  let r;
  try {
    r = await fetch("player.json");
  } catch (e) {
    throw new Error("player.json: cannot fetch it (" + e.message + ")");
  }
  if (!r.ok) {
    throw new Error("player.json: HTTP " + r.status + (r.statusText ? " " + r.statusText : ""));
  }
  const text = await r.text();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error("player.json: not valid JSON (" + e.message + ")");
  }
}

export function createPort() {
  let rules = null;
  let board = null;
  let human = SOUTH;
  /** One entry per ply: {move, side, house, sown, captured, capturedHouses}. */
  let plies = [];
  let reply = null;
  /** The card's calibrated levels ({elo, lo, hi, simulations, temperature}), weakest first; empty without. */
  let levels = [];
  let worker = null;
  let onFatal = () => {};
  /** Bumped by every new game and undo: a search answer for an older one is dropped. */
  let generation = 0;
  /** The pending search: {id, resolve, reject}. */
  let pending = null;

  const movesText = () => plies.map((p) => p.move).join("");

  function state() {
    const n = rules.houses;
    const counts = [];
    for (let h = 0; h < 2 * n; h++) {
      counts.push(board.count(h));
    }
    const over = board.isOver();
    const last = plies.length === 0 ? null : { ...plies[plies.length - 1], side: sideName(plies[plies.length - 1].side) };
    let result = null;
    if (over) {
      const w = board.winner();
      result = { reason: board.endReason(), winner: w < 0 ? "draw" : sideName(w), south: board.finalStore(0),
        north: board.finalStore(1) };
    }
    return {
      human: sideName(human), houses: n, counts, stores: [board.stores[0], board.stores[1]],
      legal: !over && board.side === human ? board.legalLetters() : "", moves: movesText(), last, reply, over,
      result, canUndo: plies.some((p) => p.side === human),
    };
  }

  function play(ch) {
    const side = board.side;
    const m = board.moveOf(ch);
    const house = side * rules.houses + m;
    const sown = board.count(house);
    board.play(m);
    plies.push({ move: ch, side, house, sown, captured: board.captured, capturedHouses: board.capturedHouses.slice() });
  }

  /** The agent's move when it is its turn; then the state (null if a newer game or undo came since). */
  async function agentReplies(limit, progress) {
    if (board.isOver() || board.side === human) {
      return state();
    }
    progress(state());
    const id = generation;
    const search = limit && limit.elo !== undefined ? levelSearch(limit.elo) : limit;
    const msg = await new Promise((resolve, reject) => {
      pending = { id, resolve, reject };
      worker.postMessage({ type: "search", id, moves: movesText(), ...search });
    });
    if (msg.id !== generation) {
      return null;
    }
    reply = msg;
    play(msg.move);
    return state();
  }

  /** The search of the calibrated level nearest `elo` (the weaker of two as near): its simulations and temperature. */
  function levelSearch(elo) {
    let best = null;
    for (const l of levels) {
      if (best === null || Math.abs(l.elo - elo) < Math.abs(best.elo - elo)) {
        best = l;
      }
    }
    if (best === null) {
      throw new Error("this player has no calibrated levels");
    }
    return { sims: best.simulations, temperature: best.temperature };
  }

  function onMessage(e) {
    const msg = e.data;
    if (msg.type === "error" && msg.id === null) {
      onFatal(msg.message); // the worker could not load the player
      return;
    }
    if (msg.type === "ready" || pending === null || msg.id !== pending.id) {
      return; // "ready" is awaited in load(); other answers are for searches no longer asked
    }
    const p = pending;
    pending = null;
    if (msg.type === "error") {
      p.reject(new Error("The agent failed: " + msg.message));
    } else {
      p.resolve(msg);
    }
  }

  function startWorker(resolveReady, rejectReady) {
    worker = new Worker("worker.js", { type: "module" });
    worker.addEventListener("message", (e) => {
      if (e.data.type === "ready") {
        resolveReady(e.data.card);
      } else if (e.data.type === "error" && e.data.id === null) {
        rejectReady(new Error(e.data.message));
      }
    });
    worker.onmessage = onMessage;
    // The worker's own script (or a module it imports statically) did not load: the event has no
    // message then, only the file's name where the browser gives one.
    worker.onerror = (e) => {
      e.preventDefault();
      const why = (e.filename ? e.filename.replace(/^.*\//, "") : "worker.js") + ": "
        + (e.message || "the agent's worker script could not be loaded or run");
      rejectReady(new Error(why));
      onFatal(why);
    };
  }

  return {
    /** Loads (or loads again, after a failure) player.json and the worker's player. */
    async load(fatal) {
      if (worker !== null) {
        worker.terminate();
      }
      generation++;
      pending = null;
      onFatal = () => {}; // until loaded, a failure rejects the load instead
      let resolveReady;
      let rejectReady;
      const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
      ready.catch(() => {}); // awaited below, after the card
      startWorker(resolveReady, rejectReady);
      let card;
      try {
        card = await fetchCard();
        try {
          rules = RuleSet.parse(card.rules);
        } catch (e) {
          throw new Error("player.json: rules: " + e.message);
        }
        await ready;
      } catch (e) {
        worker.terminate();
        throw e;
      }
      onFatal = fatal;
      levels = card.levels ? card.levels.levels : [];
      const s = card.search;
      return {
        name: card.name,
        trained: "A network trained in the Oware lab" + (card.training ? " for " + card.training.steps.toLocaleString("en")
          + " learner steps" : "") + ", searching ahead in this browser",
        details: [["network", card.network],
          ...(card.training ? [["parameters", card.training.parameters.toLocaleString("en")]] : []), ["encoder", card.onnx.encoder], ["rules", card.rules || "default"],
          ["search", "PUCT, c_puct " + s.settings.cPuct + ", " + (s.simulations > 0 ? s.simulations + " simulations"
            : s.movetimeMillis + " ms") + " a move by default"]],
        limit: s.simulations > 0 ? { own: false, kind: "sims", amount: s.simulations }
          : { own: false, kind: "time", amount: s.movetimeMillis },
        levels,
        note: "Everything runs in this page: the lab's rules and PUCT search in JavaScript, the network "
          + "(model.onnx) in onnxruntime-web. Nothing is sent anywhere.",
      };
    },
    async newGame(side, limit, progress) {
      generation++;
      human = side === "south" ? SOUTH : 1 - SOUTH;
      board = new Board(rules);
      plies = [];
      reply = null;
      return agentReplies(limit, progress);
    },
    async move(ch, limit, progress) {
      const m = board.moveOf(ch);
      if (board.isOver() || board.side !== human || m < 0 || !board.isLegal(m)) {
        throw new Error(ch + " is not a legal move here (legal: " + board.legalLetters().split("").join(" ") + ").");
      }
      play(ch);
      return agentReplies(limit, progress);
    },
    async undo() {
      generation++;
      // Back to the position before the human's last move (taking back the agent's reply too).
      while (plies.length > 0) {
        const p = plies.pop();
        board.undo();
        if (p.side === human) {
          break;
        }
      }
      reply = null;
      return state();
    },
  };
}
