// The lab's rules of Oware Abapa in JavaScript, for the static web player (oware export --web).
// A second implementation of org.owarelab.rules.Board (env/RULES.md), kept in agreement with it by
// the export module's RulesConformanceTest: perft counts and replayed random games under every rule
// variant. Written for clarity: one array of house counts, a history stack for undo and the
// repetition rule. Moves are relative: m in 0..n-1 is the mover's house m from its own left.

export const SOUTH = 0;
export const NORTH = 1;

/** End codes, as org.owarelab.rules.Ending. */
export const ONGOING = 0;
export const THRESHOLD = 1;
export const REPETITION = 2;
/** No legal move; the side to move takes the seeds left. */
export const NO_MOVES_MOVER = 3;
/** No legal move; the other side takes the seeds left. */
export const NO_MOVES_OTHER = 4;

const GRAND_SLAMS = ["no-capture", "illegal", "capture-all", "to-opponent", "spare-last"];
const REPETITIONS = ["own-side", "split"];

/** A rule set: houses per side, seeds per house, grand-slam and repetition variants (RuleSet's text form). */
export class RuleSet {
  constructor(houses = 6, seeds = 4, grandSlam = "no-capture", repetition = "own-side") {
    if (!(houses >= 2 && houses <= 8) || !(seeds >= 1 && seeds <= 8)) {
      throw new Error("rules: houses=" + houses + " (2..8), seeds=" + seeds + " (1..8)");
    }
    if (!GRAND_SLAMS.includes(grandSlam) || !REPETITIONS.includes(repetition)) {
      throw new Error("rules: grand-slam=" + grandSlam + ", repetition=" + repetition);
    }
    this.houses = houses;
    this.seeds = seeds;
    this.grandSlam = grandSlam;
    this.repetition = repetition;
    this.total = 2 * houses * seeds;
    this.winningStore = Math.floor(this.total / 2) + 1;
  }

  /** Parses "grand-slam=capture-all,houses=4" ("" or "default": the default rules). */
  static parse(text) {
    const r = { houses: 6, seeds: 4, "grand-slam": "no-capture", repetition: "own-side" };
    const t = (text || "").trim();
    if (t !== "" && t.toLowerCase() !== "default") {
      for (const part of t.split(",")) {
        const [k, v] = part.split("=").map((s) => s.trim());
        if (!(k in r) || v === undefined) {
          throw new Error("rules '" + text + "': unknown or empty key '" + k + "'");
        }
        r[k] = k === "houses" || k === "seeds" ? Number(v) : v.toLowerCase();
      }
    }
    return new RuleSet(r.houses, r.seeds, r["grand-slam"], r.repetition);
  }
}

/** The letter of relative move m for side s: A.. for South, a.. for North. */
export function letter(side, m) {
  return String.fromCharCode((side === SOUTH ? 65 : 97) + m);
}

/** The mutable game state, as org.owarelab.rules.Board: houses, stores, side, legal mask, end, history. */
export class Board {
  constructor(rules = new RuleSet()) {
    this.rules = rules;
    this.n = rules.houses;
    this.houses = new Array(2 * this.n).fill(rules.seeds);
    this.stores = [0, 0];
    this.side = SOUTH;
    this.ply = 0;
    this.irreversible = 0;
    this.captured = 0;
    this.capturedHouses = [];
    this.end = ONGOING;
    this.legal = 0;
    /** One entry per ply played: the state before the move. */
    this.history = [];
    this.updateLegal();
  }

  /** A board at position text "4-4-...-0-0-S" (no history). */
  static fromText(text, rules) {
    const b = new Board(rules);
    const f = text.trim().split("-");
    const n2 = 2 * b.n;
    if (f.length !== n2 + 3) {
      throw new Error("position '" + text + "': expected " + (n2 + 3) + " fields");
    }
    b.houses = f.slice(0, n2).map(Number);
    b.stores = [Number(f[n2]), Number(f[n2 + 1])];
    b.side = f[n2 + 2].toUpperCase() === "S" ? SOUTH : NORTH;
    if (b.stores[0] >= rules.winningStore || b.stores[1] >= rules.winningStore) {
      b.end = THRESHOLD;
      b.legal = 0;
    } else {
      b.updateLegal();
    }
    return b;
  }

