/**
 * Free lookups whose source is down (spec: forecast-availability rule 5, forecast-targets errors):
 * the control plane fails the route's upstream for this test's own calls only (a fault scoped by
 * the X-Fault-Scope header, contract/control.yaml), and the route answers 503 in the error envelope.
 */
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { catalogRows, spreadByVenue, type Row } from './support/lookups.ts';
import { drawnFrom } from './support/exhibit.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { CHECKS } from '../checks/registry.ts';
import { judgeWith } from './support/judging.ts';
import { FAULT_SCOPE_HEADER, faultScope } from './support/control.ts';

const OUTAGES = [
  {
    rule: 'AVAIL-031',
    operationId: 'getForecastAvailability',
    path: '/api/public/forecast-availability',
    params: { market_key: 'venue_b:KXOUTAGE-PROBE-T1' },
  },
  { rule: 'TGT-032', operationId: 'getForecastTargets', path: '/api/public/forecast-targets', params: { ref: 'KXOUTAGE-PROBE' } },
] as const;

for (const o of OUTAGES) {
  test(
    `${o.operationId}: its source down answers 503 in the error envelope`,
    { ...ruleDetails(o.rule, 'ERR-001', 'ERR-002', ...contractRules(o.operationId)) },
    async ({ api, controlPlane }) => {
      const scope = faultScope();
      await test.step('fail the upstream of this test’s calls', () =>
        controlPlane.fault({ method: 'GET', path: o.path, status: 503, times: 1, scope }));
      const res = await api.get(o.path, { params: o.params, headers: { [FAULT_SCOPE_HEADER]: scope } });
      await expect(res).toMatchContract(o.operationId);
      expect(res.status(), `${o.path} with its source down`).toBe(503);
      expect(
        judgeWith(CHECKS.checkErrorEnvelope, { status: res.status(), headers: res.headers(), bodyText: await res.text() }),
      ).toHaveNoViolations();
    },
  );
}

/** The identifier forms each free lookup accepts, for known catalog rows (one row per venue), by operation. */
function identifierForms(
  rows: readonly Row[],
): Record<'getForecastAvailability' | 'getForecastTargets', [string, Record<string, string>][]> {
  const avail: [string, Record<string, string>][] = [];
  const targets: [string, Record<string, string>][] = [];
  for (const r of spreadByVenue(rows, 4)) {
    const venue = String(r.venue);
    avail.push([`market_key of a ${venue} market`, { market_key: String(r.marketKey) }]);
    avail.push([`market_id and venue of a ${venue} market`, { market_id: String(r.nativeMarketId), venue }]);
    if (typeof r.slug === 'string') avail.push([`slug and venue of a ${venue} market`, { slug: r.slug, venue }]);
    if (venue === 'venue_a' || venue === 'venue_b') {
      targets.push([`the marketKey of a ${venue} market`, { ref: String(r.marketKey) }]);
      if (typeof r.marketUrl === 'string') targets.push([`the marketUrl of a ${venue} market`, { ref: r.marketUrl }]);
    }
    if (venue === 'venue_b') targets.push(['a venue_b exact market ticker', { ref: String(r.nativeMarketId) }]);
  }
  return { getForecastAvailability: avail, getForecastTargets: targets };
}

for (const o of OUTAGES) {
  test(
    `${o.operationId}: its source down answers 503 for every identifier form of a market the catalog lists`,
    { ...ruleDetails(o.rule, ...contractRules(o.operationId)) },
    async ({ api, paid, controlPlane }) => {
      // Round-15 bugs: the source's failure read as "no such market" on one identifier form (availability's market_id,
      // forecast-targets' venue_a forms), answering 200 untracked or 404 for markets that exist. Each form of a row
      // of each venue, each call with the source down.
      const rows = await catalogRows(paid);
      const forms = identifierForms(rows ?? [])[o.operationId];
      test.skip(!forms.length, 'no catalog row to name');
      const scope = faultScope();
      await controlPlane.fault({ method: 'GET', path: o.path, status: 503, times: forms.length, scope });
      const found: Violation[] = [];
      for (const [what, params] of forms) {
        const res = await api.get(o.path, { params, headers: { [FAULT_SCOPE_HEADER]: scope } });
        await expect(res).toMatchContract(o.operationId);
        judged(o.rule, 1, `a lookup by ${what} with the source down`, o.operationId);
        // A URL form the target does not take (which venue-side URLs marketUrl holds is not fixed) may be refused 422.
        const refusedForm = res.status() === 422 && 'ref' in params && /^https?:/.test(params.ref!);
        if (res.status() !== 503 && !refusedForm)
          found.push(
            ...drawnFrom(res, [violation(o.rule, 'status', `with its source down, a lookup by ${what} answered ${res.status()}, not 503`)]),
          );
      }
      expect(found).toHaveNoViolations();
    },
  );
}
