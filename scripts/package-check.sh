#!/bin/sh
# npm run package:check — the packaged tool works from an empty folder, offline.
# `npm pack`s this project, unpacks the tarball into an empty folder's node_modules, links the
# dependencies from this checkout's node_modules (no network at all), and runs
# `npx forecast-conformance run` against the embedded stub with one free-route rule (PRICE-014),
# checks its verdict, then `verify`. A check of .ci/run (under a minute: no clock suite runs).
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
npx --offline forecast-conformance run --rule PRICE-014 --workers 1 --report-dir out
node -e '
  const r = JSON.parse(require("fs").readFileSync("out/rules.json", "utf8")).rules.find((x) => x.id === "PRICE-014");
  if (r?.status !== "PASSED") { console.error("package check: PRICE-014 is " + r?.status + ", not PASSED"); process.exit(1); }'
npx --offline forecast-conformance verify out
echo "package check: OK"
