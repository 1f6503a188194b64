// The play page of `oware serve`. It only draws what the server's JSON API returns (positions,
// legal moves, captures, the agent's reply); the rules live on the server, never here.
"use strict";

const $ = (id) => document.getElementById(id);
let game = null;
let busy = false;

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) {
    throw new Error(data.error || ("HTTP " + res.status));
  }
  return data;
}

function letterOf(house, n) {
  return house < n ? String.fromCharCode(65 + house) : String.fromCharCode(97 + house - n);
}

function houseCell(g, house) {
  const letter = letterOf(house, g.houses);
  const cell = document.createElement("div");
  cell.className = "house";
  cell.dataset.house = house;
  cell.dataset.letter = letter;
  cell.textContent = g.counts[house];
  const label = document.createElement("small");
  label.textContent = letter;
  cell.appendChild(label);
  if (g.legal.includes(letter)) {
    cell.classList.add("legal");
  }
  if (g.last && g.last.house === house) {
    cell.classList.add("last");
  }
  if (g.last && g.last.capturedHouses.includes(house)) {
    cell.classList.add("captured");
  }
  cell.addEventListener("click", () => clickHouse(letter));
  return cell;
}

function storeCell(el, side, seeds) {
  el.textContent = seeds;
  const label = document.createElement("small");
  label.textContent = side;
  el.appendChild(label);
}

function draw(g) {
  game = g;
  const n = g.houses;
  const mine = g.human === "south" ? 0 : n;
  const theirs = n - mine;
  // Counter-clockwise: the user's houses left to right at the bottom, the opponent's right to left on top.
  const bottom = $("row-bottom");
  const top = $("row-top");
  bottom.replaceChildren();
  top.replaceChildren();
  for (let i = 0; i < n; i++) {
    bottom.appendChild(houseCell(g, mine + i));
    top.appendChild(houseCell(g, theirs + n - 1 - i));
  }
  const opp = g.human === "south" ? "north" : "south";
  storeCell($("store-bottom"), "you (" + g.human + ")", g.stores[g.human === "south" ? 0 : 1]);
  storeCell($("store-top"), "agent (" + opp + ")", g.stores[g.human === "south" ? 1 : 0]);

  if (g.last) {
    const who = g.last.side === g.human ? "You" : "Agent";
    let text = who + " played " + g.last.move;
    if (g.last.captured > 0) {
      text += ", capturing " + g.last.captured + " from "
        + g.last.capturedHouses.map((h) => letterOf(h, n)).join(", ");
    }
    $("last").textContent = text;
  } else {
    $("last").textContent = "none";
  }
  if (g.reply) {
    const v = g.reply.value;
    $("reply").textContent = "played " + g.reply.move + ", value " + (v >= 0 ? "+" : "") + v.toFixed(2)
      + " (its view; yours " + (-v >= 0 ? "+" : "") + (-v).toFixed(2) + "), PV " + (g.reply.pv || "-")
      + ", " + g.reply.nodes + " nodes, " + g.reply.timeMs + " ms";
  } else {
    $("reply").textContent = "has not moved";
  }
  $("moves").textContent = g.moves || "-";
  document.body.dataset.moves = g.moves;
  if (g.over) {
    const r = g.result;
    const outcome = r.winner === "draw" ? "a draw" : (r.winner === g.human ? "you win" : "the agent wins");
    $("status").textContent = "Game over (" + r.reason + "): " + outcome + ", south " + r.south + " - north " + r.north + ".";
  } else if (g.legal) {
    $("status").textContent = "Your move: click a highlighted house (" + g.legal.split("").join(" ") + ").";
  } else {
    $("status").textContent = "Agent to move.";
  }
  $("undo").disabled = !g.canUndo;
}

function showError(message) {
  $("error").textContent = message;
}

async function run(action) {
  if (busy) {
    return;
  }
  busy = true;
  document.body.classList.add("busy");
  try {
    draw(await action());
    showError("");
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

function clickHouse(letter) {
  if (busy || !game) {
    return;
  }
  if (!game.legal.includes(letter)) {
    showError(game.over ? "The game is over." : letter + " is not a legal move here (legal: "
      + (game.legal ? game.legal.split("").join(" ") : "none, wait for the agent") + ").");
    return;
  }
  $("status").textContent = "Agent is thinking...";
  run(() => api("POST", "/api/games/" + game.id + "/move", { move: letter }));
}

async function newGame() {
  if (game && !busy) {
    api("DELETE", "/api/games/" + game.id).catch(() => {});
  }
  $("status").textContent = "Starting...";
  await run(() => api("POST", "/api/games", { side: $("side").value }));
}

$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", () => game && run(() => api("POST", "/api/games/" + game.id + "/undo")));
api("GET", "/api/info").then((info) => { $("agent").textContent = "against " + info.agent; }).catch((e) => showError(e.message));
newGame();
