// Entry point: `node server.mjs`. Configuration comes from the environment
// (see README.md). Never prints keys, tokens or private keys, except the one
// generated development key when no API_KEYS are configured.
import { loadConfig } from './src/config.mjs';
import { buildApp } from './src/app.mjs';

const cfg = loadConfig();
const { app } = buildApp(cfg);

try {
  await app.listen({ port: cfg.port, host: cfg.host });
  process.stdout.write(`listening on http://${cfg.host}:${cfg.port}\n`);
  if (cfg.generatedKey) process.stdout.write(`development API key (no API_KEYS configured): ${cfg.generatedKey}\n`);
  if (cfg.deviations) process.stderr.write('[borealis] DEVIATIONS=on: planted deviations are active\n');
} catch (err) {
  process.stderr.write(`[borealis] could not start: ${err.message}\n`);
  process.exit(1);
}

const stop = () => app.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
