// The observation encoders of the lab in JavaScript (org.owarelab.env.CompactEncoder and
// PlanesEncoder), so that the browser feeds model.onnx exactly what the Java engine feeds the
// network. Values are rounded to float32 as Java computes them; RulesConformanceTest (export module) compares the
// encodings with Java's bit for bit. The model card's encoder tag says which one a model reads.

const f32 = Math.fround;

/** The encoder of tag "compact/1" or "planes/1" for a rule set; throws for any other tag. */
export function encoderFor(tag, rules) {
  if (tag === "compact/1") {
    return new CompactEncoder(rules);
  }
  if (tag === "planes/1") {
    return new PlanesEncoder(rules);
  }
  throw new Error("encoder '" + tag + "': this web player knows compact/1 and planes/1");
}

/** count / total as Java's (float) c / total, for every count. */
function norms(total) {
  const norm = new Float32Array(total + 1);
  for (let c = 0; c <= total; c++) {
    norm[c] = f32(c / total);
  }
  return norm;
}

/** compact/1: float[2n+2], the mover's houses, the opponent's, both stores, each / total seeds. */
export class CompactEncoder {
  constructor(rules) {
    this.n = rules.houses;
    this.norm = norms(rules.total);
    this.shape = [2 * this.n + 2];
    this.size = 2 * this.n + 2;
  }

  encode(board, out, offset = 0) {
    const n = this.n;
    const mine = board.side * n;
    const theirs = n - mine;
    for (let k = 0; k < n; k++) {
      out[offset + k] = this.norm[board.houses[mine + k]];
      out[offset + n + k] = this.norm[board.houses[theirs + k]];
    }
    out[offset + 2 * n] = this.norm[board.stores[board.side]];
    out[offset + 2 * n + 1] = this.norm[board.stores[1 - board.side]];
  }
}

/** planes/1: float[2n+7][2n] channel-major (see PlanesEncoder's contract). */
export class PlanesEncoder {
  static PROGRESS_PLIES = 300;

  constructor(rules) {
    this.n2 = 2 * rules.houses;
    this.channels = this.n2 + 7;
    this.norm = norms(rules.total);
    this.shape = [this.channels, this.n2];
    this.size = this.channels * this.n2;
  }

  encode(board, out, offset = 0) {
    const n2 = this.n2;
    const n = n2 / 2;
    const T = n2;
    const mover = board.side;
    let abs = mover * n;
    for (let k = 0; k < n2; k++) {
      const c = board.houses[abs];
      for (let t = 0; t < T; t++) {
        out[offset + t * n2 + k] = c > t ? 1 : 0;
      }
      out[offset + T * n2 + k] = this.norm[c];
      out[offset + (T + 1) * n2 + k] = c === 1 || c === 2 ? 1 : 0;
      const mine = k < n;
      out[offset + (T + 2) * n2 + k] = mine ? 1 : 0;
      out[offset + (T + 3) * n2 + k] = mine && ((board.legal >>> k) & 1) ? 1 : 0;
      out[offset + (T + 4) * n2 + k] = this.norm[board.stores[mover]];
      out[offset + (T + 5) * n2 + k] = this.norm[board.stores[1 - mover]];
      out[offset + (T + 6) * n2 + k] = f32(Math.min(board.ply, PlanesEncoder.PROGRESS_PLIES) / PlanesEncoder.PROGRESS_PLIES);
      if (++abs === n2) {
        abs = 0;
      }
    }
  }
}
