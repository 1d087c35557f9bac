/**
 * Free lookups whose source is down (spec: forecast-availability rule 5, forecast-targets errors):
 * the control plane fails the route's upstream for this test's own calls only (a fault scoped by
 * the X-Fault-Scope header, contract/control.yaml), and the route answers 503 in the error envelope.
 */
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
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
