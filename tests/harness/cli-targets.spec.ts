/**
 * The CLI against targets that cannot be judged (unreachable, hanging, not HTTP, HTML only): exit 2 with a one-line
 * reason and every report, well under 30 s; a target that stops answering mid-run is aborted with the rest NOT_RUN.
 * Whole CLI runs against hostile loopback servers this test starts, so the e2e lane (tests/lanes.ts), beside
 * hostile.spec.ts: they held `npm test` over its 6-minute bound on this machine.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { closedPort, garbageHttpServer, hangingServer, listen, rawGarbageServer, type Listening } from './support/servers.ts';
import { noStack, runCli } from './support/cli.ts';

const REPORTS = ['rules.json', 'certification.md', 'certification.html', 'junit.xml', 'manifest.json', 'manifest.sig'];

let dir = '';
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-cli-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test.describe('targets that cannot be judged: exit 2 with a one-line reason, reports written', () => {
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });
  let server: Listening | undefined;
  test.afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      'unreachable (FC_TARGET from the environment)',
      async () => `http://127.0.0.1:${await closedPort()}`,
      /unreachable: connection refused/,
    ],
    [
      'hanging (accepts, never answers)',
      async () => (server = await hangingServer()).url,
      /did not answer GET \/openapi\.json within 2000 ms/,
    ],
    ['not HTTP', async () => (server = await rawGarbageServer()).url, /does not speak HTTP|closed the connection without an HTTP answer/],
    [
      'HTML only',
      async () => (server = await garbageHttpServer('<html><body>hello</body></html>', 'text/html')).url,
      /answered GET \/openapi\.json with text\/html, not JSON/,
    ],
  ];
  for (const [name, start, reason] of cases) {
    test(name, async () => {
      const target = await start();
      const r = await runCli(['run', '--report-dir', dir, '--timeout-ms', '2000'], { FC_TARGET: target }, 60_000);
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n'), 'one line on stderr').toHaveLength(1);
      expect(r.stderr).toMatch(reason);
      noStack(r.stderr);
      // Wall-clock bound of the "Done means" (the CLI itself stops after the 2 s preflight).
      expect(r.ms).toBeLessThan(30_000);
      for (const f of REPORTS) expect(existsSync(join(dir, f)), f).toBe(true);
      const report = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8'));
      expect(report).toMatchObject({ verdict: 'ERROR', target });
      expect(report.rules.filter((x: { status: string }) => x.status === 'PASSED')).toEqual([]);
      expect(report.rules.find((x: { status: string }) => x.status === 'NOT_RUN').reasons[0]).toMatch(reason);
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(/<error message="preflight: /);
    });
  }

  test('a target that stops answering mid-run is aborted: the rest NOT_RUN with the reason, exit 2', async () => {
    test.setTimeout(180_000);
    // Answers the preflight, then drops every other connection.
    server = await listen(
      createServer((req, res) => {
        if (req.url === '/openapi.json') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }));
        } else req.socket.destroy();
      }),
    );
    const r = await runCli(
      ['run', '--report-dir', dir, '--family', 'AVAIL', '--abort-after', '3', '--workers', '1', '--timeout-ms', '2000'],
      { FC_TARGET: server.url },
      170_000,
    );
    expect(r.code, r.stdout + r.stderr).toBe(2);
    const report = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8'));
    expect(report.verdict).toBe('ERROR');
    expect(report.aborted).toMatch(/run aborted: target stopped answering \(\d+ consecutive connection failures/);
    const avail = report.rules.filter((x: { family: string }) => x.family === 'AVAIL');
    expect(avail.filter((x: { status: string }) => x.status === 'PASSED' || x.status === 'FAILED')).toEqual([]);
    expect(
      avail.some((x: { status: string; reasons: string[] }) => x.status === 'NOT_RUN' && /target|aborted/.test(x.reasons.join(' '))),
    ).toBe(true);
    expect(report.rules.find((x: { id: string }) => x.id === 'PRICE-014').status).toBe('NOT_SELECTED');
    for (const f of REPORTS) expect(existsSync(join(dir, f)), f).toBe(true);
  });
});
