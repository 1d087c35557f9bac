/**
 * Artillery plugin `fc-sketches`: writes each reporting period's metrics, histograms as their
 * DDSketch protobuf (base64), to the JSON-lines file FC_ARTILLERY_SKETCHES, as Artillery's own
 * distributed workers send them to their launcher. `node tools/artillery/fc/tool.mjs merge` merges
 * several processes' files with Artillery's own SSMS.mergeBuckets, so a merged percentile comes from
 * merged sketches, never from averaged summaries (the `--output` JSON keeps only summaries).
 * Runs in the launcher's thread only (Artillery loads plugins in its workers too).
 */
'use strict';
const fs = require('node:fs');

/** A v2 plugin on the current metrics format (its events carry the period's DDSketch objects). */
function FcSketches(_script, events) {
  const file = process.env.FC_ARTILLERY_SKETCHES;
  if (!file || process.env.LOCAL_WORKER_ID !== undefined) return;
  events.on('stats', (stats) => {
    const histograms = {};
    for (const [name, h] of Object.entries(stats.histograms || {})) histograms[name] = Buffer.from(h.toProto()).toString('base64');
    const { summaries: _summaries, ...rest } = stats;
    fs.appendFileSync(file, JSON.stringify({ ...rest, histograms }) + '\n');
  });
}

module.exports = { Plugin: FcSketches, LEGACY_METRICS_FORMAT: false };
