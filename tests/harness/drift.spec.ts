/**
 * Contract drift (issue 23; checks/drift.ts, reporter/drift.ts, cli/drift.ts): the embedded stub
 * serves no breaking difference; a copy of the contract with one operation removed, one parameter made
 * required, one enum value dropped and one response member removed gives exactly those four breaking
 * differences, with their pointers; a part the spec does not show (x-fc-choice) is the target's
 * choice; `drift` against a target serving no contract ends with exit 2 and a reason within 30 s.
 * Every server is a loopback server this test starts. Tests of the harness: they credit no rule.
 */
import { runInfo } from './support/run-info.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contract } from '../../contract/index.ts';
import { loadRules } from '../../contract/rules.ts';
import { checkContractDrift, compareContracts, withoutHarnessFacts, type DriftComparison } from '../../checks/drift.ts';
import { driftSection, type DriftSection } from '../../reporter/drift.ts';
import { buildReport } from '../../reporter/report.ts';
import { renderHtml, renderMarkdown } from '../../reporter/render.ts';
import { ruleVerdicts } from '../../reporter/rule-results.ts';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { hangingServer, listen, type Listening } from './support/servers.ts';
import { ROOT, runCli } from './support/cli.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixtures edit a parsed document

/** The four changes, as a deploy-to-deploy (baseline) comparison reports them: exact, at their nodes. */
const FOUR: { pointer: string }[] = [
  { pointer: '/components/schemas/ForecastRequest/properties/status/enum' },
  { pointer: '/components/schemas/MarketListResponse/properties/venue_facets' },
  { pointer: '/paths/~1api~1v1~1assets/get' },
  { pointer: '/paths/~1api~1v1~1markets/get/parameters/4' },
];

/**
 * The same four against the reference contract (issue 32: what the spec shows, member by member, at the served
 * operation's pointers): three break a client written from the spec; an enum value the target says it never
 * answers does not.
 */
const THREE: { pointer: string; ruleId: string }[] = [
  { pointer: '/paths/~1api~1v1~1assets/get', ruleId: 'VER-007' },
  { pointer: '/paths/~1api~1v1~1markets/get/parameters/query/sort', ruleId: 'VER-018' },
  { pointer: '/paths/~1api~1v1~1markets/get/responses/200/properties/venue_facets', ruleId: 'VER-018' },
];

/** The contract as a target serves it (no x-fc-* facts), changed four ways. */
function fourBreaking(): Doc {
  const d = withoutHarnessFacts(contract().doc) as Doc;
  delete d.paths['/api/v1/assets'].get; // an operation removed
  d.paths['/api/v1/markets'].get.parameters.find((p: Doc) => p.name === 'sort').required = true; // a parameter made required
  const status = d.components.schemas.ForecastRequest.properties.status;
  status.enum = status.enum.filter((v: string) => v !== 'failed'); // an enum value dropped
  const list = d.components.schemas.MarketListResponse;
  delete list.properties.venue_facets; // a response member removed
  list.required = list.required.filter((m: string) => m !== 'venue_facets');
  return d;
}

