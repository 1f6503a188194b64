#!/usr/bin/env bash
# Self-play throughput of one local JVM against a cluster trainer with 1 and with 2 worker
# processes on this machine (loopback). Each setup trains the same short run; the figure is
# games per wall second over generations 2..N (generation 1 includes the workers' start-up),
# learner time included, from metrics.jsonl. Also prints positions per game (for
# 'oware bench cluster --positions').
#
# Usage: scripts/bench-cluster.sh [OUT_DIR]
#   env: CONFIG (configs/quick.yaml), GENERATIONS (4), GAMES (128 per generation),
#        THREADS (2: the local run's loop.workers; split over the worker processes), PORT (5801)
# Example: GENERATIONS=5 scripts/bench-cluster.sh /tmp/bench-cluster
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
oware="$root/oware"
out="${1:-$(mktemp -d /tmp/bench-cluster.XXXXXX)}"
config="${CONFIG:-$root/configs/quick.yaml}"
gens="${GENERATIONS:-4}"
games="${GAMES:-128}"
threads="${THREADS:-2}"
port="${PORT:-5801}"
mkdir -p "$out"
sets=(--set "loop.generations=$gens" --set "loop.gamesPerGeneration=$games" --set "loop.workers=$threads"
      --set loop.evaluateEvery=0 --set "loop.checkpointEvery=$gens" --set "arena.opponents=[random]"
      --set arena.finalGames=2 --set loop.maxStepsPerGeneration=50)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

summary() { # RUN_DIR LABEL
  python3 - "$1" "$2" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1] + "/metrics.jsonl") if l.strip()]
later = rows[1:] or rows
games = sum(r["selfplay"]["games"] for r in later)
secs = sum(r["genSeconds"] for r in later)
pos = sum(r["selfplay"]["positions"] for r in rows) / max(1, sum(r["selfplay"]["games"] for r in rows))
src = [r.get("source", {}) for r in later]
dropped = sum(s.get("dropped", 0) for s in src)
print(f"{sys.argv[2]}: {games / secs:.2f} games/s over generations 2..{len(rows)} ({games} games in {secs:.1f} s), "
      f"{pos:.1f} positions/game" + (f", dropped {dropped}" if src and src[0] else ""))
PY
}

"$oware" --version >/dev/null   # builds once, outside the timings
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$oware" train --config "$config" --out "$out/local" "${sets[@]}" >"$out/local.log" 2>&1
summary "$out/local" "local JVM, $threads self-play threads"

for workers in 1 2; do
  run="$out/cluster-$workers"
  "$oware" train --config "$config" --out "$run" "${sets[@]}" --cluster --port "$port" >"$out/cluster-$workers.log" 2>&1 &
  trainer=$!
  pids+=("$trainer")
  # Workers join a trainer that is there (else they say so and end): wait for its listening line.
  while ! grep -q "listening on" "$out/cluster-$workers.log" 2>/dev/null; do
    kill -0 "$trainer" 2>/dev/null || { echo "the trainer ended: $out/cluster-$workers.log"; exit 1; }
    sleep 0.2
  done
  id="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["runId"])' "$run/cluster.json")"
  per=$(( threads / workers > 0 ? threads / workers : 1 ))
  for w in $(seq 1 "$workers"); do
    "$oware" worker --join "127.0.0.1:$port" --run "$id" --threads "$per" --name "w$w" >"$out/worker-$workers-$w.log" 2>&1 &
    pids+=("$!")
  done
  wait "$trainer"
  cleanup
  pids=()
  summary "$run" "trainer + $workers worker process(es), $per thread(s) each"
  port=$((port + 1))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "runs and logs: $out"
