/**
 * The contract validator's attribution, at unit level on deliberately broken answers (no target): it
 * names the right rule (CONTRACT-001..004, or the specific SCH rule) and the JSON pointer of every
 * violation, so a failing target is reported precisely. A test of the harness: it credits no rule.
 */
import { test, expect } from '@playwright/test';
import { validateResponse, type ObservedResponse } from '../../contract/index.ts';
import { loadRules } from '../../contract/rules.ts';
import type { Violation } from '../../lib/violation.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const answer = (status: number, body: unknown, headers: Record<string, string> = JSON_HEADERS): ObservedResponse => ({
  status,
  headers,
  body,
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
});

/** The live SCH rule owning a schema location (`Component/properties/field`). @throws when none. */
function schRule(location: string): string {
  const rule = [...loadRules().values()].find(
    (r) => r.schema === location && !r.retired && (r.keyword === 'required' || r.keyword === 'type' || r.keyword === undefined),
  );
  if (!rule) throw new Error(`no SCH rule for ${location}`);
  return rule.id;
}

const has = (vs: Violation[], ruleId: string, path: string) => vs.some((v) => v.ruleId === ruleId && v.path === path);

test.describe('validator attribution (unit level, no target)', () => {
  const tracked = schRule('ForecastAvailability/properties/tracked');
  const available = schRule('ForecastAvailability/properties/available');

  test('a wrong-typed and a missing field are SCH violations with their JSON pointers', () => {
    const vs = validateResponse('getForecastAvailability', answer(200, { tracked: 'yes' }));
    expect(has(vs, tracked, '/tracked'), JSON.stringify(vs, null, 1)).toBe(true);
    expect(has(vs, available, '/available'), JSON.stringify(vs, null, 1)).toBe(true);
    expect(vs.every((v) => v.severity === 'error' && v.path.startsWith('/'))).toBe(true);
  });

  test('a violation deep in an array names its full pointer', () => {
    const vs = validateResponse('listMarkets', answer(200, { markets: [{ venue: 'venue_z' }], venue_facets: [] }));
    const venue = vs.filter((v) => v.path === '/markets/0/venue');
    expect(venue.length, JSON.stringify(vs.slice(0, 5), null, 1)).toBeGreaterThan(0);
    expect(venue.every((v) => loadRules().has(v.ruleId))).toBe(true);
    expect(vs.some((v) => v.path === '/markets/0/marketKey')).toBe(true);
  });

  test('an undocumented status is CONTRACT-001 and nothing else is judged', () => {
    const vs = validateResponse('getForecastAvailability', answer(500, { error: 'boom', message: 'x' }));
    expect(vs).toEqual([expect.objectContaining({ ruleId: 'CONTRACT-001', path: 'status' })]);
  });

  test("a status of the Errors table that the stub does not answer on an operation is the target's choice (gap ERR-012), not CONTRACT-001", () => {
    const vs = validateResponse('createForecastRequest', answer(409, { error: 'idempotency_conflict', message: 'x' }));
    expect(vs).toEqual([expect.objectContaining({ ruleId: 'ERR-012', severity: 'warning', path: 'status' })]);
  });

  test('a JSON answer with another content-type is CONTRACT-002', () => {
    const vs = validateResponse('getPricing', answer(200, '<html>hi</html>', { 'content-type': 'text/html' }));
    expect(has(vs, 'CONTRACT-002', 'header:content-type'), JSON.stringify(vs)).toBe(true);
  });

  test('a 402 without PAYMENT-REQUIRED is CONTRACT-003', () => {
    const vs = validateResponse('listAssets', answer(402, { error: 'payment_required', message: 'pay' }));
    expect(has(vs, 'CONTRACT-003', 'header:PAYMENT-REQUIRED'), JSON.stringify(vs)).toBe(true);
  });

  test('a conforming error envelope has no violation', () => {
    expect(validateResponse('searchAssets', answer(422, { error: 'invalid_request', message: 'q must be 1..200 characters' }))).toEqual([]);
  });
});

