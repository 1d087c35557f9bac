/**
 * `npm run bug-hunt`: the harness against subtle one-rule bugs it has never seen (issue 34's yardstick).
 * The bugs live in `cleanroom/bugs/` (bugs.json, proxy.mjs): each was written from the spec alone by an author
 * who never read the suites, as a hook of a reverse proxy in front of the reference stub that breaks one
 * sentence of the spec on part of what it governs (one operation, one value, one side of a bound, one cause).
 * For each bug the proxy (which starts the stub itself, with a control plane) is started with `BUG=<name>`, and
 * a certify run selects every rule that applies to the bug's operations (`--operation`, contract/applicability.ts).
 *
 * A bug is killed when the run FAILED a rule; "by its rule" when a FAILED rule cites one of the sentences the bug
 * breaks. A bug the spec's own level lets pass (a SHOULD rule citing its sentence WARNed, none FAILED) is "warned";
 * one that is a choice the spec leaves open (a gap rule citing its sentence reported GAP "differs", none FAILED) is
 * "choice"; one whose every citing rule the catalogue reads as unobservable from outside is "unobservable". The kill
 * rate is printed over every bug run and over those neither warned, a choice nor unobservable (the MUSTs).
 * A run that ends ERROR (a harness fault) or aborted (the target stopped answering) is inconclusive, never a kill. Prints one line per bug and the
 * kill rate; writes `reports/bug-hunt/summary.json` and `summary.md`, each run's reports beside them.
 *
 * Options: --only a,b (bug names) --timeout-min N per bug (default 10) --pattern a,b (the bugs' pattern letters)
 *          --quick: select only the families of the rules citing the bug's sentences, the schema and contract
 *            families aside when another is there (a look while iterating; the yardstick is the default selection,
 *            every rule applying to the bug's operations)
 * Exit: 0 when at least --min-kill percent (default 97) of the bugs run that break a MUST were killed, 1 otherwise,
 *   2 on a start failure.
 * Loopback only: the proxy and its stub listen on 127.0.0.1.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './proof/playwright-run.ts';
import { loadRules } from '../contract/rules.ts';
import { operationOf } from '../contract/route-match.ts';
import type { DifferentialTarget } from './differential/targets.ts';
import { runHarness, startTarget } from './differential/launch.ts';

/** One entry of cleanroom/bugs/bugs.json. */
interface Bug {
  name: string;
  pattern: string;
  section: string;
  /** Fingerprints of the spec units the bug breaks (contract/spec-text.ts). */
  sentences: string[];
  /** "METHOD /path" of the operations it shows on. */
  operations: string[];
  what: string;
}

