/**
 * toMatchContract reports a broken answer completely: EVERY violation with its JSON pointer and rule
 * ID, and the first 1,000 characters of the body (never more), redacted.
 */
import type { APIResponse } from '@playwright/test';
import { test, expect as base } from '@playwright/test';
import { expect, holdFailures, releaseHeldFailures } from '../../suites/support/matchers.ts';
import { validateResponse } from '../../contract/index.ts';
import { registerSecret } from '../../lib/redact.ts';

/** Just enough of an APIResponse for the matcher. */
function fakeResponse(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): APIResponse {
  return {
    status: () => status,
    headers: () => headers,
    text: async () => body,
    url: () => 'http://127.0.0.1:9/api/v1/markets?topic=x',
  } as unknown as APIResponse;
}

async function failureOf(run: () => Promise<void>): Promise<string> {
  try {
    await run();
  } catch (err) {
    // Playwright colours matcher output; the assertions compare plain text.
    // eslint-disable-next-line no-control-regex
    return (err as Error).message.replace(/\u001b\[[0-9;]*m/g, '');
  }
  throw new Error('the matcher did not fail');
}

test('every violation is printed with pointer and rule id, and the body up to 1,000 characters', async () => {
  // Three broken rows, padded so that the body is well over 1,000 characters.
  const rows = [0, 1, 2].map((i) => ({ venue: `venue_${'z'.repeat(i + 1)}`, marketKey: 42, question: 'q'.repeat(600) }));
  const bodyText = JSON.stringify({ markets: rows, venue_facets: 'none' });
  base(bodyText.length).toBeGreaterThan(1500);
  const violations = validateResponse('listMarkets', {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.parse(bodyText),
    bodyText,
  });
  base(violations.length).toBeGreaterThan(10);

  const message = await failureOf(() => expect(fakeResponse(200, bodyText)).toMatchContract('listMarkets'));
  for (const v of violations) base(message).toContain(`[${v.ruleId}] ${v.path}: ${v.message}`);
  base(message).toContain(`${violations.filter((v) => v.severity === 'error').length} violation(s)`);
  base(message).toContain('/markets/2/venue');
  base(message).toContain(`body: ${bodyText.slice(0, 1000)}`);
  base(message).not.toContain(bodyText.slice(0, 1001));
  base(message).toContain('/api/v1/markets → 200');
  base(message).not.toContain('topic=x');
});

test('a JSON content-type over a body that does not parse is reported as CONTRACT-002', async () => {
  const message = await failureOf(() => expect(fakeResponse(200, '{"currency": "USD", trailing garbage')).toMatchContract('getPricing'));
  base(message).toContain('[CONTRACT-002] /: content-type says JSON but the body does not parse');
  base(message).toContain('body: {"currency": "USD", trailing garbage');
});

test('an undocumented status is reported with the documented ones', async () => {
  const message = await failureOf(() => expect(fakeResponse(500, '{"error":"internal","message":"boom"}')).toMatchContract('listMarkets'));
  base(message).toMatch(/\[CONTRACT-001\] status: status 500 is not documented for listMarkets \(documented: [0-9, ]+\)/);
});

test('secrets in a body are redacted in the failure message', async () => {
  const secret = 'fc_harness_matcher_secret_0123456789';
  registerSecret(secret);
  const message = await failureOf(() =>
    expect(fakeResponse(200, JSON.stringify({ markets: secret, venue_facets: [] }))).toMatchContract('listMarkets'),
  );
  base(message).not.toContain(secret);
  base(message).toContain('***');
});

test('a conforming answer passes, and .not reports it', async () => {
  await expect(fakeResponse(422, '{"error":"invalid_request","message":"bad"}')).toMatchContract('searchAssets');
  const message = await failureOf(() =>
    expect(fakeResponse(422, '{"error":"invalid_request","message":"bad"}')).not.toMatchContract('searchAssets'),
  );
  base(message).toContain('not to match contract searchAssets');
});

test('in a conformance test the violation matchers hold their failures to its end, so later checks still run (issue 32)', async () => {
  const held = holdFailures();
  try {
    // Fails the schema (markets must be an array) yet returns: the next line still runs.
    await expect(fakeResponse(200, '{"markets": 1}')).toMatchContract('listMarkets');
    expect([{ ruleId: 'CAT-001', severity: 'error' as const, path: '/', message: 'broken' }]).toHaveNoViolations();
    base(held.messages).toHaveLength(2);
    base(held.messages[0]).toContain('✗ [');
    base(held.messages[1]).toContain('[CAT-001]');
    // Inside a property, toHaveNoViolations throws so that fast-check can shrink the failing case.
    held.throwing++;
    const message = await failureOf(async () => {
      expect([{ ruleId: 'CAT-001', severity: 'error' as const, path: '/', message: 'broken' }]).toHaveNoViolations();
    });
    base(message).toContain('[CAT-001]');
  } finally {
    releaseHeldFailures();
  }
  // Outside a conformance test nothing is held: the matcher fails as usual.
  base(await failureOf(() => expect(fakeResponse(200, '{"markets": 1}')).toMatchContract('listMarkets'))).toContain('✗ [');
});
