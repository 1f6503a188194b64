// The lab's PUCT search in JavaScript: a port of org.owarelab.agents.puct (Tree, Walker,
// Selection, RootSelection, RootPolicy) for the exported player's settings: no noise, no Gumbel,
// no solver, one leaf per evaluation (the Java engine's order at a fixed simulation count), the
// most visited move. WebConformanceTest checks that it picks the Java engine's move.
//
// Perspective (as in Java): a node's valueSum and raw value are from the view of the side to move
// there, in [-1, 1], negated on the way up. Selection maximises Q + c(N) P sqrt(N) / (1 + N(a))
// with c(N) = cPuct + log((N + cBase + 1) / cBase); an unvisited child gets the first-play urgency
// Q(node) - fpu * sqrt(prior mass of the visited children) (fpuRoot at the root).

const f32 = Math.fround;
const PENDING = 0;
const EXPANDED = 1;
const TERMINAL = 2;

/** The exported player's settings, the puct agent's defaults (see the model card's search.options). */
export const DEFAULT_SETTINGS = Object.freeze({ cPuct: 1.25, cBase: 19652, fpu: 0.25, fpuRoot: 0.0, reuse: true });

function newNode(parent, move, actions) {
  return {
    parent, move, visits: 0, valueSum: 0, state: PENDING, raw: 0, legal: 0,
    children: new Array(actions).fill(null), prior: new Float32Array(actions),
  };
}

/** Uniform priors over the legal moves and value 0 (UniformEvaluator): a search with no network. */
export class UniformEvaluator {
  async evaluate(board) {
    return this.evaluateNow(board);
  }

  evaluateNow(board) {
    let legal = 0;
    for (let m = board.legal; m; m &= m - 1) {
      legal++;
    }
    const p = f32(1 / legal);
    const priors = new Float32Array(board.n);
    for (let m = 0; m < board.n; m++) {
      priors[m] = (board.legal >>> m) & 1 ? p : 0;
    }
    return { priors, value: 0 };
  }
}

/** One PUCT search tree over one game; evaluate(board) returns {priors, value} (a promise or not). */
export class Search {
  constructor(rules, evaluator, settings = DEFAULT_SETTINGS) {
    this.rules = rules;
    this.a = rules.houses;
    this.evaluator = evaluator;
    this.s = settings;
    this.scaleCache = new Float64Array(1 << 14).fill(-1);
    this.root = null;
    this.board = null;
  }

  /** Starts over at `board` (copied, history included) with an empty tree. */
  reset(board) {
    this.board = board.copy();
    this.root = newNode(null, -1, this.a);
  }

  /** Plays `move` at the root, keeping its subtree when reuse is on and it was expanded. */
  advance(move) {
    const c = this.root && this.root.state === EXPANDED ? this.root.children[move] : null;
    this.board.play(move);
    if (this.s.reuse && c && c.state === EXPANDED) {
      c.parent = null;
      this.root = c;
    } else {
      this.root = newNode(null, -1, this.a);
    }
  }

  /** c(N) sqrt(max(1, N)) for N child visits (ExplorationScale). */
  scale(n) {
    if (n >= 0 && n < this.scaleCache.length && this.scaleCache[n] >= 0) {
      return this.scaleCache[n];
    }
    const c = this.s.cBase > 0 ? this.s.cPuct + Math.log((n + this.s.cBase + 1) / this.s.cBase) : this.s.cPuct;
    const v = c * Math.sqrt(Math.max(1, n));
    if (n >= 0 && n < this.scaleCache.length) {
      this.scaleCache[n] = v;
    }
    return v;
  }

