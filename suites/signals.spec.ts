/**
 * GET /api/v1/signals (listSignals) and GET /api/v1/signals/perps (listPerpSignals): published trade
 * signals, one per market (the newest publication, chosen before the eligibility filters, with no
 * older fallback), the drawdown and broker filters, the former drawdown names, and the version-5
 * split from article evidence. Test data comes from the target's own unfiltered list.
 */
import fc from 'fast-check';
import { test, expect, contractRules, ruleDetails } from './support/fixtures.ts';
import { assertProperty, paidRuns, thrifty } from './support/property.ts';
import type { TargetClient } from './support/client.ts';
import { affordable, jsonOrNull } from './support/operations.ts';
import {
  checkArticleEvidence,
  brokerListed,
  checkBrokerFilter,
  checkDrawdownFilter,
  checkNoFallback,
  checkPerpSignals,
  checkSameRows,
  checkTradeSignals,
  marketOf,
  showsPublications,
  signalRows,
  checkSignalSeenTwice,
  signalSightings,
  type SignalViews,
} from '../checks/signals.ts';
import { CHECKS } from '../checks/registry.ts';
import type { EdgeViews } from '../checks/relationships.ts';
import { judgeWith } from './support/judging.ts';
import { lookup } from './support/lookups.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { observeChoice, observing } from './support/choices.ts';

type Row = Record<string, unknown>;
type Params = Record<string, string | boolean | undefined>;

const ROUTING = ['ROUTE-001', 'ROUTE-003', 'ROUTE-004', 'ROUTE-005', 'ROUTE-006'];
const ENVELOPE = ['REL-001', 'REL-002', 'REL-003', 'REL-004', 'REL-005', 'REL-006'];
/** Rules every listSignals body is checked against (checkTradeSignals). */
const ROW_RULES = [
  'SIG-001',
  'SIG-002',
  'SIG-003',
  'SIG-004',
  'SIG-017',
  'VER-009',
  'VER-011',
  'SIG-015',
  'SIG-016',
  ...ROUTING,
  ...ENVELOPE,
];
/**
 * ROW_RULES less SIG-004/SIG-017, which need rows whose market shows its publications: the first
 * test skips when none does, so the other tests must not claim them without that guard.
 */
const LIST_RULES = ROW_RULES.filter((id) => id !== 'SIG-004' && id !== 'SIG-017');
/** Article-evidence reads per test (404s are free; 200s cost the read price). */
const EVIDENCE_SAMPLE = 3;

/**
 * One listSignals call, checked against the contract and every row rule. SKIPs the test when the
 * answer's rows cannot be found (the envelope is a choice, gap SIG-024: `signals` or its one array).
 */
async function listSignals(
  paid: TargetClient,
  siteUrl: string,
  params: Params = {},
): Promise<{ body: unknown; rows: Row[]; violations: Violation[] }> {
  const res = await paid.get('/api/v1/signals', { params });
  await expect(res).toMatchContract('listSignals');
  expect(res.status(), `GET /api/v1/signals ${JSON.stringify(params)}`).toBe(200);
  const body: unknown = await res.json();
  const rows = signalRows(body);
  test.skip(rows === undefined, 'the rows of the GET /api/v1/signals answer cannot be found (no signals member, no single array)');
  const label = Object.keys(params).length ? JSON.stringify(params) : 'unfiltered';
  return { body, rows: rows!, violations: checkTradeSignals(body, siteUrl).map((v) => ({ ...v, path: `${label}:${v.path}` })) };
}

/** The stub's row metadata (gap SIG-016) and member names (gaps SIG-024, SIG-025), observed on an unfiltered answer. */
function observeListChoices(body: unknown, rows: readonly Row[]): void {
  const b = body as Record<string, unknown>;
  observeChoice('SIG-024', Array.isArray(b.signals), `the rows are not under signals (members: ${Object.keys(b).join(', ')})`);
  if (!rows.length) return;
  observeChoice(
    'SIG-016',
    'count' in b && 'as_of' in b && rows.every((r) => ['signal_type', 'forecast_id', 'question', 'serviceUrl'].every((k) => k in r)),
    'the answer has no count or as_of, or a row no signal_type, forecast_id, question or serviceUrl',
  );
  observeChoice(
    'SIG-025',
    rows.every((r) => typeof r.market === 'object' && r.market !== null),
    'a row names its market other than by market',
  );
}

