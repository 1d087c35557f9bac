/**
 * Issue 33, "Done means": runs of the CLI against stubs serving one mutant each (stub/mutants.ts), four
 * rules of four families failing, one of them on keyed requests, one a control-plane case (an injected fault).
 * Each run judges one test (`--rule` and `--grep`), so each takes seconds; every assertion below reads those runs.
 * - the terminal holds one bounded block per failing rule: ID, text, violations, one runnable curl;
 * - every printed curl (terminal, `--json`, GitHub annotation, rules.json, certification.html) run in a
 *   shell with the secrets in its environment gets the recorded status;
 * - `replay` exits 1 against the mutant and 0 against a stub without it, keyed requests with their key;
 * - junit.xml validates, the HTML parses clean, no secret value is in any file or output, the
 *   `$FC_API_KEY` placeholder is wherever the keyed request is shown;
 * - `--json` prints a machine-readable summary; under GITHUB_ACTIONS=true the run writes `::error`
 *   annotations titled with the rule ID and a Markdown step summary.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { validateXML } from 'xmllint-wasm';
import { startStubProcess, type StubProcess } from '../../stub/process.ts';
import { startStub, type RunningStub } from '../../stub/app.ts';
import type { CertificationReport } from '../../reporter/report.ts';
import { runCli, type CliResult } from './support/cli.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const keys = [`fc_${randomBytes(16).toString('hex')}`, `fc_${randomBytes(16).toString('hex')}`];
const controlToken = randomBytes(24).toString('hex');
const secretEnv = { FC_API_KEY: keys[0]!, FC_API_KEY_2: keys[1]!, FC_CONTROL_TOKEN: controlToken };
const SECRETS = [...keys, controlToken];

/** The mutant runs: each one rule of its own family, judged by one test. */
const MUTANTS = [
  // The keyed one: a paid operation's malformed requests go out on the key (the stub asks for it first, gap AUTH-020).
  { name: 'err-no-message', rule: 'ERR-001', grep: 'createForecastRequest\\): malformed requests', mode: 'terminal' },
  // No check of VER-019 judges one answer alone: replay reruns its test.
  { name: 'ver-doc-hours-max-12', rule: 'VER-019', grep: 'every bound and default the served contract declares', mode: 'json' },
  { name: 'price-credits-per-usd-100', rule: 'PRICE-015', grep: '10 credits equal', mode: 'github' },
  // A control-plane case: the request alone meets another state; its exhibits carry the calls that set it up.
  { name: 'bill-no-refund-502-latest', rule: 'BILL-003', grep: 'getLatest: an injected upstream 502 leaves', mode: 'json' },
] as const;

interface MutantRun {
  rule: string;
  mode: (typeof MUTANTS)[number]['mode'];
  stub: StubProcess;
  dir: string;
  run: CliResult;
  report: CertificationReport;
  summaryFile: string;
}

let root = '';
const runs: MutantRun[] = [];
let clean: RunningStub;
const cleanKeys: (string | undefined)[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  root = mkdtempSync(join(tmpdir(), 'fc-failing-'));
  // A stub without any mutant, with the same keys: `replay --target` of a fixed target; it records the keys it gets.
  clean = await startStub({ port: 0, apiKeys: keys, controlToken, seed: 42 });
  clean.app.server.on('request', (req: { headers: Record<string, unknown> }) => cleanKeys.push(req.headers['x-service-api-key'] as string));
  for (const m of MUTANTS) {
    const stub = await startStubProcess({ apiKeys: keys, controlToken, seed: 42, mutant: m.name });
    const dir = join(root, m.rule);
    const summaryFile = join(root, `${m.rule}-summary.md`);
    const extra = m.mode === 'json' ? ['--json'] : [];
    const env = m.mode === 'github' ? { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile } : {};
    const run = await runCli(
      // The GitHub run states no budget: a target's default, $0 (its rule's test is free).
      [
        'run',
        '--target',
        stub.url,
        '--rule',
        m.rule,
        '--grep',
        m.grep,
        ...(m.mode === 'github' ? [] : ['--max-spend', '0.5']),
        '--report-dir',
        dir,
        ...extra,
      ],
      { ...secretEnv, ...env },
      150_000,
    );
    const report = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as CertificationReport;
    runs.push({ rule: m.rule, mode: m.mode, stub, dir, run, report, summaryFile });
  }
});

