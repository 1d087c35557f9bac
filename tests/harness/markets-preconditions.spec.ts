/**
 * Issue 18, item 7: the catalog tests that a schema-valid random mock ended in ERROR (the venue
 * partition and the sort orders) tell a precondition on the target's data from a verdict on it. A
 * target whose catalog lists no market leaves their rules NOT_RUN with the reason; a target whose
 * venue filter keeps every row and whose updated_desc order is reversed FAILS them under the rules it
 * breaks (MKT-006, MKT-027). Neither is a rule-level ERROR. Each target is a loopback server this test
 * starts, serving the stub's own catalog rows (so every answer is valid against the contract).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { listen, type Listening } from './support/servers.ts';
import { runCli } from './support/cli.ts';
import { DataStore, generateDataset } from '../../stub/data/index.ts';
import { listCatalog, parseCatalogParams } from '../../stub/markets/catalog.ts';
import { Query } from '../../stub/params.ts';

type Row = Record<string, unknown>;
type Mode = 'empty' | 'broken';
const GREP = 'venue filter partitions|each sort orders the same rows';

/**
 * A catalog target: `empty` lists no market; `broken` answers every venue filter with every row and
 * sort=updated_desc oldest first. Rows are the stub's (seeded dataset, clock now).
 */
async function catalogTarget(mode: Mode): Promise<Listening> {
  const now = Date.now();
  const store = new DataStore(generateDataset(1, new Date(now)));
  return listen(
    createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://target');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/openapi.json') return json(200, { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} });
      if (url.pathname !== '/api/v1/markets') return json(404, { error: 'not_found', message: 'no such route' });
      if (mode === 'empty') return json(200, { markets: [], venue_facets: [] });
      const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'venue'));
      const body = listCatalog(store, '', now, parseCatalogParams(new Query(query)));
      if (url.searchParams.get('sort') !== 'volume_desc' && url.searchParams.get('sort') !== 'signal_count_desc') body.markets.reverse();
      return json(200, body);
    }),
  );
}

let dir = '';
let server: Listening | undefined;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-markets-'));
});
test.afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** The rules.json rules of one CLI run of the two catalog tests against `mode`'s target. */
async function runAgainst(mode: Mode): Promise<{ code: number | null; rules: Row[] }> {
  server = await catalogTarget(mode);
  const r = await runCli(['run', '--report-dir', dir, '--grep', GREP, '--workers', '1', '--timeout-ms', '5000'], {
    FC_TARGET: server.url,
    FC_API_KEY: 'fc_test_key_markets_1',
    FC_MAX_SPEND: '100',
  });
  const report = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as { rules: Row[] };
  return { code: r.code, rules: report.rules };
}

const byId = (rules: readonly Row[], id: string): Row => rules.find((r) => r.id === id)!;

test('a catalog listing no market: the partition and sort rules are NOT_RUN with the reason, no ERROR', async () => {
  test.setTimeout(120_000);
  const { code, rules } = await runAgainst('empty');
  expect(rules.filter((r) => r.status === 'ERROR').map((r) => r.id)).toEqual([]);
  for (const id of ['MKT-006', 'MKT-007', 'MKT-010', 'MKT-027', 'MKT-028', 'MKT-030', 'MKT-031']) {
    expect(byId(rules, id).status, id).toBe('NOT_RUN');
    expect((byId(rules, id).reasons as string[]).join(' '), id).toMatch(/no instance of a listed market/);
  }
  expect(code, 'nothing failed, nothing erred').toBe(0);
});

test('a venue filter that keeps every row and a reversed order: FAILED under the rules they break, no ERROR', async () => {
  test.setTimeout(120_000);
  const { code, rules } = await runAgainst('broken');
  expect(rules.filter((r) => r.status === 'ERROR').map((r) => r.id)).toEqual([]);
  expect(byId(rules, 'MKT-006').status).toBe('FAILED');
  expect(byId(rules, 'MKT-027').status).toBe('FAILED');
  expect(code, 'a failed rule, not a harness error').toBe(1);
});
