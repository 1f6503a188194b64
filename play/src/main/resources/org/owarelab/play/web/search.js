// The lab's PUCT search in JavaScript: a port of org.owarelab.agents.puct (Tree, Walker,
// Selection, RootSelection, RootPolicy) for the exported player's settings: no noise, no Gumbel,
// no solver, the most visited move. One leaf per evaluation (the Java engine's order at a fixed
// simulation count), or with `batch` above 1 up to that many leaves per network call with virtual
// loss, a walk that meets a leaf in flight holding one more virtual visit on its path (Walker's
// collect and expand with collisions held, the Java engine's timed search). SearchConformanceTest
// checks both against the Java engine.
//
// Perspective (as in Java): a node's valueSum and raw value are from the view of the side to move
// there, in [-1, 1], negated on the way up. Selection maximises Q + c(N) P sqrt(N) / (1 + N(a))
// with c(N) = cPuct + log((N + cBase + 1) / cBase); an unvisited child gets the first-play urgency
// Q(node) - fpu * sqrt(prior mass of the visited children) (fpuRoot at the root).

const f32 = Math.fround;
const PENDING = 0;
const EXPANDED = 1;
const TERMINAL = 2;
// The settings come from the card (player.json's search.settings, which the Java export writes
// from the puct agent's defaults, WebSearchSettings): cPuct, cBase, fpu, fpuRoot, reuse,
// terminalBurst (simulations ending at terminal nodes one batched step runs at most, the engine's
// PuctAgent.TERMINAL_BURST) and timedBatch (leaves per network call of a timed search,
// PuctAgent.AUTO_BATCH). No copy of them lives here.
const SETTINGS = ["cPuct", "cBase", "fpu", "fpuRoot", "reuse", "terminalBurst", "timedBatch"];

/** Adds `d` virtual visits to `node` and every node above it (a walk in flight marks its path). */
function addVirtual(node, d) {
  for (let x = node; x !== null; x = x.parent) {
    x.virtual += d;
  }
}