interface HuntResult {
  bug: string;
  pattern: string;
  /**
   * killed: a rule FAILED; warned: none failed, but a rule citing the bug's sentence warned (a SHOULD); choice: none
   * failed, but a gap rule citing it reported the target differs from the stub's choice; unobservable: none failed,
   * and every rule citing its sentences is one the catalogue reads as unobservable from outside (`observe:
   * unobservable`: the spec gives a black-box client no witness of it); inconclusive: ERROR.
   */
  verdict: 'killed' | 'warned' | 'choice' | 'unobservable' | 'survived' | 'inconclusive';
  /** A FAILED rule cites one of the bug's sentences. */
  byItsRule: boolean;
  failed: string[];
  errors: string[];
  ms: number;
}

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    pattern: { type: 'string' },
    'timeout-min': { type: 'string', default: '10' },
    'min-kill': { type: 'string', default: '97' },
    quick: { type: 'boolean', default: false },
  },
});
const BUGS_DIR = join(ROOT, 'cleanroom', 'bugs');
const all = JSON.parse(readFileSync(join(BUGS_DIR, 'bugs.json'), 'utf8')) as Bug[];
const only = values.only?.split(',').map((s) => s.trim());
const patterns = values.pattern?.split(',').map((s) => s.trim());
const unknown = only?.filter((n) => !all.some((b) => b.name === n)) ?? [];
if (unknown.length) {
  console.error(`unknown bug(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const chosen = all.filter((b) => (!only || only.includes(b.name)) && (!patterns || patterns.includes(b.pattern)));

/** The operationIds of "METHOD /path" entries (a path with a `{param}` is matched as a template). */
function operationIds(bug: Bug): string[] {
  const ids = bug.operations.flatMap((o) => {
    const [method, ...rest] = o.split(' ');
    return (
      rest
        .join(' ')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        // "/x/search, /x/profile": a later path names only its tail under the API's /api/v1 prefix.
        .map((p) => (p.startsWith('/api/') ? p : `/api/v1/${p.replace(/^\/+/, '')}`))
        .map((p) => operationOf(method ?? 'GET', p.replace(/\{[^}]+\}/g, 'x')))
    );
  });
  return [...new Set(ids.filter((x): x is string => Boolean(x)))];
}

const rules = loadRules();
const citing = (bug: Bug) =>
  new Set([...rules.values()].filter((r) => r.source?.some((s) => bug.sentences.includes(s.fp))).map((r) => r.id));

/**
 * What `--quick` selects for a bug: the families of the rules citing its sentences, but the schema and contract
 * families (SCH, CONTRACT) when another family is there too (selecting them selects nearly every test, a whole run per
 * bug); their rules citing the sentences are selected one by one instead (round-30 bug: a constant of the availability
 * hint, SCH-302, broken, survived a `--quick` that left SCH out), which selects the tests carrying them.
 */
function quickSelection(bug: Bug): { families: string[]; rules: string[] } {
  const all = [...new Set([...citing(bug)].map((id) => id.replace(/-\d+$/, '')))];
  const own = all.filter((f) => f !== 'SCH' && f !== 'CONTRACT');
  // A price row is also judged on the ledger: BILL-001 (a call debits its route's price) cites the sentence that
  // charges the price, not the row that states it (round-33 bug: a search with as_of debited twice, failing only
  // BILL-001, survived a --quick that selected the row's PRICE rule alone).
  const ledger = all.includes('PRICE') ? ['BILL-001'] : [];
  if (!own.length) return { families: all, rules: ledger };
  return {
    families: own,
    rules: [...new Set([...citing(bug)].filter((id) => !own.includes(id.replace(/-\d+$/, ''))).concat(ledger))].sort(),
  };
}

const outDir = join(ROOT, 'reports', 'bug-hunt');
mkdirSync(outDir, { recursive: true });
const results: HuntResult[] = [];
let startFailure = false;
for (const bug of chosen) {
  const ops = operationIds(bug);
  const target: DifferentialTarget = {
    name: `bug-${bug.name}`,
    dir: BUGS_DIR,
    start: ['node', 'proxy.mjs'],
    env: { BUG: bug.name, STUB_ROOT: ROOT },
    deviate: {},
    controlPlane: true,
    deviations: [],
  };
  const reportDir = join(outDir, bug.name);
  rmSync(reportDir, { recursive: true, force: true });
  const started = Date.now();
  let server;
  try {
    server = await startTarget(target, false, outDir);
  } catch (err) {
    console.error(`${bug.name}: could not start: ${(err as Error).message}`);
    startFailure = true;
    continue;
  }
  try {
    await runHarness(target, server, reportDir, {
      maxSpendUsd: 100,
      timeoutMs: Number(values['timeout-min']) * 60_000,
      ...(values.quick ? quickSelection(bug) : { operations: ops }),
    });
  } finally {
    await server.stop();
  }
  const file = join(reportDir, 'rules.json');
  const reported = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { rules: { id: string; status: string; sameChoiceAsStub?: boolean }[] }).rules
    : [];
  // A run aborted because the target stopped answering judged part of it only: whatever it FAILED, it is no verdict.
  const aborted = existsSync(file) && Boolean((JSON.parse(readFileSync(file, 'utf8')) as { aborted?: string }).aborted);
  const failed = reported.filter((r) => r.status === 'FAILED').map((r) => r.id);
  const errors = reported.filter((r) => r.status === 'ERROR').map((r) => r.id);
  const own = citing(bug);
  const warned = reported.some((r) => r.status === 'WARN' && own.has(r.id));
  const choice = reported.some((r) => r.status === 'GAP' && r.sameChoiceAsStub === false && own.has(r.id));
  const unobservable = own.size > 0 && [...own].every((id) => rules.get(id)?.observe === 'unobservable');
  const result: HuntResult = {
    bug: bug.name,
    pattern: bug.pattern,
    verdict: aborted
      ? 'inconclusive'
      : failed.length
        ? 'killed'
        : errors.length || !reported.length
          ? 'inconclusive'
          : warned
            ? 'warned'
            : choice
              ? 'choice'
              : unobservable
                ? 'unobservable'
                : 'survived',
    byItsRule: failed.some((id) => own.has(id)),
    failed,
    errors,
    ms: Date.now() - started,
  };
  results.push(result);
  console.log(
    `${result.verdict.padEnd(12)} ${bug.name} [${bug.pattern}] on ${ops.join(', ') || '(no operation matched)'}: ${
      failed.length
        ? `FAILED ${failed.join(', ')}${result.byItsRule ? '' : ' (none citing its sentence)'}`
        : errors.length
          ? `ERROR ${errors.join(', ')}`
          : 'no rule failed'
    } (${Math.round(result.ms / 1000)} s)`,
  );
}

const killed = results.filter((r) => r.verdict === 'killed').length;
const percent = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
const rate = percent(killed, results.length);
// The bugs that break what the spec states as a MUST: not a SHOULD it lets pass, not a choice it leaves open, not a
// sentence it gives a black-box client no witness of (each printed with its verdict below).
const musts = results.filter((r) => !['warned', 'choice', 'unobservable'].includes(r.verdict)).length;
const mustRate = percent(killed, musts);
const lines = [
  '| bug | pattern | verdict | by its rule | FAILED |',
  '| --- | --- | --- | --- | --- |',
  ...results.map((r) => `| ${r.bug} | ${r.pattern} | ${r.verdict} | ${r.byItsRule ? 'yes' : 'no'} | ${r.failed.join(', ')} |`),
];
const headline = `${killed} of ${results.length} killed (${rate}%); of the ${musts} breaking a MUST, ${mustRate}%`;
writeFileSync(join(outDir, 'summary.json'), `${JSON.stringify({ killed, of: results.length, rate, musts, mustRate, results }, null, 2)}\n`);
writeFileSync(join(outDir, 'summary.md'), `# Bug hunt\n\n${headline}\n\n${lines.join('\n')}\n`);
console.log(`\nBug hunt: ${headline}; ${results.filter((r) => r.byItsRule).length} by a rule citing its sentence`);
const survivors = results.filter((r) => r.verdict !== 'killed');
if (survivors.length) console.log(`Not killed: ${survivors.map((r) => `${r.bug} (${r.verdict})`).join(', ')}`);
process.exit(startFailure ? 2 : mustRate >= Number(values['min-kill']) ? 0 : 1);
