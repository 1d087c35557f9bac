/**
 * The mutant registry (stub/mutants.ts) against the stub's code: every row is switched somewhere, names
 * its operation and suite files truly, and a mutant of one operation (issue 34) leaves every other
 * operation's answer as it was.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { activateMutant, MUTANTS } from '../../stub/mutants.ts';
import { mutateAnswer } from '../../stub/http/answer-mutants.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The stub's TypeScript sources, concatenated. */
function stubSource(): string {
  const dir = join(ROOT, 'stub');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && f !== 'mutants.ts')
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

test('every registered mutant is switched in the stub, once named, on a real operation and real suite files', () => {
  const source = stubSource();
  const names = MUTANTS.map((m) => m.name);
  expect(new Set(names).size, 'mutant names are unique').toBe(names.length);
  for (const m of MUTANTS) {
    expect.soft(source.includes(`mutant('${m.name}')`), `${m.name} has a hook`).toBe(true);
    if (m.operation) expect.soft(() => contract().operation(m.operation!), `${m.name}: ${m.operation}`).not.toThrow();
    for (const file of m.via ?? []) expect.soft(existsSync(join(ROOT, file)), `${m.name}: ${file}`).toBe(true);
  }
});

test.describe('a mutant of one operation rewrites only that operation', () => {
  test.afterEach(() => activateMutant(undefined));

  const envelope = JSON.stringify({
    marketKey: 'venue_b:X1',
    venue: 'venue_b',
    nativeMarketId: 'X1',
    relationships: { markets: [{ relationship: 'HAS_MARKET', direction: 'outgoing', via: 'asset', marketKey: 'venue_b:X2' }] },
  });

  test('the error body of its operation loses message; another operation keeps it', () => {
    activateMutant('err-no-message-sources');
    const text = JSON.stringify({ error: 'not_found', message: 'no such market' });
    const own = mutateAnswer('listSources', { status: 404, headers: undefined, text });
    expect(JSON.parse(own.text)).toEqual({ error: 'not_found' });
    expect(mutateAnswer('getMarketSignals', { status: 404, headers: undefined, text }).text).toBe(text);
    expect(mutateAnswer('listSources', { status: 200, headers: undefined, text: envelope }).text).toBe(envelope);
  });

  test('the envelope and routing rewrites touch only their operation', () => {
    activateMutant('rel-affects-edge-sources');
    expect(
      JSON.parse(mutateAnswer('listSources', { status: 200, headers: undefined, text: envelope }).text).relationships.markets[0]
        .relationship,
    ).toBe('AFFECTS');
    expect(mutateAnswer('getLatest', { status: 200, headers: undefined, text: envelope }).text).toBe(envelope);
    activateMutant('route-key-dash-sources');
    expect(JSON.parse(mutateAnswer('listSources', { status: 200, headers: undefined, text: envelope }).text).marketKey).toBe('venue_b-X1');
  });

  test('the social 429 loses its RateLimit field; another answer keeps its headers', () => {
    activateMutant('lim-429-no-ratelimit-social');
    const headers = { RateLimit: '"x_research_second";r=0;t=1', 'Retry-After': '1' };
    const text = JSON.stringify({ error: 'rate_limited', message: 'slow down', retry_after: 1 });
    expect(mutateAnswer('searchSocial', { status: 429, headers, text }).headers).toEqual({ 'Retry-After': '1' });
    expect(mutateAnswer('listMarkets', { status: 429, headers, text }).headers).toBe(headers);
  });

  test('no mutant on: the answer object itself comes back', () => {
    const answer = { status: 200, headers: undefined, text: envelope };
    expect(mutateAnswer('listSources', answer)).toBe(answer);
  });
});
