#!/bin/sh
# ctest's server_openai_client: installs the pinned official OpenAI client and ajv (package-lock.json) into
# WORKDIR with `npm ci` and runs openai_client_test.mjs against TESSERA_CLI serve MODEL.
# Exit 77 (ctest SKIP_RETURN_CODE) when node or npm is missing, node is older than 18, or the
# packages cannot be installed (no registry).
# usage: run.sh TESSERA_CLI MODEL WORKDIR [R1_TEMPLATE]
set -u
cli="$1" model="$2" work="$3" r1_template="${4:-}"
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "server_openai_client: node/npm not found; skipping"
  exit 77
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 18 ]; then
  echo "server_openai_client: node $(node --version) is older than 18; skipping"
  exit 77
fi
mkdir -p "$work"
# The script runs from WORKDIR so that its `import 'openai'` resolves to WORKDIR/node_modules.
cp "$here/package.json" "$here/package-lock.json" "$here/openai_client_test.mjs" "$work/"
if ! cmp -s "$here/package-lock.json" "$work/node_modules/.tessera-lock" 2>/dev/null; then
  if ! npm ci --prefix "$work" --no-audit --no-fund --loglevel=error; then
    echo "server_openai_client: npm ci failed (is the npm registry reachable?); skipping"
    exit 77
  fi
  cp "$here/package-lock.json" "$work/node_modules/.tessera-lock"
fi
exec node "$work/openai_client_test.mjs" "$cli" "$model" "$r1_template"