function newNode(parent, move, actions) {
  return {
    parent, move, visits: 0, virtual: 0, valueSum: 0, state: PENDING, raw: 0, legal: 0,
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

  async evaluateBatch(boards) {
    return boards.map((b) => this.evaluateNow(b));
  }
}

/** One PUCT search tree over one game; evaluate(board) returns {priors, value} (a promise or not). */
export class Search {
  constructor(rules, evaluator, settings) {
    const missing = SETTINGS.filter((k) => settings == null || settings[k] === undefined);
    if (missing.length > 0) {
      throw new Error("search settings: missing " + missing.join(", ") + " (expected the card's search.settings)");
    }
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

  /**
   * PUCT over the legal children of an expanded node (Selection.puct): virtual visits count as
   * visits lost for the chooser (none in a one-leaf search); ties go to the lower move.
   */
  select(node, fpuReduction) {
    const a = this.a;
    const cs = this.scale(node.visits + node.virtual - 1);
    let visitedMass = 0;
    for (let m = 0; m < a; m++) {
      const ch = node.children[m];
      if (ch !== null && ch.visits + ch.virtual > 0) {
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
      const n = ch === null ? 0 : ch.visits + ch.virtual;
      const q = n === 0 ? fpu : (-ch.valueSum - ch.virtual) / n;
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

  /**
   * Walks `b` (at the root) down the tree (Walker.descend): a new leaf to evaluate {leaf, depth}
   * (its path marked with a virtual visit when `mark`), a simulation that ended at a terminal node
   * {depth} (backed up already), or a leaf in flight {collision, depth}. `b` is left at the node
   * reached; the caller takes the moves back.
   */
  descend(b, mark) {
    const root = this.root;
    let node = root;
    let depth = 0;
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
          return { depth };
        }
        if (mark) {
          addVirtual(c, 1);
        }
        return { leaf: c, depth };
      }
      if (c.state === TERMINAL) {
        this.backup(c, c.raw);
        return { depth };
      }
      if (c.state === PENDING) {
        return { collision: c, depth };
      }
      node = c;
    }
  }

  /**
   * Takes back a leaf whose evaluation failed (the evaluator threw or rejected): a new child is
   * removed from its parent and a root stays unexpanded, so that the tree is as if the walk to it
   * never happened and a later run goes on from a consistent tree.
   */
  forget(leaf) {
    if (leaf.parent !== null && leaf.state === PENDING) {
      leaf.parent.children[leaf.move] = null;
    }
  }

  /** One simulation from the root with one leaf in flight (no virtual loss); returns its leaf depth. */
  async simulate() {
    const root = this.root;
    if (root.state === PENDING) {
      const v = await this.expand(root, this.board);
      this.backup(root, v);
      return 0;
    }
    const b = this.board;
    let depth = 0;
    try {
      const w = this.descend(b, false);
      depth = w.depth;
      if (w.leaf) {
        let v;
        try {
          v = await this.expand(w.leaf, b);
        } catch (e) {
          this.forget(w.leaf);
          throw e;
        }
        this.backup(w.leaf, v);
      }
      return depth;
    } finally {
      for (let k = 0; k < depth; k++) {
        b.undo();
      }
    }
  }

  /**
   * One walk from the root for a batched step, on a copy of the root board: {leaf, board, depth}
   * with the board walked to the leaf, {depth} for a terminal simulation, or {collision}.
   */
  walk() {
    const root = this.root;
    if (root.state === PENDING) {
      if (root.virtual > 0) {
        return { collision: root };
      }
      addVirtual(root, 1);
      return { leaf: root, board: this.board.copy(), depth: 0 };
    }
    const board = this.board.copy();
    const w = this.descend(board, true);
    return w.leaf ? { leaf: w.leaf, board, depth: w.depth } : w;
  }

  /**
   * One batched step (Walker.collect, one network call, Walker.expand): walks to up to `batch`
   * leaves within `budget` simulations, holding up to `batch` collisions (a collision at the root
   * ends the walks), evaluates the leaves in one call and backs them up, taking every virtual
   * visit back. When the call fails, the leaves not yet backed up are forgotten and the error is
   * thrown: the tree stays consistent for a later run. Returns {sims, depthSum, maxDepth}.
   */
  async step(batch, budget) {
    const leaves = [];
    const collided = [];
    let sims = 0;
    let depthSum = 0;
    let maxDepth = 0;
    let terminals = 0;
    while (leaves.length < batch && budget - sims - leaves.length > 0) {
      const w = this.walk();
      if (w.collision) {
        if (collided.length >= batch || w.collision === this.root) {
          break;
        }
        addVirtual(w.collision, 1);
        collided.push(w.collision);
      } else if (w.leaf) {
        leaves.push(w);
      } else {
        sims++;
        depthSum += w.depth;
        maxDepth = Math.max(maxDepth, w.depth);
        if (++terminals === this.s.terminalBurst) {
          break;
        }
      }
    }
    let expanded = 0;
    try {
      if (leaves.length > 0) {
        const boards = leaves.map((l) => l.board);
        const answers = this.evaluator.evaluateBatch ? await this.evaluator.evaluateBatch(boards)
          : await Promise.all(boards.map((b) => this.evaluator.evaluate(b)));
        for (let i = 0; i < leaves.length; i++) {
          const { leaf, board, depth } = leaves[i];
          const r = answers[i];
          if (!(r.value >= -1 && r.value <= 1)) {
            throw new Error("evaluator returned value " + r.value + " for " + board.text());
          }
          this.setPriors(leaf, board.legal, r.priors);
          leaf.raw = r.value;
          leaf.state = EXPANDED;
          depthSum += depth;
          maxDepth = Math.max(maxDepth, depth);
          let v = r.value;
          for (let x = leaf; x !== null; x = x.parent) {
            x.visits++;
            x.valueSum += v;
            x.virtual--;
            v = -v;
          }
          expanded++;
        }
        sims += leaves.length;
      }
    } finally {
      for (const c of collided) {
        addVirtual(c, -1);
      }
      for (let i = expanded; i < leaves.length; i++) {
        addVirtual(leaves[i].leaf, -1);
        this.forget(leaves[i].leaf);
      }
    }
    return { sims, depthSum, maxDepth };
  }

  /**
   * Runs `sims` simulations (Infinity: until the deadline), stopping at `deadline` (a
   * performance.now()-style time in ms, or Infinity); `now` gives the time. With `batch` above 1
   * each network call evaluates up to `batch` leaves (virtual loss); 1 is the plain sequential
   * search. A `temperature` above 0 draws the move (chooseMoveAt, with `random`), as a calibrated
   * level plays. Returns the result.
   */
  async run({ sims = Infinity, deadline = Infinity, now = () => performance.now(), batch = 1, temperature = 0,
    random = Math.random } = {}) {
    if (this.board.isOver()) {
      throw new Error("cannot search a finished game at " + this.board.text());
    }
    if (!(Number.isInteger(batch) && batch >= 1)) {
      throw new Error("batch " + batch + ": expected a whole number >= 1");
    }
    const t0 = now();
    let done = 0;
    let depthSum = 0;
    let maxDepth = 0;
    while (done < sims && (done === 0 || now() < deadline)) {
      if (batch > 1) {
        const r = await this.step(batch, sims - done);
        done += r.sims;
        depthSum += r.depthSum;
        maxDepth = Math.max(maxDepth, r.maxDepth);
        continue;
      }
      const d = await this.simulate();
      done++;
      depthSum += d;
      maxDepth = Math.max(maxDepth, d);
    }
    const move = temperature > 0 ? this.chooseMoveAt(temperature, random) : this.chooseMove();
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

  /**
   * A legal move drawn with probability proportional to N^(1/t), the priors in place of the visit
   * counts when no child has been visited (one simulation): RootPolicy.choose. `random` gives a
   * number in [0, 1).
   */
  chooseMoveAt(temperature, random) {
    const root = this.root;
    let visited = false;
    for (let m = 0; m < this.a; m++) {
      visited = visited || (((root.legal >>> m) & 1) === 1 && root.children[m] !== null && root.children[m].visits > 0);
    }
    const w = [];
    let max = 0;
    for (let m = 0; m < this.a; m++) {
      const c = root.children[m];
      w.push(!((root.legal >>> m) & 1) ? 0 : visited ? (c === null ? 0 : c.visits) : root.prior[m]);
      max = Math.max(max, w[m]);
    }
    let sum = 0;
    for (let m = 0; m < this.a; m++) {
      w[m] = w[m] > 0 ? Math.pow(w[m] / max, 1 / temperature) : 0;
      sum += w[m];
    }
    if (!(sum > 0)) {
      return this.chooseMove();
    }
    let x = random() * sum;
    let last = -1;
    for (let m = 0; m < this.a; m++) {
      if (w[m] > 0) {
        last = m;
        x -= w[m];
        if (x < 0) {
          return m;
        }
      }
    }
    return last;
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
