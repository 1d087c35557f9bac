/**
 * The stub validates its own answers with the suites' validator (config.selfCheck): a clean stub
 * reports nothing over a spread of valid and malformed requests, and a route answering a broken
 * body is reported with the schema rule's ID and pointer.
 */
import { test, expect } from '@playwright/test';
import { createContext, startStub } from '../../stub/app.ts';
import { buildServer } from '../../stub/server.ts';
import { defaultConfig } from '../../stub/config.ts';
import type { Violation } from '../../lib/violation.ts';

const KEY = 'fc_selfcheck_key_0001';

test('a clean stub reports no violation of its own answers', async () => {
  const found: string[] = [];
  const stub = await startStub({
    port: 0,
    apiKeys: [KEY],
    selfCheck: (op, vs) => found.push(`${op}: ${vs.map((v) => `[${v.ruleId}] ${v.path}`).join(', ')}`),
  });
  try {
    const paths = [
      '/api/v1/markets',
      '/api/v1/markets/search?q=fed',
      '/api/v1/assets/search?q=*',
      '/api/v1/latest',
      '/api/v1/signals',
      '/api/v1/sources?markets=a,b',
      '/api/v1/latest?hours=99',
      '/api/public/forecast-availability',
      '/api/public/forecast-availability?market_key=venue_b:KXFED-26DEC-T4.25',
      '/api/public/forecast-targets?ref=KXFED-26DEC',
      '/api/public/pricing',
    ];
    const answers = await Promise.all(paths.map((p) => fetch(`${stub.url}${p}`, { headers: { 'x-service-api-key': KEY } })));
    expect(answers.map((a) => a.status)).toContain(422);
    expect(answers.map((a) => a.status)).toContain(200);
    expect(found).toEqual([]);
  } finally {
    await stub.close();
  }
});

test('a broken answer is reported with its rule ID and JSON pointer', async () => {
  const found: Violation[] = [];
  const ctx = createContext(defaultConfig({ apiKeys: [KEY], selfCheck: (_op, vs) => found.push(...vs) }));
  const app = buildServer(ctx, [(route) => route('getForecastAvailability', () => ({ body: { tracked: 'yes' } }))]);
  try {
    const res = await app.inject({ method: 'GET', url: '/api/public/forecast-availability?market_key=x' });
    expect(res.statusCode).toBe(200);
    expect(found.map((v) => v.path)).toEqual(expect.arrayContaining(['/tracked', '/available', '/read']));
    expect(found.every((v) => /^(SCH|CONTRACT)-\d{3}$/.test(v.ruleId))).toBe(true);
  } finally {
    await app.close();
  }
});
