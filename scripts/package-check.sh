#!/bin/sh
# npm run package:check — the packaged tool works from an empty folder, offline.
# `npm pack`s this project, unpacks the tarball into an empty folder's node_modules, links the
# dependencies from this checkout's node_modules (no network at all), and runs
# `npx forecast-conformance run` against the embedded stub with a small selection, then `verify`.
# Not part of `npm test`: a packaged run compiles through tsx and takes minutes on a loaded machine.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" && npm pack --silent --pack-destination "$work" >/dev/null
mkdir -p "$work/app/node_modules/forecast-conformance" "$work/app/node_modules/.bin"
cd "$work/app"
echo '{"name":"package-check","private":true}' > package.json
tar -xzf "$work"/forecast-conformance-*.tgz -C node_modules/forecast-conformance --strip-components=1
for dep in "$root"/node_modules/* "$root"/node_modules/@*; do
  name=$(basename "$dep")
  [ -e "node_modules/$name" ] || ln -s "$dep" "node_modules/$name"
done
ln -s ../forecast-conformance/bin/forecast-conformance.js node_modules/.bin/forecast-conformance
npx --offline forecast-conformance --version
npx --offline forecast-conformance run --tier smoke --family PRICE --report-dir out
npx --offline forecast-conformance verify out
echo "package check: OK"