test.describe('unions and chosen parts (issue 18)', () => {
  /** A conforming venue_b event resolution (every member optional but venue: required flags are gap SCH-322). */
  const venueB = {
    input: 'KXEVENT',
    venue: 'venue_b',
    targetType: 'event',
    selectionRequired: true,
    event: { ticker: 'KXEVENT', title: 't', subtitle: '', category: 'c', mutuallyExclusive: true, sourceUrl: 'https://x.invalid/e' },
    markets: [{ ticker: 'KXEVENT-A', eventTicker: 'KXEVENT', status: 'open' }],
    allContracts: {
      marketCount: 1,
      estimatedCostUsd: '1.00',
      requests: [{ kind: 'venue_market', venue: 'venue_b', market_id: 'KXEVENT-A' }],
    },
  };
  const inAlternative = (vs: Violation[], component: string) =>
    vs.filter((v) => loadRules().get(v.ruleId)?.schema?.startsWith(`${component}/`) ?? false);

  test('a conforming venue_b resolution has no violation', () => {
    expect(validateResponse('getForecastTargets', answer(200, venueB))).toEqual([]);
  });

  test('a venue_b resolution with one bad member names that member only, never a rule of the venue_a alternative', () => {
    const bad = { ...venueB, markets: [{ ...venueB.markets[0], ticker: 42 }] };
    const vs = validateResponse('getForecastTargets', answer(200, bad));
    expect(vs, JSON.stringify(vs, null, 1)).toEqual([
      expect.objectContaining({ ruleId: schRule('ChildMarket/properties/ticker'), path: '/markets/0/ticker', severity: 'error' }),
    ]);
    expect(inAlternative(vs, 'TargetResolutionVenueA')).toEqual([]);
  });

  test('a venue_a resolution with a bad member is judged by the venue_a alternative only', () => {
    const vs = validateResponse('getForecastTargets', answer(200, { ...venueB, venue: 'venue_a', targetType: 7, markets: [] }));
    expect(vs.map((v) => v.ruleId)).toContain(schRule('TargetResolutionVenueA/properties/targetType'));
    expect(inAlternative(vs, 'TargetResolutionVenueA'), JSON.stringify(vs)).toEqual(vs);
    expect(inAlternative(vs, 'TargetResolutionVenueB')).toEqual([]);
  });

  test('a discriminator naming no alternative breaks the union rule, not a member of either alternative', () => {
    const vs = validateResponse('getForecastTargets', answer(200, { ...venueB, venue: 'venue_c' }));
    const union = [...loadRules().values()].find((r) => r.schema === 'TargetResolution/oneOf' && !r.retired)!.id;
    expect(vs).toEqual([expect.objectContaining({ ruleId: union, severity: 'error', path: '/' })]);
  });

  test('the body of a response the spec does not show is a choice: another shape is its gap, a warning', () => {
    // Spec: the job read's 401/403/404 bodies are not shown (gap JOB-020); the general envelope's rules do not apply.
    const vs = validateResponse('getForecastRequest', answer(404, { detail: 'no such job' }));
    expect(vs.length, JSON.stringify(vs)).toBeGreaterThan(0);
    expect(
      vs.every((v) => v.ruleId === 'JOB-020' && v.severity === 'warning'),
      JSON.stringify(vs),
    ).toBe(true);
    // The same body on a documented response of another route is the envelope's failure.
    const documented = validateResponse('getForecastAvailability', answer(422, { detail: 'bad' }));
    expect(
      documented.some((v) => v.severity === 'error' && v.ruleId.startsWith('SCH-')),
      JSON.stringify(documented),
    ).toBe(true);
  });
  test("a date-time is the spec's ISO 8601 / RFC 3339 form, not ajv-formats' laxer one", () => {
    // Round-33 bug: a database's text form of a timestamp (a space, an hours-only offset) passed every schema rule.
    const rule = [...loadRules().values()].find(
      (r) => r.schema === 'ForecastRequest/properties/updatedAt' && r.keyword === 'format' && !r.retired,
    )!.id;
    const job = (updatedAt: string) => ({ jobId: 'j1', status: 'queued', createdAt: '2026-12-01T16:49:00.258Z', updatedAt });
    for (const bad of ['2026-12-01 16:49:00.258+00', '2026-12-01T16:49:00', '2026-02-30T16:49:00Z'])
      expect(has(validateResponse('getForecastRequest', answer(200, job(bad))), rule, '/updatedAt'), bad).toBe(true);
    for (const good of ['2026-12-01T16:49:00.258Z', '2026-12-01T16:49:00+05:30', '2026-12-01T16:49:00+00', '2026-12-01 16:49:00Z'])
      expect(has(validateResponse('getForecastRequest', answer(200, job(good))), rule, '/updatedAt'), good).toBe(false);
  });
  test("a member whose type the spec states and whose nullability it leaves open: another type is a failure, not the gap's", () => {
    // Round-33 bug: an oil episode's prices as decimal strings were read as the nullability gap's warning.
    const rule = schRule('OilEpisode/properties/ref_price');
    const episode = (ref_price: unknown) => ({ asset: 'crude-wti', reading: null, episode: { ref_price }, marks: {}, degraded: false });
    const at = (v: unknown) => validateResponse('getOilSignal', answer(200, episode(v))).filter((x) => x.path === '/episode/ref_price');
    expect(at('71.11'), JSON.stringify(at('71.11'))).toEqual([expect.objectContaining({ ruleId: rule, severity: 'error' })]);
    expect(at(71.11)).toEqual([]);
    expect(at(null)).toEqual([]);
  });
});