test.describe('GET /api/v1/signals', () => {
  test(
    'every row is a published trade signal: one per market, its newest publication, with its own id, side, status and timestamp',
    {
      ...ruleDetails(...ROW_RULES, 'SIG-024', 'SIG-025', 'SIG-027', 'REL-011', ...contractRules('listSignals', 'getForecastAvailability')),
    },
    async ({ api, paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listSignals', 1), 'spend budget too small');
      observing('SIG-016', 'SIG-024', 'SIG-025');
      const { body, rows, violations } = await listSignals(paid, targetOptions.siteUrl);
      observeListChoices(body, rows);
      test.skip(rows.length === 0, 'the target lists no published trade signal');
      await test.step("each publication states one side and one timestamp here and in its market's availability (SIG-027); each edge one direction (REL-011)", async () => {
        // A ref's side and published_at are its publication's own (3e747a432475): the markets of a few rows of each
        // status are looked up on the free availability route, whose envelopes must state every publication as the
        // list did (round-7 bug: a withdrawn publication's ref with side null there).
        const views: SignalViews = new Map();
        checkSignalSeenTwice(signalSightings('listSignals', body), views, 'GET /api/v1/signals');
        // The rows' market envelopes, where the target carries them, read directions as every envelope does (REL-011;
        // round-13 bug: the list's two-hop market refs said incoming): within the list, and against the same markets'
        // envelopes on availability.
        const directions: EdgeViews = new Map();
        const found: Violation[] = [...judgeWith(CHECKS.checkRefDirections, body, directions, 'GET /api/v1/signals')];
        const byStatus = new Map<string, Row[]>();
        for (const r of rows) byStatus.set(String(r.status), [...(byStatus.get(String(r.status)) ?? []), r]);
        const keys = [...new Set([...byStatus.values()].flatMap((rs) => rs.slice(0, 3)).map((r) => marketOf(r)?.marketKey ?? r.marketKey))]
          .filter((k): k is string => typeof k === 'string')
          .slice(0, 9);
        for (const key of keys) {
          // An availability answer that is no JSON body is the availability rules' to judge, not a reason to leave
          // this test's row rules unjudged: it gives no sighting here.
          const avail = await lookup(api, { market_key: key }).then(
            (a) => a.body,
            () => undefined,
          );
          found.push(
            ...judgeWith(CHECKS.checkSignalSeenTwice, signalSightings('getForecastAvailability', avail), views, `availability of ${key}`),
            ...judgeWith(CHECKS.checkRefDirections, avail, directions, `availability of ${key}`),
          );
        }
        expect.soft(found).toHaveNoViolations();
      });
      test.skip(
        !rows.some(showsPublications),
        "no row's market shows its publications (relationships): SIG-004/SIG-017 cannot be observed",
      );
      expect(violations).toHaveNoViolations(rows.slice(0, 3));
    },
  );

  test(
    'exclude_drawdown_risk=true drops elevated rows, keeps safe ones and never falls back to an older publication',
    { ...ruleDetails('SIG-005', 'SIG-008', 'SIG-009', 'SIG-010', ...LIST_RULES, ...contractRules('listSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listSignals', 2), 'spend budget too small');
      const all = await listSignals(paid, targetOptions.siteUrl);
      test.skip(
        !all.rows.some((r) => r.drawdown_risk_elevated !== false),
        'no row with an elevated or unknown drawdown read: the filter has nothing to remove',
      );
      const filtered = await listSignals(paid, targetOptions.siteUrl, { exclude_drawdown_risk: 'true' });
      const found = [
        ...all.violations,
        ...filtered.violations,
        ...checkDrawdownFilter(filtered.rows, all.rows, 'exclude_drawdown_risk=true'),
        ...checkNoFallback(filtered.rows, all.rows, 'exclude_drawdown_risk=true'),
      ];
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'the former parameter name exclude_crash_risk gives the same rows as exclude_drawdown_risk',
    { ...ruleDetails('VER-012', 'VER-015', 'SIG-008', ...LIST_RULES, ...contractRules('listSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listSignals', 6), 'spend budget too small');
      const found: Violation[] = [];
      let rows = 0;
      // On a budget (thrifty) only the filtering value, where an ignored alias shows: each call is billed.
      for (const value of thrifty() ? ['true'] : ['true', 'false']) {
        await test.step(`exclude_crash_risk=${value}`, async () => {
          const current = await listSignals(paid, targetOptions.siteUrl, { exclude_drawdown_risk: value });
          const former = await listSignals(paid, targetOptions.siteUrl, { exclude_crash_risk: value });
          rows += current.rows.length + former.rows.length;
          found.push(
            ...current.violations,
            ...former.violations,
            ...checkSameRows(former.rows, current.rows, 'VER-012', `exclude_crash_risk=${value} vs exclude_drawdown_risk=${value}`),
          );
          if (value === 'true')
            former.rows.forEach(
              (r, i) =>
                r.drawdown_risk_elevated === true &&
                found.push(
                  violation(
                    'VER-012',
                    `exclude_crash_risk=true:/signals/${i}`,
                    'an elevated row survived the former-name filter (the alias does not work)',
                  ),
                ),
            );
        });
      }
      await test.step('both names, conflicting values (gap VER-015: stub answers 422)', async () => {
        const res = await paid.get('/api/v1/signals', { params: { exclude_drawdown_risk: 'true', exclude_crash_risk: 'false' } });
        await expect(res).toMatchContract('listSignals');
        if (res.status() !== 422)
          found.push(
            violation(
              'VER-015',
              'status',
              `conflicting exclude_drawdown_risk/exclude_crash_risk answered ${res.status()} (stub choice: 422)`,
              'warning',
            ),
          );
      });
      expect(found).toHaveNoViolations();
      test.skip(rows === 0, 'the target lists no published trade signal: the two names compare empty lists');
    },
  );

  test(
    'topic=broker_a keeps exactly the broker-listed markets, each with its newest publication, alone and beside exclude_drawdown_risk=true',
    { ...ruleDetails('SIG-011', 'SIG-012', 'SIG-005', 'SIG-008', 'SIG-009', 'SIG-010', ...LIST_RULES, ...contractRules('listSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listSignals', 4), 'spend budget too small');
      const all = await listSignals(paid, targetOptions.siteUrl);
      const listed = all.rows.filter(
        (r) => Array.isArray(marketOf(r)?.broker_channels) && (marketOf(r)!.broker_channels as unknown[]).includes('broker_a'),
      );
      test.skip(listed.length === 0, 'no published trade signal on a broker-listed market');
      const broker = await listSignals(paid, targetOptions.siteUrl, { topic: 'broker_a' });
      const found = [
        ...all.violations,
        ...broker.violations,
        ...checkBrokerFilter(broker.rows, all.rows),
        ...checkNoFallback(broker.rows, all.rows, 'topic=broker_a'),
      ];
      // Both filters together (round-8 bug: the topic dropped beside the drawdown filter, each right alone): the broker
      // rows of the drawdown-filtered list, which are the safe rows of the broker list.
      const { both, safe } = await test.step('topic=broker_a&exclude_drawdown_risk=true', async () => ({
        safe: await listSignals(paid, targetOptions.siteUrl, { exclude_drawdown_risk: 'true' }),
        both: await listSignals(paid, targetOptions.siteUrl, { topic: 'broker_a', exclude_drawdown_risk: 'true' }),
      }));
      const label = 'topic=broker_a&exclude_drawdown_risk=true';
      found.push(
        ...safe.violations,
        ...both.violations,
        // Each filter's own rows are the expectation only where that filter was right alone (a row the safe list kept
        // wrongly, or a broker answer's unlisted market, is the other test's verdict, not this pair's).
        ...checkBrokerFilter(
          both.rows,
          safe.rows.filter((r) => r.drawdown_risk_elevated === false),
        ),
        ...checkDrawdownFilter(both.rows, broker.rows.filter(brokerListed), label),
        ...checkNoFallback(both.rows, all.rows, label),
      );
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'any topic only narrows the list: every filtered row is the unfiltered row of its market (property)',
    { ...ruleDetails('SIG-005', 'SIG-013', ...LIST_RULES, ...contractRules('listSignals')) },
    async ({ paid, targetOptions }) => {
      const runs = 12;
      test.skip(!affordable(targetOptions, 'listSignals', runs + 1), 'spend budget too small');
      const all = await listSignals(paid, targetOptions.siteUrl);
      test.skip(all.rows.length === 0, 'the target lists no published trade signal');
      await test.step('a topic no market carries (gap SIG-013: the stub answers an empty list)', async () => {
        const unknown = await listSignals(paid, targetOptions.siteUrl, { topic: `fc-no-such-topic-${targetOptions.seed}` });
        observeChoice('SIG-013', unknown.rows.length === 0, `an unknown topic kept ${unknown.rows.length} row(s)`);
        expect([...unknown.violations, ...checkNoFallback(unknown.rows, all.rows, 'an unknown topic')]).toHaveNoViolations();
      });
      // Topics seen on the rows' markets (routing has no tags, so broker_a in any case plus free text).
      const topic = fc.oneof(
        fc.constantFrom('broker_a', 'BROKER_A', 'Broker_A', 'politics', 'crypto', 'economics'),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
      );
      await assertProperty(
        fc.asyncProperty(topic, async (t) => {
          const filtered = await listSignals(paid, targetOptions.siteUrl, { topic: t });
          expect([...filtered.violations, ...checkNoFallback(filtered.rows, all.rows, `topic=${t}`)]).toHaveNoViolations();
        }),
        { seed: targetOptions.seed, numRuns: paidRuns(runs) },
      );
    },
  );

  test(
    'article evidence stays at /api/v1/markets/{slug}/signals (version 5 break)',
    { ...ruleDetails('VER-009', 'VER-010', ...LIST_RULES, ...contractRules('listSignals', 'getMarketSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(
        !affordable(targetOptions, 'getMarketSignals', EVIDENCE_SAMPLE) || !affordable(targetOptions, 'listSignals', 1),
        'spend budget too small',
      );
      const all = await listSignals(paid, targetOptions.siteUrl);
      // Markets named by their slug, the form the route shows (how a market without a slug is named is gap EVID-017).
      const sample = all.rows
        .map(marketOf)
        .filter((m): m is Row => m !== undefined && typeof m.marketKey === 'string' && typeof m.slug === 'string' && m.slug !== '')
        .slice(0, EVIDENCE_SAMPLE);
      test.skip(sample.length === 0, 'no trade-signal row names its market by a slug');
      const found = [...all.violations];
      let articles = 0;
      const refused: string[] = [];
      for (const m of sample) {
        // On a budget (thrifty) the first market with article evidence is the case: each read is billed.
        if (thrifty() && articles > 0) break;
        const slug = String(m.slug);
        await test.step(`${String(m.marketKey)} → /api/v1/markets/${slug}/signals`, async () => {
          const res = await paid.get(`/api/v1/markets/${encodeURIComponent(slug)}/signals`, { params: { venue: String(m.venue) } });
          await expect(res).toMatchContract('getMarketSignals');
          const code = ((await jsonOrNull(res)) as { error?: unknown } | null)?.error;
          // A market the target refuses as topic-excluded is outside the case (the spec lets a service refuse such a
          // market on any request path), never a violation of this rule.
          if (res.status() === 422 && code === 'forecast_topic_excluded') refused.push(String(m.marketKey));
          else if (res.status() === 200) {
            articles++;
            found.push(...checkArticleEvidence(await res.json(), String(m.marketKey)));
          } else if (res.status() !== 404)
            found.push(
              violation(
                'VER-010',
                'status',
                `${String(m.marketKey)}'s article evidence answered ${res.status()} ${JSON.stringify(code)}, not 200 or 404`,
              ),
            );
        });
      }
      if (refused.length) test.info().annotations.push({ type: 'note', description: `refused as topic-excluded: ${refused.join(', ')}` });
      test.skip(articles === 0, 'none of the sampled signal markets has article evidence');
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('GET /api/v1/signals/perps', () => {
  test(
    'zero or one daily WTI row',
    { ...ruleDetails('SIG-018', 'SIG-024', ...contractRules('listPerpSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listPerpSignals', 1), 'spend budget too small');
      const res = await paid.get('/api/v1/signals/perps');
      await expect(res).toMatchContract('listPerpSignals');
      expect(res.status()).toBe(200);
      const body: unknown = await res.json();
      test.skip(signalRows(body) === undefined, 'the rows of the perps answer cannot be found (no signals member, no single array)');
      observeChoice('SIG-024', Array.isArray((body as Record<string, unknown>).signals), 'the perps rows are not under signals');
      expect(checkPerpSignals(body).filter((v) => v.ruleId === 'SIG-018')).toHaveNoViolations(body);
    },
  );

  test(
    'the WTI row is scoped wti-only and points to /api/v1/signals/oil',
    { ...ruleDetails('SIG-019', 'SIG-020', 'SIG-023', ...contractRules('listPerpSignals')) },
    async ({ paid, targetOptions }) => {
      test.skip(!affordable(targetOptions, 'listPerpSignals', 1), 'spend budget too small');
      // An unknown parameter is ignored (gap SIG-023): the route documents no 422.
      const res = await paid.get('/api/v1/signals/perps', { params: { fc_unknown: '1' } });
      await expect(res).toMatchContract('listPerpSignals');
      expect(res.status()).toBe(200);
      const body: unknown = await res.json();
      test.skip((signalRows(body) ?? []).length === 0, 'the target has no current WTI row today');
      expect(checkPerpSignals(body)).toHaveNoViolations(body);
    },
  );
});
