// The board view of both play pages: draws one game state (the serve API's JSON shape, which the
// web player's port builds too) and knows nothing of the rules or of where the state came from.
// Counter-clockwise, as on a real board: the human's houses left to right along the bottom, the
// opponent's right to left along the top; the arrows on the board say so.

const $ = (id) => document.getElementById(id);

/** Seeds drawn as dots in one house; beyond this the count alone says how many. */
const SEEDS_DRAWN = 15;
/** ms between two seeds of the sowing animation (decoration only: the counts are final at once). */
const SOW_STEP_MS = 70;

export function letterOf(house, n) {
  return house < n ? String.fromCharCode(65 + house) : String.fromCharCode(97 + house - n);
}

function seedsOf(count, max) {
  const seeds = document.createElement("span");
  seeds.className = "seeds";
  seeds.setAttribute("aria-hidden", "true");
  for (let i = 0; i < Math.min(count, max); i++) {
    const s = document.createElement("span");
    s.className = "seed";
    seeds.appendChild(s);
  }
  return seeds;
}

function houseCell(g, house, legal, onHouse) {
  const ch = letterOf(house, g.houses);
  const count = g.counts[house];
  const cell = document.createElement("button");
  cell.type = "button";
  cell.className = "house";
  cell.dataset.house = house;
  cell.dataset.letter = ch;
  const c = document.createElement("span");
  c.className = "count";
  c.textContent = count; // first line of the house's text: the browser tests read it
  cell.append(c, seedsOf(count, SEEDS_DRAWN));
  const label = document.createElement("small");
  label.textContent = ch;
  cell.appendChild(label);
  let aria = "house " + ch + ", " + count + (count === 1 ? " seed" : " seeds");
  if (legal) {
    cell.classList.add("legal");
    aria += ", playable";
  }
  if (g.last && g.last.house === house) {
    cell.classList.add("last");
  }
  if (g.last && g.last.capturedHouses.includes(house)) {
    cell.classList.add("captured");
    aria += ", captured";
  }
  cell.setAttribute("aria-label", aria);
  cell.addEventListener("click", () => onHouse(ch));
  return cell;
}

function storeCell(el, who, seeds) {
  const c = document.createElement("span");
  c.className = "count";
  c.textContent = seeds;
  const label = document.createElement("small");
  label.textContent = who;
  el.replaceChildren(c, seedsOf(seeds, 48), label);
  el.setAttribute("aria-label", who + " store, " + seeds + " seeds");
}

/** The houses sown by the last move, in order (counter-clockwise, skipping the emptied house). */
function sownHouses(g) {
  const out = [];
  if (!g.last || !(g.last.sown > 0)) {
    return out;
  }
  const total = 2 * g.houses;
  let h = g.last.house;
  while (out.length < g.last.sown) {
    h = (h + 1) % total;
    if (h !== g.last.house) {
      out.push(h);
    }
  }
  return out;
}

let animation = [];

/** Lights the sown houses one after another; a new drawing cancels the one still running. */
function animateSowing(g) {
  animation.forEach(clearTimeout);
  animation = [];
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    return;
  }
  sownHouses(g).forEach((h, i) => {
    animation.push(setTimeout(() => {
      const cell = document.querySelector('.house[data-house="' + h + '"]');
      if (cell) {
        cell.classList.add("sown");
        animation.push(setTimeout(() => cell.classList.remove("sown"), 4 * SOW_STEP_MS));
      }
    }, i * SOW_STEP_MS));
  });
}

function signed(x) {
  const t = Math.abs(x).toFixed(2);
  return (x < 0 && t !== "0.00" ? "-" : "+") + t;
}