const breaking = (c: DriftComparison) => c.differences.filter((d) => d.class === 'breaking');

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-drift-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.describe('the embedded stub', () => {
  let stub: RunningStub;
  test.beforeAll(async () => {
    stub = await startStub({ port: 0, seed: 42 });
  });
  test.afterAll(async () => stub?.close());

  test('serves no breaking difference: VER-018 finds nothing, `drift --target` exits 0', async () => {
    test.setTimeout(90_000);
    const served = (await (await fetch(`${stub.url}/openapi.json`)).json()) as Doc;
    const cmp = compareContracts(contract().doc, served, 'reference', 'contract/openapi.yaml');
    expect(breaking(cmp)).toEqual([]);
    expect(cmp.counts['non-breaking']).toBe(0);
    expect(checkContractDrift(served)).toEqual([]);
    const r = await runCli(['drift', '--target', stub.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Contract drift of GET ${stub.url}/openapi.json`);
    expect(r.stdout).toMatch(/against the reference contract \(contract\/openapi\.yaml\): 0 breaking/);
    expect(r.stdout).toContain('No breaking difference.');
  });

  test("`run --baseline FILE --fail-on-drift breaking`: the run's drift section has both comparisons, the gate fails it (exit 1), no rule does", async () => {
    test.setTimeout(180_000);
    const baseline = join(dir, 'baseline.json');
    // The earlier deploy served one more operation, which this one dropped: breaking against the baseline only.
    const earlier = withoutHarnessFacts(contract().doc) as Doc;
    earlier.paths['/api/v1/legacy'] = { get: { operationId: 'legacy', responses: { '200': { description: 'ok' } } } };
    writeFileSync(baseline, JSON.stringify(earlier));
    const reports = join(dir, 'run');
    const r = await runCli([
      'run',
      '--target',
      stub.url,
      '--rule',
      'VER-018',
      '--workers',
      '1',
      '--report-dir',
      reports,
      '--baseline',
      baseline,
      '--fail-on-drift',
      'breaking',
    ]);
    const report = JSON.parse(readFileSync(join(reports, 'rules.json'), 'utf8')) as {
      verdict: string;
      verdictReason: string;
      rules: { id: string; status: string }[];
      drift: DriftSection;
    };
    expect(report.rules.find((v) => v.id === 'VER-018')?.status).toBe('PASSED');
    expect(report.drift.comparisons.map((c) => [c.against, c.counts.breaking])).toEqual([
      ['reference', 0],
      ['baseline', 1],
    ]);
    expect(report.drift.comparisons[1]!.differences[0]).toMatchObject({ class: 'breaking', pointer: '/paths/~1api~1v1~1legacy/get' });
    expect(report.verdict).toBe('FAILED');
    expect(report.verdictReason).toMatch(
      /^--fail-on-drift breaking: 1 breaking difference\(s\) of the served contract \(1 against the baseline\)/,
    );
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain('breaking     /paths/~1api~1v1~1legacy/get');
    expect(readFileSync(join(reports, 'served-openapi.json'), 'utf8')).toContain('"openapi"');
  });
});

test('a copy with an operation removed, a parameter made required, an enum value dropped and a response member removed: against the reference three break a client, with pointers; the narrowed enum does not', () => {
  const cmp = compareContracts(contract().doc, fourBreaking(), 'reference', 'contract/openapi.yaml');
  expect(breaking(cmp).map((d) => ({ pointer: d.pointer, ruleId: d.ruleId }))).toEqual(THREE);
  expect(cmp.differences.filter((d) => d.class === 'non-breaking').map((d) => d.what)).toEqual(
    expect.arrayContaining([expect.stringContaining('never answers the values ["failed"]')]),
  );
  // The operation removed is VER-007's (checkDocumentedOperations); the other two are VER-018's.
  expect(checkContractDrift(fourBreaking()).map((v) => v.path)).toEqual(THREE.filter((f) => f.ruleId === 'VER-018').map((f) => f.pointer));
});

test('against the reference, layout is no drift: the same shapes under other component names, inlined or split, show nothing', () => {
  const served = withoutHarnessFacts(contract().doc) as Doc;
  // Rename a component and inline another: every $ref to them rewritten, the shapes unchanged.
  const renamed = JSON.parse(
    JSON.stringify(served).replaceAll('#/components/schemas/MarketListItem"', '#/components/schemas/ListedMarket"'),
  ) as Doc;
  renamed.components.schemas.ListedMarket = renamed.components.schemas.MarketListItem;
  delete renamed.components.schemas.MarketListItem;
  renamed.paths['/api/v1/markets'].get.responses['200'].content['application/json'].schema = structuredClone(
    renamed.components.schemas.MarketListResponse,
  );
  const cmp = compareContracts(contract().doc, renamed, 'reference', 'ref');
  expect(cmp.differences.filter((d) => d.class !== 'annotation')).toEqual([]);
});

test('classification for a client of this contract, over the library defaults', () => {
  const served = withoutHarnessFacts(contract().doc) as Doc;
  const one = (change: (d: Doc) => void) => {
    const after = structuredClone(served);
    change(after);
    const c = compareContracts(served, after, 'baseline', 'before.json');
    expect(c.differences, JSON.stringify(c.differences)).toHaveLength(1);
    return c.differences[0]!;
  };
  const item = (d: Doc) => d.components.schemas.MarketListItem.properties;
  // a narrowed response enum and a retyped response member break a reader (the library calls both safe)
  expect(one((d) => (d.components.schemas.VenueKey.enum = ['venue_a', 'venue_b']))).toMatchObject({
    class: 'breaking',
    pointer: '/components/schemas/VenueKey/enum',
  });
  // one difference at the member's own node, whichever operations reach it through $ref
  expect(one((d) => (item(d).signal_count = { type: 'string' }))).toMatchObject({
    class: 'breaking',
    pointer: '/components/schemas/MarketListItem/properties/signal_count',
    operations: ['GET /api/v1/assets/search', 'GET /api/v1/markets'],
  });
  expect(one((d) => delete d.paths['/api/v1/markets'].get.responses['422']).class).toBe('breaking');
  // a member added, an optional parameter added, a response type narrowed: nothing a client breaks on
  expect(one((d) => (d.components.schemas.MarketListResponse.properties.as_of = { type: 'string' })).class).toBe('non-breaking');
  expect(one((d) => d.paths['/api/v1/markets'].get.parameters.push({ name: 'page', in: 'query', schema: { type: 'integer' } })).class).toBe(
    'non-breaking',
  );
  expect(one((d) => (item(d).volume_24h = { type: 'number' })).class).not.toBe('breaking');
  expect(one((d) => (d.paths['/api/v1/markets'].get.description = 'reworded')).class).toBe('annotation');
});

test("a difference on a part the spec does not show (x-fc-choice) is the target's choice, never breaking; a baseline has no marks", () => {
  const served = withoutHarnessFacts(contract().doc) as Doc;
  const dropped = structuredClone(served);
  delete dropped.components.schemas.MarketListResponse.properties.venue_facets;
  dropped.components.schemas.MarketListResponse.required = ['markets'];
  const marked = structuredClone(contract().doc) as Doc;
  marked.components.schemas.MarketListResponse.properties.venue_facets['x-fc-choice'] = 'ERR-GAP-TEST';
  const unmarked = compareContracts(contract().doc, dropped, 'reference', 'ref');
  expect(breaking(unmarked).map((d) => d.pointer)).toEqual(['/paths/~1api~1v1~1markets/get/responses/200/properties/venue_facets']);
  expect(breaking(compareContracts(marked, dropped, 'reference', 'ref'))).toEqual([]);
  expect(checkContractDrift(dropped, marked)).toEqual([]);
  // Deploy to deploy, every change the clients see counts, and no rule is named.
  const baseline = compareContracts(served, fourBreaking(), 'baseline', 'prod.json');
  expect(breaking(baseline).map((d) => d.pointer)).toEqual(FOUR.map((f) => f.pointer));
  expect(baseline.differences.some((d) => d.ruleId)).toBe(false);
});

test('`drift --against FILE`: reports by default (exit 0), exits 1 with --fail-on-drift breaking, --baseline compares deploy to deploy', async () => {
  test.setTimeout(90_000);
  const served = join(dir, 'served.json');
  const before = join(dir, 'before.json');
  writeFileSync(served, JSON.stringify(fourBreaking()));
  writeFileSync(before, JSON.stringify(withoutHarnessFacts(contract().doc)));
  const [report, gate] = await Promise.all([
    runCli(['drift', '--against', served, '--json']),
    runCli(['drift', '--against', served, '--baseline', before, '--fail-on-drift', 'breaking']),
  ]);
  expect(report.code, report.stderr).toBe(0);
  const section = JSON.parse(report.stdout) as DriftSection;
  expect(section.comparisons.map((c) => c.counts.breaking)).toEqual([3]);
  expect(gate.code, gate.stderr).toBe(1);
  for (const f of FOUR) expect(gate.stdout).toContain(`breaking     ${f.pointer}`);
  expect(gate.stdout).toMatch(/against the baseline \(.*before\.json\): 4 breaking/);
  expect(gate.stderr).toContain('--fail-on-drift breaking: 7 breaking difference(s)');
});

test.describe('a target serving no contract: exit 2 and a reason, within 30 s', () => {
  test.describe.configure({ mode: 'parallel' });
  let server: Listening | undefined;
  test.afterEach(async () => server?.close());

  test('404 on /openapi.json', async () => {
    server = await listen(
      createServer((_req, res) => {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":"not_found","message":"no such route"}');
      }),
    );
    const r = await runCli(['drift', '--target', server.url], {}, 60_000);
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toMatch(/no served contract to compare: target .* answered GET \/openapi\.json with HTTP 404/);
    expect(r.ms).toBeLessThan(30_000);
  });

  test('a target that never answers', async () => {
    server = await hangingServer();
    const r = await runCli(['drift', '--target', server.url, '--timeout-ms', '5000'], {}, 60_000);
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toMatch(/did not answer GET \/openapi\.json within 5000 ms/);
    expect(r.ms).toBeLessThan(30_000);
  });
});

test('the drift section: in rules.json (valid against its schema), in both certification pages, and --fail-on-drift fails the verdict', () => {
  const catalogue = loadRules();
  const info = runInfo({ commandLine: 'forecast-conformance run --fail-on-drift breaking' });
  const verdicts = ruleVerdicts(catalogue, []);
  const gated = driftSection(fourBreaking(), { source: 'GET http://127.0.0.1:1/openapi.json', failOn: 'breaking' });
  const report = buildReport(info, verdicts, catalogue, new Map(), gated);
  expect(report.verdict).toBe('FAILED');
  expect(report.verdictReason).toMatch(/^--fail-on-drift breaking: 3 breaking difference/);
  expect(buildReport(info, verdicts, catalogue, new Map(), { ...gated, failOn: null }).verdict).not.toBe('FAILED');
  const validate = addFormats(new Ajv2020({ allErrors: true, strict: false })).compile(
    JSON.parse(readFileSync(join(ROOT, 'reporter/rules.schema.json'), 'utf8')) as object,
  );
  expect(validate(JSON.parse(JSON.stringify(report))), JSON.stringify(validate.errors)).toBe(true);
  const md = renderMarkdown(report);
  const html = renderHtml(report);
  expect(md).toContain('## Contract drift');
  expect(html).toContain('<h2>Contract drift</h2>');
  for (const f of THREE) {
    expect(md).toContain(f.pointer);
    expect(html).toContain(f.pointer);
  }
});
