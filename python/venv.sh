#!/usr/bin/env bash
# Makes (or brings up to date) the virtual environment that the lab's Python tests run in:
# python/.venv, from /usr/bin/python3 with --system-site-packages (Debian's JPype, pytest, numpy),
# plus the pinned packages of python/requirements-dev.txt from pip's configured index.
# Usage: python/venv.sh [DIR]   (default python/.venv). Prints the venv's python on its last line.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:-$here/.venv}"
req="$here/requirements-dev.txt"
stamp="$venv/.requirements-dev.txt"
if [ ! -x "$venv/bin/python" ]; then
  /usr/bin/python3 -m venv --system-site-packages "$venv"
fi
if ! cmp -s "$req" "$stamp"; then
  # --retries 0: an index that cannot be reached (the public one, on a machine that has only a
  # local index) fails at once instead of after five retries per package.
  # pip's notes on a find-links folder that lacks a package are noise: filtered out.
  "$venv/bin/pip" install -q --retries 0 --timeout 30 --disable-pip-version-check -r "$req" \
      2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
  cp "$req" "$stamp"
fi
echo "$venv/bin/python"
