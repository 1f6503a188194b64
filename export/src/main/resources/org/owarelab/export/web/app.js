// The page of the static web player: the same page as `oware serve`'s, with the game kept here
// (the lab's rules in rules.js) and the agent in a Web Worker (worker.js). Nothing is sent to any
// server: the site's own files are the only requests.
//
// States (body's data-state): "loading" until player.json is read and the worker has loaded the
// network; then "human", "thinking" or "over"; "error" when a file could not be loaded: the
// message names the file and what went wrong (model.onnx: HTTP 404), moves are refused, and the
// retry button loads everything again. A move is never taken before the agent is ready, so no
// click can wait on an agent that will never answer.

import { Board, RuleSet, SOUTH, letter } from "./rules.js";

const $ = (id) => document.getElementById(id);
let card = null;
let rules = null;
let board = null;
let human = SOUTH;
/** One entry per ply: {move, side, house, captured, capturedHouses}. */
let plies = [];
let reply = null;
/** Bumped by every new game and undo: a search answer for an older one is dropped. */
let generation = 0;
let thinking = false;
/** Whether the worker has loaded the player. */
let ready = false;
/** Why loading failed, or null. */
let loadError = null;
let worker = null;

function movesText() {
  return plies.map((p) => p.move).join("");
}

function houseCell(house) {
  const n = rules.houses;
  const side = house < n ? 0 : 1;
  const ch = letter(side, house % n);
  const cell = document.createElement("div");
  cell.className = "house";
  cell.dataset.house = house;
  cell.dataset.letter = ch;
  cell.textContent = board.count(house);
  const label = document.createElement("small");
  label.textContent = ch;
  cell.appendChild(label);
  if (!thinking && board.side === human && side === human && board.isLegal(house % n)) {
    cell.classList.add("legal");
  }
  const last = plies[plies.length - 1];
  if (last && last.house === house) {
    cell.classList.add("last");
  }
  if (last && last.capturedHouses.includes(house)) {
    cell.classList.add("captured");
  }
  cell.addEventListener("click", () => clickHouse(ch));
  return cell;
}

function storeCell(el, who, seeds) {
  el.textContent = seeds;
  const label = document.createElement("small");
  label.textContent = who;
  el.appendChild(label);
}

function sideName(s) {
  return s === SOUTH ? "south" : "north";
}

function draw() {
  const n = rules.houses;
  const mine = human === SOUTH ? 0 : n;
  const theirs = n - mine;
  const bottom = $("row-bottom");
  const top = $("row-top");
  bottom.replaceChildren();
  top.replaceChildren();
  for (let i = 0; i < n; i++) {
    bottom.appendChild(houseCell(mine + i));
    top.appendChild(houseCell(theirs + n - 1 - i));
  }
  storeCell($("store-bottom"), "you (" + sideName(human) + ")", board.stores[human]);
  storeCell($("store-top"), "agent (" + sideName(1 - human) + ")", board.stores[1 - human]);
  const last = plies[plies.length - 1];
  if (last) {
    let text = (last.side === human ? "You" : "Agent") + " played " + last.move;
    if (last.captured > 0) {
      text += ", capturing " + last.captured + " from "
        + last.capturedHouses.map((h) => letter(h < n ? 0 : 1, h % n)).join(", ");
    }
    $("last").textContent = text;
  } else {
    $("last").textContent = "none";
  }
  if (reply) {
    const v = reply.value;
    const sign = (x) => (x >= 0 ? "+" : "") + x.toFixed(2);
    $("reply").textContent = "played " + reply.move + ", value " + sign(v) + " (its view; yours " + sign(-v)
      + "), PV " + (reply.pv || "-") + ", " + reply.simulations + " simulations, " + reply.timeMs + " ms";
  } else {
    $("reply").textContent = "has not moved";
  }
  $("moves").textContent = movesText() || "-";
  document.body.dataset.moves = movesText();
  document.body.classList.toggle("thinking", thinking);
  if (board.isOver()) {
    const w = board.winner();
    const outcome = w < 0 ? "a draw" : w === human ? "you win" : "the agent wins";
    $("status").textContent = "Game over (" + board.endReason() + "): " + outcome + ", south " + board.finalStore(0)
      + " - north " + board.finalStore(1) + ".";
    document.body.dataset.state = "over";
  } else if (thinking) {
    $("status").textContent = "Agent is thinking";
    document.body.dataset.state = "thinking";
  } else {
    $("status").textContent = "Your move: click a highlighted house (" + board.legalLetters().split("").join(" ") + ").";
    document.body.dataset.state = "human";
  }
  $("undo").disabled = thinking || !plies.some((p) => p.side === human);
  $("new").disabled = false;
}

