#!/bin/sh
# npm run package:check — the packaged tool works from an empty folder, offline.
# `npm pack`s this project, unpacks the tarball into an empty folder's node_modules, links the
# dependencies from this checkout's node_modules (no network at all), and runs
# `npx forecast-conformance run` against the embedded stub with one free-route rule (PRICE-014),
# checks its verdict, then `verify`. The packed static test index must be fresh for the packed sources. A check of .ci/run (under a minute: no clock suite runs).
# Only the runtime dependencies (package.json `dependencies`) are linked, so the tool proves it runs without
# the dev ones (echarts, typescript); scripts/installed-size.ts prints what a user's install weighs.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" && npm pack --silent --pack-destination "$work" >/dev/null
mkdir -p "$work/app/node_modules/forecast-conformance" "$work/app/node_modules/.bin"
cd "$work/app"
echo '{"name":"package-check","private":true}' > package.json
tar -xzf "$work"/forecast-conformance-*.tgz -C node_modules/forecast-conformance --strip-components=1
for name in $(node -e 'console.log(Object.keys(require(process.argv[1]).dependencies).join("\n"))' "$root/package.json"); do
  mkdir -p "node_modules/$(dirname "$name")"
  ln -s "$root/node_modules/$name" "node_modules/$name"
done
ln -s ../forecast-conformance/bin/forecast-conformance.js node_modules/.bin/forecast-conformance
npx --offline forecast-conformance --version
# The packed static test index is fresh for the packed sources: a user's run plans from it, never a listing child.
node --import tsx --input-type=module -e '
  import { freshIndex } from "./node_modules/forecast-conformance/reporter/test-index.ts";
  if (!freshIndex()) { console.error("package check: suites/test-index.json does not match the packed sources"); process.exit(1); }
  console.log("package check: the test index is fresh (" + freshIndex().length + " tests)");'
npx --offline forecast-conformance run --rule PRICE-014 --workers 1 --report-dir out
node -e '
  const r = JSON.parse(require("fs").readFileSync("out/rules.json", "utf8")).rules.find((x) => x.id === "PRICE-014");
  if (r?.status !== "PASSED") { console.error("package check: PRICE-014 is " + r?.status + ", not PASSED"); process.exit(1); }'
npx --offline forecast-conformance verify out
own=$(du -sb node_modules/forecast-conformance | cut -f1)
(cd "$root" && npx tsx scripts/installed-size.ts --own-bytes "$own")
echo "package check: OK"
