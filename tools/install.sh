#!/bin/sh
# npm run load:engines — installs the Artillery engine of `npm run load -- --engine artillery` beside the
# project, never into it: Node 22 and 24 as npm packages (tools/node-lts: the `node` package and its
# platform package; nothing is downloaded from elsewhere), then Artillery from its own lockfile
# (tools/artillery) under Node 22, which its pinned version needs (so npm prints no engine warning).
# Neither folder is in the published package. Telemetry is switched off where Artillery runs (load/artillery.ts).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
npm ci --prefix "$root/tools/node-lts" --no-audit --no-fund
node22="$root/tools/node-lts/node_modules/node22/bin"
"$node22/node" --version
"$root/tools/node-lts/node_modules/node24/bin/node" --version
PATH="$node22:$PATH" npm ci --prefix "$root/tools/artillery" --no-audit --no-fund