  /** A full copy, history included. */
  copy() {
    const b = Object.create(Board.prototype);
    Object.assign(b, this);
    b.houses = this.houses.slice();
    b.stores = this.stores.slice();
    b.capturedHouses = this.capturedHouses.slice();
    b.history = this.history.slice();
    return b;
  }

  /** Seeds in absolute house h (0..2n-1: South's, then North's). */
  count(h) {
    return this.houses[h];
  }

  isOver() {
    return this.end !== ONGOING;
  }

  isLegal(m) {
    return m >= 0 && m < this.n && ((this.legal >>> m) & 1) === 1;
  }

  /** Legal moves as letters, e.g. "ABDF". */
  legalLetters() {
    let s = "";
    for (let m = 0; m < this.n; m++) {
      if ((this.legal >>> m) & 1) {
        s += letter(this.side, m);
      }
    }
    return s;
  }

  /** The relative move of a letter for the side to move, or -1. */
  moveOf(ch) {
    const m = ch.charCodeAt(0) - (this.side === SOUTH ? 65 : 97);
    return m >= 0 && m < this.n ? m : -1;
  }

  seedsOnSide(s) {
    let t = 0;
    for (let i = 0; i < this.n; i++) {
      t += this.houses[s * this.n + i];
    }
    return t;
  }

  /** The position text, as Position.text(). */
  text() {
    return this.houses.join("-") + "-" + this.stores[0] + "-" + this.stores[1] + "-" + (this.side === SOUTH ? "S" : "N");
  }

  /** Plays relative move m; throws for an illegal move. */
  play(m) {
    if (!this.isLegal(m)) {
      throw new Error("move " + m + " is not legal here (legal: " + this.legalLetters() + ")");
    }
    const n = this.n;
    const n2 = 2 * n;
    const h = this.houses;
    this.history.push({
      houses: h.slice(), stores: this.stores.slice(), side: this.side, legal: this.legal, end: this.end,
      captured: this.captured, capturedHouses: this.capturedHouses, irreversible: this.irreversible,
    });
    const s = this.side;
    const origin = s * n + m;
    let seeds = h[origin];
    h[origin] = 0;
    let p = origin;
    while (seeds > 0) {
      p = (p + 1) % n2;
      if (p === origin) {
        continue; // the emptied house is skipped on every lap
      }
      h[p]++;
      seeds--;
    }
    this.captured = 0;
    this.capturedHouses = [];
    let grandSlamEnd = ONGOING;
    const opp = 1 - s;
    if (Math.floor(p / n) === opp && (h[p] === 2 || h[p] === 3)) {
      grandSlamEnd = this.capture(p);
    }
    this.side = opp;
    this.ply++;
    this.settle(grandSlamEnd);
  }

  /** Captures from the opponent's house `last` clockwise; applies the grand-slam variant; returns an end code. */
  capture(last) {
    const n = this.n;
    const h = this.houses;
    const base = (1 - this.side) * n;
    let first = last;
    while (first >= base && (h[first] === 2 || h[first] === 3)) {
      first--;
    }
    first++;
    let sum = 0;
    for (let i = first; i <= last; i++) {
      sum += h[i];
    }
    let end = ONGOING;
    if (sum === this.seedsOnSide(1 - this.side)) {
      const g = this.rules.grandSlam;
      if (g === "no-capture" || g === "illegal") {
        return ONGOING;
      }
      if (g === "spare-last") {
        sum -= h[last];
        last--;
      } else {
        end = g === "capture-all" ? NO_MOVES_OTHER : NO_MOVES_MOVER;
      }
    }
    for (let i = first; i <= last; i++) {
      h[i] = 0;
      this.capturedHouses.push(i);
    }
    this.stores[this.side] += sum;
    this.captured = sum;
    return end;
  }

  settle(grandSlamEnd) {
    if (this.captured > 0) {
      this.irreversible = this.ply;
    }
    if (this.stores[0] >= this.rules.winningStore || this.stores[1] >= this.rules.winningStore) {
      this.end = THRESHOLD;
      this.legal = 0;
    } else if (grandSlamEnd !== ONGOING) {
      this.end = grandSlamEnd;
      this.legal = 0;
    } else if (this.captured === 0 && this.repeats()) {
      this.end = REPETITION;
      this.legal = 0;
    } else {
      this.updateLegal();
    }
  }

