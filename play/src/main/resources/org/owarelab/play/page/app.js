// The game flow of both play pages: turns, undo, new game, side, keys and the load/retry cycle,
// over a game port (port.js): the HTTP API of `oware serve` (serve/port.js) or the lab's rules
// and search in this browser (web/port.js, for `oware export --web`). The port owns the game and
// answers with states of one shape (the serve API's, docs/protocols.md); this file only decides
// when to ask and what the page shows meanwhile.
//
// States (body's data-state): "loading" until the port has loaded its player; then "human",
// "thinking" or "over"; "error" when loading failed: the message says why, moves are refused,
// and the retry button loads again. A move is never taken before the player is ready, so no click
// can wait on an agent that will never answer.

import { createPort } from "./port.js";
import { drawGame, drawNotPlaying } from "./view.js";

const $ = (id) => document.getElementById(id);
const port = createPort();
let game = null;
/** Whether the port has loaded its player. */
let ready = false;
let loadError = null;
let thinking = false;
/** A port call of the current generation is in flight: house clicks and undo wait for it. */
let busy = false;
/** Bumped by every new game, undo and load: an answer for an older one is dropped. */
let generation = 0;

function draw(animate) {
  drawGame(game, thinking, animate, clickHouse);
  $("undo").disabled = thinking || !game.canUndo;
  $("new").disabled = false;
}

function notPlaying() {
  $("undo").disabled = true;
  $("new").disabled = true;
  drawNotPlaying(loadError);
}

function showError(message) {
  if (loadError === null) { // a load error stays until a retry succeeds
    $("error").textContent = message;
  }
}

/** The search limit the user chose ({elo: N} for a calibrated level), or null where the port takes none. */
function limit() {
  if ($("level").value !== "") {
    return { elo: Number($("level").value) };
  }
  if ($("limit").value === "spec") {
    return null;
  }
  const amount = Math.max(1, Math.floor(Number($("amount").value) || 1));
  return $("limit").value === "sims" ? { sims: amount } : { movetimeMs: amount };
}

/**
 * Runs one port call of generation `g`. `progress` states (the human's move, before the agent's
 * reply) are drawn as thinking; the answer is drawn unless a newer call has started since.
 */
async function step(g, call) {
  const progress = (s) => {
    if (g === generation) {
      game = s;
      thinking = !s.over && s.legal === "";
      draw(true);
    }
  };
  busy = true;
  try {
    const s = await call(progress);
    if (g !== generation || s === null) {
      return;
    }
    busy = false;
    game = s;
    thinking = false;
    showError("");
    draw(true);
  } catch (e) {
    if (g !== generation || loadError !== null) {
      return;
    }
    busy = false;
    thinking = false;
    showError(e.message);
    if (game) {
      draw(false);
    } else {
      notPlaying();
    }
  }
}

function clickHouse(ch) {
  if (!ready || !game) {
    notPlaying();
    return;
  }
  if (thinking || busy) {
    showError("The agent is thinking; wait for its move.");
    return;
  }
  if (!game.legal.includes(ch)) {
    showError(game.over ? "The game is over." : ch + " is not a legal move here (legal: "
      + (game.legal ? game.legal.split("").join(" ") : "none, wait for the agent") + ").");
    return;
  }
  showError("");
  thinking = true;
  draw(false);
  const g = generation;
  step(g, (progress) => port.move(ch, limit(), progress));
}

function newGame() {
  if (!ready) {
    notPlaying();
    return;
  }
  const g = ++generation;
  thinking = true;
  showError("");
  if (game) {
    draw(false);
  }
  step(g, (progress) => port.newGame($("side").value, limit(), progress));
}

function undo() {
  if (thinking || busy || !ready || !game || !game.canUndo) {
    return;
  }
  const g = ++generation;
  showError("");
  step(g, () => port.undo());
}

/** A failure after loading (the agent's worker died): the page stops taking moves until a retry. */
function fail(message) {
  loadError = message;
  ready = false;
  busy = false;
  thinking = false;
  generation++;
  notPlaying();
}

function showInfo(info) {
  $("agent").textContent = info.name;
  $("trained").textContent = info.trained || "";
  const dl = $("details");
  dl.replaceChildren();
  for (const [k, v] of info.details) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    dl.append(dt, dd);
  }
  $("note").textContent = info.note || "";
  // "its own" (the spec's limit) only where the port's agent has a spec of its own (oware serve's)
  const own = $("limit").querySelector('option[value="spec"]');
  own.hidden = own.disabled = !info.limit.own;
  $("limit").value = info.limit.kind;
  $("amount").value = info.limit.amount;
  $("amount").max = info.limit.max || "";
  showLevels(info.levels || []);
}

/**
 * The level selector: "full strength" (the limit beside it), then each calibrated level by its
 * measured Elo and 95% interval (random = 0; docs/levels.md). Hidden where the player has none.
 */
function showLevels(levels) {
  const select = $("level");
  const chosen = select.value;
  select.replaceChildren(new Option("full strength", ""));
  levels.forEach((l, i) => {
    const o = new Option("Level " + (i + 1) + ": Elo " + l.elo + " [" + l.lo + ", " + l.hi + "]", String(l.elo));
    o.title = l.simulations + " simulation" + (l.simulations === 1 ? "" : "s") + " a move, temperature " + l.temperature;
    select.append(o);
  });
  select.value = levels.some((l) => String(l.elo) === chosen) ? chosen : "";
  $("levels").hidden = levels.length === 0;
  levelChosen();
}

/** A level sets the search itself: the limit is off while one is chosen. */
function levelChosen() {
  const level = $("level").value !== "";
  $("limit").disabled = $("amount").disabled = level;
  $("level-note").textContent = level ? "Elo on the lab's scale: random = 0" : "";
}

async function load() {
  const g = ++generation;
  ready = false;
  loadError = null;
  thinking = false;
  busy = false;
  $("error").textContent = "";
  notPlaying();
  try {
    const info = await port.load(fail);
    if (g !== generation) {
      return;
    }
    showInfo(info);
    ready = true;
  } catch (e) {
    if (g === generation) {
      fail(e.message);
    }
    return;
  }
  newGame();
}

/** a-f sow the human's houses from the left (either case), u undoes, n starts a new game. */
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, select, textarea")) {
    return;
  }
  const k = e.key.toLowerCase();
  if (k === "u") {
    undo();
  } else if (k === "n") {
    newGame();
  } else if (game && k.length === 1 && k >= "a" && k < String.fromCharCode(97 + game.houses)) {
    clickHouse(game.human === "south" ? k.toUpperCase() : k);
  } else {
    return;
  }
  e.preventDefault();
}

$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("retry").addEventListener("click", load);
$("level").addEventListener("change", () => {
  levelChosen();
  newGame(); // a level plays a whole game
});
document.addEventListener("keydown", onKey);
load();
