#!/bin/sh
# Run by the export module's Maven build (generate-resources): installs onnxruntime-web, pinned by
# package-lock.json, into node_modules for `oware export --web`. Does nothing when node_modules is
# current (its .package-lock.json is newer than the lockfile), so a rebuild costs one sh start.
# Without npm, or when the registry cannot be reached, the build goes on without it and the web
# export says what is missing.
cd "$(dirname "$0")" || exit 0
if [ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ] \
    && [ -f node_modules/onnxruntime-web/dist/ort.wasm.bundle.min.mjs ]; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "[WARNING] npm not found: onnxruntime-web is not installed, so 'oware export --web' cannot write a web player" \
    "(install Node.js and npm, e.g. apt-get install nodejs npm, and rebuild). Everything else builds." >&2
  exit 0
fi
if ! npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2; then
  echo "[WARNING] npm ci failed: onnxruntime-web is not installed; 'oware export --web' will say so." >&2
fi
exit 0