/** The bar's fill is the human's share: (1 - v) / 2 for the agent's value v in [-1, 1]. */
function drawEval(g) {
  const r = g.reply;
  if (!r || typeof r.value !== "number") {
    $("evalfill").style.width = "50%";
    $("evaltext").textContent = "evaluation after the agent's first move";
    $("evalbar").setAttribute("aria-label", "evaluation: none yet");
    return;
  }
  const mine = -Math.max(-1, Math.min(1, r.value));
  $("evalfill").style.width = ((1 + mine) * 50).toFixed(1) + "%";
  const word = mine > 0.2 ? "you are ahead" : mine < -0.2 ? "the agent is ahead" : "about even";
  const text = "For you: " + signed(mine) + ", " + word;
  $("evaltext").textContent = text;
  $("evalbar").title = "The agent's search value of this position, from your side: -1 lost, 0 even, +1 won";
  $("evalbar").setAttribute("aria-label", "evaluation: " + text);
}

/**
 * Draws state `g`. `thinking`: the agent is searching (no house offered). `animate`: the state
 * follows a move just played (sowing shown).
 */
export function drawGame(g, thinking, animate, onHouse) {
  const n = g.houses;
  const mine = g.human === "south" ? 0 : n;
  const theirs = n - mine;
  const bottom = $("row-bottom");
  const top = $("row-top");
  bottom.replaceChildren();
  top.replaceChildren();
  for (let i = 0; i < n; i++) {
    const h = mine + i;
    bottom.appendChild(houseCell(g, h, !thinking && g.legal.includes(letterOf(h, n)), onHouse));
    top.appendChild(houseCell(g, theirs + n - 1 - i, false, onHouse));
  }
  const opp = g.human === "south" ? "north" : "south";
  storeCell($("store-bottom"), "you (" + g.human + ")", g.stores[g.human === "south" ? 0 : 1]);
  storeCell($("store-top"), "agent (" + opp + ")", g.stores[g.human === "south" ? 1 : 0]);

  if (g.last) {
    let text = (g.last.side === g.human ? "You" : "Agent") + " played " + g.last.move;
    if (g.last.captured > 0) {
      text += ", capturing " + g.last.captured + " from " + g.last.capturedHouses.map((h) => letterOf(h, n)).join(", ");
    }
    $("last").textContent = text;
  } else {
    $("last").textContent = "none";
  }
  const r = g.reply;
  if (r) {
    const effort = r.simulations !== undefined ? r.simulations + " simulations" : r.nodes + " nodes";
    $("reply").textContent = "played " + r.move + ", value " + signed(r.value) + " (its view; yours " + signed(-r.value)
      + "), PV " + (r.pv || "-") + ", " + effort + ", " + r.timeMs + " ms";
  } else {
    $("reply").textContent = "has not moved";
  }
  drawEval(g);
  $("moves").textContent = g.moves || "-";
  document.body.dataset.moves = g.moves;
  document.body.classList.toggle("thinking", thinking);
  if (g.over) {
    const res = g.result;
    const outcome = res.winner === "draw" ? "a draw" : res.winner === g.human ? "you win" : "the agent wins";
    $("status").textContent = "Game over (" + res.reason + "): " + outcome + ", south " + res.south + " - north "
      + res.north + ".";
    document.body.dataset.state = "over";
  } else if (thinking) {
    $("status").textContent = "Agent is thinking";
    document.body.dataset.state = "thinking";
  } else {
    $("status").textContent = "Your move: click a highlighted house or press its key (" + g.legal.split("").join(" ") + ").";
    document.body.dataset.state = "human";
  }
  if (animate) {
    animateSowing(g);
  }
}

/** The page while loading or after a failed load: whatever board is there offers no move. */
export function drawNotPlaying(error) {
  document.body.classList.remove("thinking");
  if (error !== null) {
    document.body.dataset.state = "error";
    $("status").textContent = "The player could not be loaded.";
    $("error").textContent = "Cannot load the player: " + error;
  } else {
    document.body.dataset.state = "loading";
    $("status").textContent = "Loading the player...";
  }
  for (const cell of document.querySelectorAll(".house.legal")) {
    cell.classList.remove("legal");
  }
}
