// The network of model.onnx as the search's evaluator, through onnxruntime-web (passed in as
// `ort`, so that the worker and the Node conformance harness load it their own way). Turns the
// raw outputs into what DjlEvaluator gives the Java search: a softmax over the legal moves only,
// and the value from the side to move's view (the tanh head, or p(win) - p(loss) of the WDL head),
// rounded to float32 as Java computes them (org.owarelab.model.Softmax).

import { encoderFor } from "./encoder.js";

const f32 = Math.fround;

/** Masked softmax in float32 arithmetic, as Softmax.masked. */
export function maskedSoftmax(logits, mask, n) {
  let max = -Infinity;
  for (let m = 0; m < n; m++) {
    if ((mask >>> m) & 1) {
      max = Math.max(max, logits[m]);
    }
  }
  const out = new Float32Array(n);
  let sum = 0;
  for (let m = 0; m < n; m++) {
    const e = (mask >>> m) & 1 ? f32(Math.exp(f32(logits[m] - max))) : 0;
    out[m] = e;
    sum = f32(sum + e);
  }
  const inv = f32(1 / sum);
  for (let m = 0; m < n; m++) {
    out[m] = f32(out[m] * inv);
  }
  return out;
}

/** p(win) - p(loss) of win/draw/loss logits, as Softmax.wdlValue. */
export function wdlValue(w, d, l) {
  const max = Math.max(w, d, l);
  const ew = Math.exp(f32(w - max));
  const ed = Math.exp(f32(d - max));
  const el = Math.exp(f32(l - max));
  return f32((ew - el) / (ew + ed + el));
}

/** An evaluator over an onnxruntime-web InferenceSession of model.onnx, described by the player's card. */
export class OnnxEvaluator {
  /**
   * @param ort the onnxruntime-web module
   * @param session an InferenceSession of model.onnx
   * @param card player.json: {encoder, inputShape, input, policy, value, wdl}
   */
  constructor(ort, session, card, rules) {
    this.ort = ort;
    this.session = session;
    this.card = card;
    this.encoder = encoderFor(card.encoder, rules);
    this.n = rules.houses;
    this.buffer = new Float32Array(this.encoder.size);
    this.calls = 0;
    this.leaves = 0;
  }

  static async create(ort, modelBytes, card, rules) {
    const session = await ort.InferenceSession.create(modelBytes, { executionProviders: ["wasm"] });
    return new OnnxEvaluator(ort, session, card, rules);
  }

  async evaluate(board) {
    return (await this.evaluateBatch([board]))[0];
  }

  /** The boards' {priors, value} from one forward pass of a batch of boards.length rows. */
  async evaluateBatch(boards) {
    const k = boards.length;
    const size = this.encoder.size;
    if (this.buffer.length < k * size) {
      this.buffer = new Float32Array(k * size);
    }
    for (let i = 0; i < k; i++) {
      this.encoder.encode(boards[i], this.buffer, i * size);
    }
    const data = k * size === this.buffer.length ? this.buffer : this.buffer.subarray(0, k * size);
    const input = new this.ort.Tensor("float32", data, [k, ...this.encoder.shape]);
    const out = await this.session.run({ [this.card.input]: input });
    this.calls++;
    this.leaves += k;
    const logits = out[this.card.policy].data;
    const values = out[this.card.wdl || this.card.value].data;
    const answers = new Array(k);
    for (let i = 0; i < k; i++) {
      const priors = maskedSoftmax(logits.subarray(i * this.n, (i + 1) * this.n), boards[i].legal, this.n);
      const value = this.card.wdl ? wdlValue(values[3 * i], values[3 * i + 1], values[3 * i + 2]) : values[i];
      answers[i] = { priors, value };
    }
    return answers;
  }
}