  /** Whether the current position occurred before since the last capture (same side to move). */
  repeats() {
    for (let k = this.ply - 2; k >= this.irreversible; k -= 2) {
      const e = this.history[k];
      if (e.stores[0] === this.stores[0] && e.stores[1] === this.stores[1]
          && e.houses.every((c, i) => c === this.houses[i])) {
        return true;
      }
    }
    return false;
  }

  updateLegal() {
    const n = this.n;
    const h = this.houses;
    const me = this.side * n;
    const opponentEmpty = this.seedsOnSide(1 - this.side) === 0;
    let mask = 0;
    for (let i = 0; i < n; i++) {
      const c = h[me + i];
      if (c > 0 && (!opponentEmpty || c >= n - i)) {
        mask |= 1 << i;
      }
    }
    if (this.rules.grandSlam === "illegal") {
      for (let i = 0; i < n; i++) {
        if (((mask >>> i) & 1) && this.isGrandSlam(i)) {
          mask &= ~(1 << i);
        }
      }
    }
    this.legal = mask;
    if (mask !== 0) {
      this.end = ONGOING;
    } else {
      this.end = this.seedsOnSide(this.side) > 0 ? NO_MOVES_MOVER : NO_MOVES_OTHER;
    }
  }

  /** Whether relative move m would capture every opponent seed (looked at on a copy of the houses). */
  isGrandSlam(m) {
    const n = this.n;
    const n2 = 2 * n;
    const h = this.houses.slice();
    const origin = this.side * n + m;
    let seeds = h[origin];
    h[origin] = 0;
    let p = origin;
    while (seeds > 0) {
      p = (p + 1) % n2;
      if (p !== origin) {
        h[p]++;
        seeds--;
      }
    }
    const base = (1 - this.side) * n;
    if (p < base || p >= base + n || (h[p] !== 2 && h[p] !== 3)) {
      return false;
    }
    let sum = 0;
    for (let i = p; i >= base && (h[i] === 2 || h[i] === 3); i--) {
      sum += h[i];
    }
    let total = 0;
    for (let i = base; i < base + n; i++) {
      total += h[i];
    }
    return sum === total;
  }

  /** Takes back the last move. */
  undo() {
    if (this.ply === 0) {
      throw new Error("undo at the base position");
    }
    const e = this.history.pop();
    this.houses = e.houses;
    this.stores = e.stores;
    this.side = e.side;
    this.legal = e.legal;
    this.end = e.end;
    this.captured = e.captured;
    this.capturedHouses = e.capturedHouses;
    this.irreversible = e.irreversible;
    this.ply--;
  }

  /** Side s's store after the end-of-game sharing, as Board.finalStore. */
  finalStore(s) {
    const store = this.stores[s];
    const mine = this.seedsOnSide(s);
    const theirs = this.seedsOnSide(1 - s);
    switch (this.end) {
      case REPETITION: {
        if (this.rules.repetition === "own-side") {
          return store + mine;
        }
        const left = mine + theirs;
        return store + Math.floor(left / 2) + (left % 2 === 1 && mine > theirs ? 1 : 0);
      }
      case NO_MOVES_MOVER:
        return s === this.side ? store + mine + theirs : store;
      case NO_MOVES_OTHER:
        return s !== this.side ? store + mine + theirs : store;
      default:
        return store;
    }
  }

  /** SOUTH, NORTH, or -1 for a draw (or while the game goes on). */
  winner() {
    if (this.end === ONGOING) {
      return -1;
    }
    const a = this.finalStore(SOUTH);
    const b = this.finalStore(NORTH);
    return a > b ? SOUTH : b > a ? NORTH : -1;
  }

  /** +1 win, 0 draw or ongoing, -1 loss, from side s's view. */
  result(s) {
    const w = this.winner();
    return w < 0 ? 0 : w === s ? 1 : -1;
  }

  /** Why the game ended, as EndReason's names, or null. */
  endReason() {
    return [null, "THRESHOLD", "REPETITION", "NO_MOVES", "NO_MOVES"][this.end];
  }
}

/** Leaves at `depth` plies below the board, as Perft.count. */
export function perft(board, depth) {
  if (depth <= 0) {
    return 1;
  }
  let mask = board.legal;
  if (depth === 1) {
    let c = 0;
    for (; mask; mask &= mask - 1) {
      c++;
    }
    return c;
  }
  let total = 0;
  for (let m = 0; m < board.n; m++) {
    if ((mask >>> m) & 1) {
      board.play(m);
      total += perft(board, depth - 1);
      board.undo();
    }
  }
  return total;
}
