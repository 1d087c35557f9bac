// Entry point: `node server.mjs`. Reads the environment, builds the dataset
// relative to the start time, and serves the API (and, with CONTROL_TOKEN,
// the control plane) on node:http.
import http from 'node:http';
import { loadConfig } from './src/config.mjs';
import { createClock } from './src/util/time.mjs';
import { buildDataset } from './src/data/index.mjs';
import { createState } from './src/state.mjs';
import { createApp } from './src/app.mjs';

const cfg = loadConfig();
const clock = createClock();
const T0 = clock.now();
const svc = { cfg, clock, ds: buildDataset(T0), st: null };
svc.st = createState(cfg, T0);

const server = http.createServer({ maxHeaderSize: 64 * 1024, requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, createApp(svc));
// Malformed framing never reaches the app; answer it with the envelope anyway.
server.on('clientError', (err, socket) => {
  if (!socket.writable) return socket.destroy();
  const tooBig = err.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({ error: 'invalid_request', message: tooBig ? 'Request headers are too large.' : 'Malformed HTTP request.' });
  socket.end(`HTTP/1.1 ${tooBig ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
});
server.listen(cfg.port, cfg.host, () => {
  const { port } = server.address();
  console.log(`listening on http://${cfg.host}:${port}`);
  if (cfg.devKey) console.log(`development API key (no API_KEYS configured): ${cfg.devKey}`);
});
const stop = () => { server.close(() => process.exit(0)); server.closeAllConnections(); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