test.afterAll(async () => {
  for (const r of runs) await r.stub.close();
  await clean?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const ruleOf = (r: MutantRun) => r.report.rules.find((x) => x.id === r.rule)!;

test('each mutant fails its own rule and the run exits 1', () => {
  for (const r of runs) {
    expect(r.run.code, `${r.rule}: ${r.run.stdout.slice(-2000)}${r.run.stderr.slice(-2000)}`).toBe(1);
    expect(ruleOf(r).status, r.rule).toBe('FAILED');
    expect(
      ruleOf(r).exhibits?.some((e) => e.curl),
      r.rule,
    ).toBe(true);
  }
});

test('the terminal: one short block per failing rule (ID, text, violations, curl), no stack trace', () => {
  const r = runs.find((x) => x.mode === 'terminal')!;
  const lines = r.run.stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`  FAILED ${r.rule} `));
  expect(start, r.run.stdout).toBeGreaterThan(-1);
  const block = lines.slice(
    start,
    lines.findIndex((l, i) => i > start && !l.startsWith('    ')),
  );
  expect(block.length).toBeLessThanOrEqual(6);
  expect(block[0]).toContain(ruleOf(r).text.slice(0, 60));
  expect(block.some((l) => l.startsWith(`    [${r.rule}] `))).toBe(true);
  expect(block.at(-1)).toMatch(/^ {4}reproduce: curl /);
  // The spend line states the budget in force: --max-spend here, a target's $0 where none was given.
  expect(r.run.stdout).toMatch(/^Spend: \$\d+\.\d{3} in \d+ paid call\(s\); budget \$0\.500$/m);
  expect(runs.find((x) => x.mode === 'github')!.run.stdout).toMatch(
    /^Spend: \$0\.000 in 0 paid call\(s\); budget \$0: paid calls are refused/m,
  );
  expect(runs.find((x) => x.mode === 'github')!.report.spend.budgetUsd).toBe(0);
  // The whole output is short, and carries no stack frame (they come with --verbose only).
  expect(lines.length).toBeLessThan(60);
  expect(r.run.stdout + r.run.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
});

/** Runs a printed curl in a shell with the secrets in its environment; its HTTP status. */
function statusOf(curl: string): Promise<number> {
  return new Promise((resolve, reject) =>
    execFile('sh', ['-c', `${curl} -o /dev/null -w '%{http_code}'`], { env: { PATH: process.env.PATH, ...secretEnv } }, (err, stdout) =>
      err ? reject(err) : resolve(Number(stdout.trim().slice(-3))),
    ),
  );
}

type Node = DefaultTreeAdapterMap['node'];
const all = (n: Node): DefaultTreeAdapterMap['element'][] => [
  ...('tagName' in n ? [n] : []),
  ...('childNodes' in n ? n.childNodes.flatMap(all) : []),
];
const textOf = (n: Node): string =>
  n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : 'childNodes' in n ? n.childNodes.map(textOf).join('') : '';

test('every printed curl runs and gets the recorded status: terminal, --json, annotation, rules.json, HTML', async () => {
  for (const r of runs) {
    const exhibits = ruleOf(r).exhibits!.filter((e) => e.curl && e.response);
    const recorded = new Map(exhibits.map((e) => [e.curl!, e.response!.status]));
    const printed =
      r.mode === 'terminal'
        ? [/^ {4}reproduce: (curl .*)$/m.exec(r.run.stdout)![1]!]
        : r.mode === 'json'
          ? [(JSON.parse(r.run.stdout) as { failing: { curl: string }[] }).failing[0]!.curl]
          : [
              /reproduce: (curl .*)$/.exec(
                decodeURIComponent(/^::error title=[^:]+::(.*)$/m.exec(r.run.stdout)![1]!.replace(/%0A/g, '\n').split('\n').at(-1)!),
              )![1]!,
            ];
    const html = readFileSync(join(r.dir, 'certification.html'), 'utf8');
    const section = all(parse(html)).find(
      (e) => e.tagName === 'section' && e.attrs.some((a) => a.name === 'data-rule' && a.value === r.rule),
    )!;
    const fromHtml = all(section)
      .filter((e) => e.tagName === 'pre' && e.attrs.some((a) => a.name === 'class' && a.value === 'curl'))
      .map(textOf);
    expect(fromHtml).toEqual(exhibits.map((e) => e.curl));
    // A control-plane case's curl is run after the calls that set it up (checked on their own below).
    const setupOf = new Map(exhibits.map((e) => [e.curl!, e.setup ?? []]));
    for (const curl of [...printed, ...recorded.keys(), ...fromHtml]) {
      expect(recorded.has(curl), `${r.rule}: a printed curl is one recorded in rules.json: ${curl}`).toBe(true);
      for (const call of setupOf.get(curl) ?? []) await statusOf(call);
      expect(await statusOf(curl), curl).toBe(recorded.get(curl));
    }
  }
});

test("a control-plane case's exhibits carry the calls that set it up, shown before the curl everywhere, and they run", async () => {
  const r = runs.find((x) => x.rule === 'BILL-003')!;
  const shown = ruleOf(r).exhibits!.find((e) => e.curl)!;
  expect(
    shown.setup?.some((c) => c.includes('/__control/faults')),
    JSON.stringify(shown.setup),
  ).toBe(true);
  for (const call of shown.setup!) {
    expect(call).toMatch(/^curl -sS -i -X (POST|PUT|PATCH|DELETE) '[^']*\/__control\//);
    expect(call).toContain('"authorization: Bearer $FC_CONTROL_TOKEN"');
  }
  expect((JSON.parse(r.run.stdout) as { failing: { setup?: string[] }[] }).failing[0]!.setup).toEqual(shown.setup);
  const html = readFileSync(join(r.dir, 'certification.html'), 'utf8');
  const section = all(parse(html)).find(
    (e) => e.tagName === 'section' && e.attrs.some((a) => a.name === 'data-rule' && a.value === r.rule),
  )!;
  const setups = all(section).filter((e) => e.tagName === 'pre' && e.attrs.some((a) => a.name === 'class' && a.value === 'setup'));
  expect(setups.map(textOf)[0]).toBe(shown.setup!.join('\n'));
  expect(readFileSync(join(r.dir, 'certification.md'), 'utf8')).toContain(`Set up first (control plane):`);
  expect(readFileSync(join(r.dir, 'junit.xml'), 'utf8')).toContain('set up first: curl');
  // The set-up runs against the mutant stub as printed, with the token from the environment; then the curl meets the
  // recorded status (the injected 502), which it does not alone.
  expect(await statusOf(shown.curl!), 'the curl alone').not.toBe(shown.response!.status);
  for (const call of shown.setup!) expect(await statusOf(call), call).toBeLessThan(300);
  expect(await statusOf(shown.curl!), 'the curl after its set-up').toBe(shown.response!.status);
});

test('replay: exit 1 while the mutant is on, 0 against a stub without it; keyed requests carry their key', async () => {
  for (const r of runs) {
    const on = await runCli(['replay', '--report-dir', r.dir, '--rule', r.rule], secretEnv, 60_000);
    expect(on.code, on.stdout + on.stderr).toBe(1);
    expect(on.stdout).toMatch(new RegExp(`^Verdict: ${r.rule} still violated: .*\\(exit 1\\)$`, 'm'));
    const off = await runCli(['replay', '--report-dir', r.dir, '--rule', r.rule, '--target', clean.url], secretEnv, 60_000);
    expect(off.code, off.stdout + off.stderr).toBe(0);
    expect(off.stdout).toMatch(new RegExp(`^Verdict: ${r.rule} not violated: .*\\(exit 0\\)$`, 'm'));
  }
  const keyed = runs.find((r) => r.rule === 'ERR-001')!;
  expect(ruleOf(keyed).exhibits![0]!.request!.headers['x-service-api-key']).toMatch(/^\$FC_API_KEY|^fc_/);
  expect(cleanKeys.filter((k) => k === keys[0])).not.toHaveLength(0);
  // Without the key in the environment a keyed request cannot be replayed: exit 2, and it says why.
  const first = ruleOf(keyed).exhibits!.findIndex((e) => e.request?.headers['x-service-api-key'] === '$FC_API_KEY') + 1;
  const none = await runCli(['replay', '--report-dir', keyed.dir, '--rule', 'ERR-001', '--case', String(first)], {}, 60_000);
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(/needs FC_API_KEY in the environment/);
});

test('junit.xml validates and counts; the HTML parses clean', async () => {
  const schema = readFileSync(join(import.meta.dirname, 'fixtures', 'jenkins-junit.xsd'), 'utf8');
  for (const r of runs) {
    const xml = readFileSync(join(r.dir, 'junit.xml'), 'utf8');
    const v = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [{ fileName: 'junit.xsd', contents: schema }] });
    expect(v.errors.map((e) => e.rawMessage)).toEqual([]);
    const root = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(xml)!;
    const skipped = (xml.match(/<skipped>/g) ?? []).length;
    expect(Number(root[1]) - Number(root[2]) - Number(root[3]) - skipped).toBe((r.report.counts.PASSED ?? 0) + (r.report.counts.WARN ?? 0));
    expect(xml).toMatch(new RegExp(`<testcase classname="[A-Z0-9]+" name="${r.rule} [^"]*" time="\\d+\\.\\d{3}">\\s*<failure `));
    const errors: string[] = [];
    parse(readFileSync(join(r.dir, 'certification.html'), 'utf8'), { onParseError: (e) => errors.push(e.code) });
    expect(errors).toEqual([]);
  }
});

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));

