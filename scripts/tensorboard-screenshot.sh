#!/usr/bin/env bash
# A PNG of TensorBoard's page for a log directory (e.g. a training run), taken with headless
# Chromium against a local tensorboard process on 127.0.0.1; docs/training.md's screenshot.
# TensorBoard's page is drawn by JavaScript: Chromium's --virtual-time-budget lets it load the
# runs and draw the charts before the picture is taken.
#
# Usage: scripts/tensorboard-screenshot.sh LOGDIR OUT.png
#   env: TENSORBOARD (python/.venv/bin/tensorboard, from python/venv.sh), PORT (6123),
#        PAGE (the part after '#': the scalars dashboard, no smoothing, six tags), SIZE (1280,1100),
#        BUDGET (20000 ms of the page's virtual time)
# Example: scripts/tensorboard-screenshot.sh runs/quick-20261201-221246 docs/tensorboard.png
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
logdir="${1:?usage: scripts/tensorboard-screenshot.sh LOGDIR OUT.png}"
out="${2:?usage: scripts/tensorboard-screenshot.sh LOGDIR OUT.png}"
tensorboard="${TENSORBOARD:-$root/python/.venv/bin/tensorboard}"
port="${PORT:-6123}"
page="${PAGE:-scalars&_smoothingWeight=0&tagFilter=train%2F(loss%7CvalueAccuracy%7ClearningRate)%7Carena%2F.*%2Fscore%7Cselfplay%2FgamesPerSec%7Cbuffer%2Fsize}"
size="${SIZE:-1280,1100}"
budget="${BUDGET:-20000}"
[ -x "$tensorboard" ] || { echo "no $tensorboard: run python/venv.sh first" >&2; exit 2; }
command -v chromium >/dev/null || { echo "no chromium (apt-get install chromium)" >&2; exit 2; }

"$tensorboard" --logdir "$logdir" --host 127.0.0.1 --port "$port" >/tmp/tensorboard-screenshot.$$.log 2>&1 &
tb=$!
profile="$(mktemp -d)"
trap 'kill "$tb" 2>/dev/null || true; rm -rf "$profile" /tmp/tensorboard-screenshot.$$.log' EXIT
for _ in $(seq 60); do
  curl -sf "http://127.0.0.1:$port/data/runs" >/dev/null && break
  sleep 1
done
curl -sf "http://127.0.0.1:$port/data/runs" >/dev/null || { cat /tmp/tensorboard-screenshot.$$.log >&2; exit 1; }
chromium --headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --disable-sync --no-first-run --user-data-dir="$profile" --hide-scrollbars --window-size="$size" \
  --virtual-time-budget="$budget" --screenshot="$(realpath -m "$out")" "http://127.0.0.1:$port/#$page" \
  2>/dev/null
echo "$out"
