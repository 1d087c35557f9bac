/**
 * The served /openapi.json is usable as a contract (VER-005; CONTRACT rules are enforced by
 * toMatchContract on every answer). The validator's own attribution is tested in
 * tests/harness/contract-validator.spec.ts (a test of the harness credits no rule).
 */
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { judged } from './support/annotations.ts';
import { rulesOf, runCheck } from '../checks/define.ts';
import { CHECKS } from '../checks/registry.ts';
import { servedOperations } from '../checks/versioning.ts';

test(
  'the served /openapi.json is usable as a contract: every $ref resolves, operationIds are unique, every operation documents responses',
  { ...ruleDetails(...rulesOf(CHECKS.checkServedContract, CHECKS.checkOpenApiDocument), ...contractRules('getOpenApi')) },
  async ({ api }) => {
    const res = await api.get('/openapi.json');
    await expect(res).toMatchContract('getOpenApi');
    expect(res.status()).toBe(200);
    const doc: unknown = await res.json();
    judged('VER-005', servedOperations(doc).length, 'an operation in the served contract');
    expect([...runCheck(CHECKS.checkOpenApiDocument, [doc]), ...runCheck(CHECKS.checkServedContract, [doc])]).toHaveNoViolations();
  },
);