test('no secret value in any written file or output; the keyed request shows $FC_API_KEY everywhere it is shown', () => {
  const leaks: string[] = [];
  for (const r of runs) {
    const texts = [
      ...filesUnder(r.dir).map((f) => ({ where: f, text: readFileSync(f).toString('utf8') })),
      { where: 'stdout', text: r.run.stdout },
      { where: 'stderr', text: r.run.stderr },
      ...(existsSync(r.summaryFile) ? [{ where: 'step summary', text: readFileSync(r.summaryFile, 'utf8') }] : []),
    ];
    for (const { where, text } of texts) for (const s of SECRETS) if (text.includes(s)) leaks.push(`${r.rule}: ${where}`);
  }
  expect(leaks).toEqual([]);
  const keyed = runs.find((r) => r.rule === 'ERR-001')!;
  const curl = ruleOf(keyed).exhibits!.find((e) => e.request?.headers['x-service-api-key'] === '$FC_API_KEY')?.curl;
  expect(curl, 'a keyed request is among the exhibits').toContain('-H "x-service-api-key: $FC_API_KEY"');
  for (const f of ['rules.json', 'certification.html', 'certification.md', 'junit.xml'])
    expect(readFileSync(join(keyed.dir, f), 'utf8'), f).toContain('x-service-api-key: $FC_API_KEY');
});

test('--json prints the summary on stdout alone; GitHub Actions gets ::error annotations and a step summary', () => {
  const json = runs.find((r) => r.mode === 'json')!;
  const summary = JSON.parse(json.run.stdout) as Record<string, unknown>;
  expect(summary).toMatchObject({ verdict: 'FAILED', exitCode: 1, failing: [{ id: json.rule, status: 'FAILED' }] });
  expect(summary.spend).toMatchObject({ budgetUsd: 0.5 });
  expect(summary.drift).toMatchObject({ status: 'compared' });
  const gh = runs.find((r) => r.mode === 'github')!;
  expect(gh.run.stdout).toMatch(new RegExp(`^::error title=${gh.rule} FAILED::FAILED ${gh.rule} \\(MUST\\)`, 'm'));
  const md = readFileSync(gh.summaryFile, 'utf8');
  expect(md).toMatch(/^## forecast-conformance: FAILED \(exit 1\)/);
  expect(md).toContain(`**${gh.rule}** FAILED`);
  // Without GITHUB_ACTIONS nothing of the kind is printed.
  expect(runs.find((r) => r.mode === 'terminal')!.run.stdout).not.toContain('::error');
});