/** The page while loading or after a failed load: no board to play on, the reason shown. */
function drawNotPlaying() {
  document.body.classList.remove("thinking");
  $("undo").disabled = true;
  $("new").disabled = true;
  if (loadError !== null) {
    document.body.dataset.state = "error";
    $("status").textContent = "The player could not be loaded.";
    $("error").textContent = "Cannot load the player: " + loadError;
  } else {
    document.body.dataset.state = "loading";
    $("status").textContent = "Loading the player...";
  }
  for (const cell of document.querySelectorAll(".house.legal")) {
    cell.classList.remove("legal");
  }
}

/** A failed load: the page stops taking moves until a retry succeeds. */
function failLoad(message) {
  loadError = message;
  thinking = false;
  ready = false;
  generation++; // any answer still on its way is for a game that is gone
  drawNotPlaying();
}

function showError(message) {
  if (loadError === null) { // a load error stays until a retry succeeds
    $("error").textContent = message;
  }
}

function play(ch) {
  const side = board.side;
  const m = board.moveOf(ch);
  const house = side * rules.houses + m;
  board.play(m);
  plies.push({ move: ch, side, house, captured: board.captured, capturedHouses: board.capturedHouses.slice() });
}

function limit() {
  const amount = Math.max(1, Math.floor(Number($("amount").value) || 1));
  return $("limit").value === "sims" ? { sims: amount } : { movetimeMs: amount };
}

function agentMove() {
  if (!ready) {
    drawNotPlaying();
    return;
  }
  if (board.isOver() || board.side === human) {
    draw();
    return;
  }
  thinking = true;
  draw();
  worker.postMessage({ type: "search", id: generation, moves: movesText(), ...limit() });
}

function onWorkerMessage(e) {
  const msg = e.data;
  if (msg.type === "ready") {
    $("agent").textContent = "against " + msg.card.name + " (PUCT over " + msg.card.network + ", in this browser)";
    if (msg.card.search.simulations > 0) {
      $("limit").value = "sims";
      $("amount").value = msg.card.search.simulations;
    } else {
      $("amount").value = msg.card.search.movetimeMillis;
    }
    ready = true;
    if (card !== null) {
      newGame();
    }
    return;
  }
  if (msg.type === "error" && msg.id === null) {
    failLoad(msg.message); // the worker could not load the player
    return;
  }
  if (msg.id !== generation) {
    return; // an answer for a game or position left since
  }
  thinking = false;
  if (msg.type === "error") {
    showError("The agent failed: " + msg.message);
  } else {
    reply = msg;
    play(msg.move);
    showError("");
  }
  draw();
}

function startWorker() {
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = onWorkerMessage;
  // The worker's own script (or a module it imports statically) did not load: the event has no
  // message then, only the file's name where the browser gives one.
  worker.onerror = (e) => {
    e.preventDefault();
    failLoad((e.filename ? e.filename.replace(/^.*\//, "") : "worker.js") + ": "
      + (e.message || "the agent's worker script could not be loaded or run"));
  };
}

function clickHouse(ch) {
  if (!board || !ready) {
    drawNotPlaying();
    return;
  }
  if (thinking) {
    showError("The agent is thinking; wait for its move.");
    return;
  }
  const m = board.moveOf(ch);
  if (board.isOver() || board.side !== human || m < 0 || !board.isLegal(m)) {
    showError(board.isOver() ? "The game is over." : ch + " is not a legal move here (legal: "
      + (board.side === human ? board.legalLetters().split("").join(" ") : "none, wait for the agent") + ").");
    return;
  }
  showError("");
  play(ch);
  agentMove();
}

function newGame() {
  if (!ready) {
    drawNotPlaying();
    return;
  }
  generation++;
  thinking = false;
  human = $("side").value === "south" ? SOUTH : 1 - SOUTH;
  board = new Board(rules);
  plies = [];
  reply = null;
  showError("");
  agentMove();
}

function undo() {
  if (thinking || !ready) {
    return;
  }
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
  showError("");
  agentMove();
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

/** Loads (or loads again, after a failure) player.json and the worker's player. */
async function load() {
  if (worker !== null) {
    worker.terminate();
  }
  card = null;
  ready = false;
  loadError = null;
  $("error").textContent = "";
  drawNotPlaying();
  startWorker();
  try {
    const c = await fetchCard();
    try {
      rules = RuleSet.parse(c.rules);
    } catch (e) {
      throw new Error("player.json: rules: " + e.message);
    }
    card = c;
  } catch (e) {
    worker.terminate();
    failLoad(e.message);
    return;
  }
  if (ready) {
    newGame();
  }
}

$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("retry").addEventListener("click", load);
load();
