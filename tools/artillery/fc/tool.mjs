/**
 * Artillery's own splitting and merging, for the load CLI's `--engine artillery --processes N`
 * (load/artillery.ts), run with the tool folder's Node (≥ 22.18, as Artillery needs):
 *
 *   node tool.mjs split SCRIPT.json N OUTDIR   cuts a script into N worker scripts with the function
 *                                              Artillery's local runner and cloud launchers use
 *                                              (divideWork: arrival rates and maxVusers divided,
 *                                              an arrivalCount phase run by the first worker);
 *                                              writes OUTDIR/worker-<i>.json, prints their paths
 *   node tool.mjs merge OUT.json PART.jsonl...  merges the parts' per-period metrics (the fc-sketches
 *                                              plugin's files) as Artillery's launcher merges its
 *                                              workers' (SSMS.mergeBuckets per period, SSMS.pack over
 *                                              the periods), and writes the `--output` JSON shape:
 *                                              { aggregate: {counters, rates, summaries}, intermediate }
 *
 * Artillery's package exports neither function, so they are imported by file from its dist folder
 * (pinned: tools/artillery/package.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lib = new URL('../node_modules/artillery/dist/lib/', import.meta.url);
const [command, ...args] = process.argv.slice(2);

if (command === 'split') {
  const [scriptPath, n, outDir] = args;
  const { default: divideWork } = await import(new URL('dist.js', lib).href);
  const script = JSON.parse(readFileSync(scriptPath, 'utf8'));
  // Artillery runs `before` in each process's launcher, not in its workers, so the splitter drops it from
  // the parts; each part gets the start gate (processor.cjs fcStartGate) as its own `before`.
  const parts = divideWork(script, Number(n)).map((part) => ({ ...part, before: { flow: [{ function: 'fcStartGate' }] } }));
  mkdirSync(outDir, { recursive: true });
  parts.forEach((part, i) => {
    const file = join(outDir, `worker-${i + 1}.json`);
    writeFileSync(file, JSON.stringify(part, null, 2));
    console.log(file);
  });
} else if (command === 'merge') {
  const [outPath, ...parts] = args;
  const { SSMS } = await import(new URL('core/ssms.js', lib).href);
  const { DDSketch } = await import('@artilleryio/sketches-js');
  const periods = parts.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const pd = JSON.parse(line);
        for (const [name, b64] of Object.entries(pd.histograms)) pd.histograms[name] = DDSketch.fromProto(Buffer.from(b64, 'base64'));
        return pd;
      }),
  );
  const byPeriod = SSMS.mergeBuckets(periods);
  const summarize = (pd) => {
    const summaries = {};
    for (const [name, h] of Object.entries(pd.histograms || {})) summaries[name] = SSMS.summarizeHistogram(h);
    const { histograms: _h, ...rest } = pd;
    return { ...rest, summaries };
  };
  const merged = Object.keys(byPeriod)
    .sort()
    .map((k) => byPeriod[k]);
  const aggregate = summarize(SSMS.pack(merged));
  writeFileSync(
    outPath,
    JSON.stringify({ aggregate: { ...aggregate, parts: parts.length }, intermediate: merged.map(summarize) }, null, 2),
  );
  console.log(outPath);
} else {
  console.error('usage: node tool.mjs split SCRIPT.json N OUTDIR | merge OUT.json PART.jsonl...');
  process.exitCode = 2;
}