  /** PUCT over the legal children of an expanded node (Selection.puctPlain); ties go to the lower move. */
  select(node, fpuReduction) {
    const a = this.a;
    const cs = this.scale(node.visits - 1);
    let visitedMass = 0;
    for (let m = 0; m < a; m++) {
      const ch = node.children[m];
      if (ch !== null && ch.visits > 0) {
        visitedMass += node.prior[m];
      }
    }
    const fpu = node.valueSum / node.visits - fpuReduction * Math.sqrt(visitedMass);
    let best = -1;
    let bestScore = -Infinity;
    for (let m = 0; m < a; m++) {
      if (!((node.legal >>> m) & 1)) {
        continue;
      }
      const ch = node.children[m];
      const n = ch === null ? 0 : ch.visits;
      const q = n === 0 ? fpu : -ch.valueSum / n;
      const score = q + cs * node.prior[m] / (1 + n);
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    return best;
  }

  /** Priors renormalised over the legal moves (Walker.setPriors). */
  setPriors(node, mask, priors) {
    node.legal = mask;
    let sum = 0;
    let legal = 0;
    for (let m = 0; m < this.a; m++) {
      const p = (mask >>> m) & 1 ? priors[m] : 0;
      node.prior[m] = p;
      sum += p;
      legal += (mask >>> m) & 1;
    }
    for (let m = 0; m < this.a; m++) {
      if ((mask >>> m) & 1) {
        node.prior[m] = sum > 0 ? f32(node.prior[m] / sum) : f32(1 / legal);
      }
    }
  }

  backup(node, v) {
    while (node !== null) {
      node.visits++;
      node.valueSum += v;
      v = -v;
      node = node.parent;
    }
  }

  async expand(node, board) {
    let r = this.evaluator.evaluate(board);
    if (r instanceof Promise) {
      r = await r;
    }
    if (!(r.value >= -1 && r.value <= 1)) {
      throw new Error("evaluator returned value " + r.value + " for " + board.text());
    }
    this.setPriors(node, board.legal, r.priors);
    node.raw = r.value;
    node.state = EXPANDED;
    return r.value;
  }

  /** One simulation from the root (Walker.descend with one leaf in flight); returns its leaf depth. */
  async simulate() {
    const root = this.root;
    if (root.state === PENDING) {
      const v = await this.expand(root, this.board);
      this.backup(root, v);
      return 0;
    }
    const b = this.board;
    let node = root;
    let depth = 0;
    try {
      for (;;) {
        const m = this.select(node, node === root ? this.s.fpuRoot : this.s.fpu);
        let c = node.children[m];
        b.play(m);
        depth++;
        if (c === null) {
          c = newNode(node, m, this.a);
          node.children[m] = c;
          if (b.isOver()) {
            c.state = TERMINAL;
            c.raw = b.result(b.side);
            this.backup(c, c.raw);
            return depth;
          }
          const v = await this.expand(c, b);
          this.backup(c, v);
          return depth;
        }
        if (c.state === TERMINAL) {
          this.backup(c, c.raw);
          return depth;
        }
        node = c;
      }
    } finally {
      for (let k = 0; k < depth; k++) {
        b.undo();
      }
    }
  }

  /**
   * Runs `sims` simulations (Infinity: until the deadline), stopping at `deadline` (a
   * performance.now()-style time in ms, or Infinity); `now` gives the time. Returns the result.
   */
  async run({ sims = Infinity, deadline = Infinity, now = () => performance.now() } = {}) {
    if (this.board.isOver()) {
      throw new Error("cannot search a finished game at " + this.board.text());
    }
    const t0 = now();
    let done = 0;
    let depthSum = 0;
    let maxDepth = 0;
    while (done < sims && (done === 0 || now() < deadline)) {
      const d = await this.simulate();
      done++;
      depthSum += d;
      maxDepth = Math.max(maxDepth, d);
    }
    const move = this.chooseMove();
    let pv = this.principalVariation(64);
    if (pv.length === 0 || pv[0] !== move) {
      pv = [move]; // a tie the most-visited line breaks the other way (as PuctAgent.decide)
    }
    return {
      move, value: this.rootValue(), pv, simulations: done,
      timeMs: now() - t0, averageDepth: done ? depthSum / done : 0, maxDepth, visits: this.childVisits(),
    };
  }

  childVisits() {
    return this.root.children.map((c) => (c === null ? 0 : c.visits));
  }

  /** The root's mean value from its mover's view. */
  rootValue() {
    return this.root.visits === 0 ? 0 : this.root.valueSum / this.root.visits;
  }

  /** The most visited legal move; ties: higher value, then higher prior, then lower move (RootPolicy.greedy). */
  chooseMove() {
    const root = this.root;
    let best = -1;
    let bestN = -1;
    let bestQ = -Infinity;
    let bestP = -1;
    for (let m = 0; m < this.a; m++) {
      if (!((root.legal >>> m) & 1)) {
        continue;
      }
      const c = root.children[m];
      const n = c === null ? 0 : c.visits;
      const q = n === 0 ? -Infinity : -c.valueSum / n;
      const p = root.prior[m];
      if (n > bestN || (n === bestN && (q > bestQ || (q === bestQ && p > bestP)))) {
        best = m;
        bestN = n;
        bestQ = q;
        bestP = p;
      }
    }
    return best;
  }

  /** The most visited line from the root, at most `max` moves. */
  principalVariation(max) {
    const pv = [];
    let node = this.root;
    while (pv.length < max && node.state === EXPANDED) {
      let best = -1;
      let bestN = 0;
      for (let m = 0; m < this.a; m++) {
        const c = node.children[m];
        const n = (node.legal >>> m) & 1 && c !== null ? c.visits : 0;
        if (n > bestN) {
          bestN = n;
          best = m;
        }
      }
      if (best < 0) {
        break;
      }
      pv.push(best);
      node = node.children[best];
    }
    return pv;
  }
}
