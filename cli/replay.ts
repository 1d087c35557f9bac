/**
 * `forecast-conformance replay`: re-sends one recorded failing case (an exhibit of a FAILED or WARN
 * rule in rules.json) and gives the verdict of that rule's own check (issue 33):
 * - exit 1: the recorded violation, or any violation of the rule, is still there;
 * - exit 0: the rule's check ran and finds none;
 * - exit 2: it cannot replay (no recorded request, a secret missing from the environment, the target
 *   unreachable, or the rule's tests could not judge it).
 * Rules whose check judges one answer alone (cli/replay-judges.ts: the error envelope, the payment
 * challenge, the pricing metadata, the contract validator's schema rules) are judged on the answer
 * replayed; any other rule is judged by rerunning its own suite tests against the recorded target
 * (`run --rule ID`, within `--max-spend`). Secret placeholders ($FC_API_KEY, ...) are filled from the
 * environment, never from the report, so a keyed request goes out with its key.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readReport, type ReportedRule } from '../reporter/report.ts';
import { operationOf } from '../contract/route-match.ts';
import { redact } from '../lib/redact.ts';
import type { Violation } from '../lib/violation.ts';
import type { RecordedRequest } from '../lib/exhibit.ts';
import { readSecrets, registerSecrets, UsageError } from './settings.ts';
import { createAgent, DEFAULT_MAX_BODY_BYTES, exchange, type HttpAnswer } from '../lib/http-client.ts';
import { judgeAnswer, judgesOf } from './replay-judges.ts';

export interface ReplayOptions {
  reportDir: string;
  rule?: string;
  /** 1-based index among the rule's exhibits. */
  case: number;
  target?: string;
  /** The answer's body limit, bytes (default DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Budget (USD) of a rerun of the rule's tests; default the recorded run's budget, else 0. */
  maxSpend?: number;
}

/** How long the replayed call may take, ms. */
const REPLAY_TIMEOUT_MS = 15_000;
/** How long a rerun of the rule's own tests may take, ms. */
const RERUN_TIMEOUT_MS = 600_000;

/** Exit codes, as the messages say them. */
const STILL_VIOLATED = 1;
const NOT_VIOLATED = 0;
const CANNOT_REPLAY = 2;

/**
 * The recorded request with every `$FC_*` placeholder filled from the environment.
 * @throws UsageError naming the variables a header needs and the environment lacks
 */
function filledHeaders(request: RecordedRequest): Record<string, string> {
  const secrets = readSecrets();
  registerSecrets(secrets);
  const values: Record<string, string | undefined> = {
    FC_API_KEY: secrets.apiKey,
    FC_API_KEY_2: secrets.apiKey2,
    FC_CONTROL_TOKEN: secrets.controlToken,
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const missing: string[] = [];
    const filled = value.replace(/\$(FC_[A-Z0-9_]+)/g, (_, v: string) => values[v] ?? (missing.push(v), ''));
    if (missing.length) throw new UsageError(`cannot replay: header ${name} needs ${missing.join(', ')} in the environment`);
    headers[name] = filled;
  }
  return headers;
}

/** Repeated headers joined as a Response joins them, names lower-cased. */
function joinedHeaders(res: HttpAnswer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of res.headers) {
    const k = name.toLowerCase();
    out[k] = k in out ? `${out[k]}, ${value}` : value;
  }
  return out;
}

const line = (v: Violation) => `[${v.ruleId}] ${v.path}: ${v.message}`;
const sameViolation = (a: Violation, b: Violation) => a.ruleId === b.ruleId && a.path === b.path;

/**
 * Judges the rule by rerunning its own suite tests against `origin` (a child `run --rule ID --json`).
 * @returns the exit code and the verdict line
 */
function rerunTests(rule: ReportedRule, origin: string, maxSpend: number): Promise<{ code: number; verdict: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fc-replay-'));
  const args = [...process.execArgv, process.argv[1]!, 'run', '--rule', rule.id, '--target', origin, '--report-dir', dir];
  args.push('--max-spend', String(maxSpend), '--json');
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: RERUN_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      let summary: { counts?: Record<string, number>; failing?: { id: string; first: string }[]; verdictReason?: string } = {};
      try {
        summary = JSON.parse(stdout) as typeof summary;
      } catch {
        return resolve({ code: CANNOT_REPLAY, verdict: `its tests could not be rerun (${redact(String(err?.message ?? 'no summary'))})` });
      }
      const failing = summary.failing?.find((f) => f.id === rule.id);
      if (failing) return resolve({ code: STILL_VIOLATED, verdict: `its tests still fail it: ${failing.first}` });
      if ((summary.counts?.PASSED ?? 0) + (summary.counts?.WARN ?? 0) > 0)
        return resolve({ code: NOT_VIOLATED, verdict: 'its tests ran and find no violation of it' });
      resolve({ code: CANNOT_REPLAY, verdict: `its tests did not judge it (${summary.verdictReason ?? 'no verdict'})` });
    });
  });
}

/**
 * Replays the case and returns the exit code (1 still violated, 0 not violated, 2 cannot replay).
 * @throws UsageError when the report has no such rule or case, or a secret the request needs is not set
 */
export async function replayCommand(opts: ReplayOptions): Promise<number> {
  const report = readReport(opts.reportDir);
  const rule = opts.rule ? report.rules.find((r) => r.id === opts.rule) : report.rules.find((r) => r.exhibits?.some((e) => e.request));
  if (!rule)
    throw new UsageError(
      opts.rule
        ? `${opts.rule} is not in ${opts.reportDir}/rules.json`
        : `no rule in ${opts.reportDir}/rules.json carries a recorded request`,
    );
  const exhibit = rule.exhibits?.filter((e) => e.request)[opts.case - 1];
  if (!exhibit?.request) throw new UsageError(`${rule.id} has no recorded request #${opts.case}`);
  const headers = filledHeaders(exhibit.request);
  const url = new URL(exhibit.request.url);
  if (opts.target) {
    const t = new URL(opts.target);
    url.protocol = t.protocol;
    url.host = t.host;
  }
  console.log(`Replaying ${rule.id} case ${opts.case}: ${exhibit.request.method} ${url}`);
  for (const v of exhibit.violations) console.log(`  recorded: ${line(v)}`);
  let res: HttpAnswer;
  const agent = createAgent(undefined, REPLAY_TIMEOUT_MS);
  try {
    const body = exhibit.request.body !== undefined ? Buffer.from(exhibit.request.body, 'utf8') : undefined;
    res = await exchange(
      agent,
      url,
      { method: exhibit.request.method, headers, body },
      { timeoutMs: REPLAY_TIMEOUT_MS, maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
    );
  } catch (err) {
    console.error(`forecast-conformance: cannot replay: ${redact((err as Error).message)}`);
    console.log(`Verdict: ${rule.id} not judged: the request could not be sent (exit 2)`);
    return CANNOT_REPLAY;
  } finally {
    await agent.destroy().catch(() => undefined);
  }
  const text = res.body.toString('utf8');
  console.log(
    redact(
      `Answer: HTTP ${res.status} (recorded ${exhibit.response?.status ?? '?'}): ${text.slice(0, 300)}${text.length > 300 ? '…' : ''}`,
    ),
  );
  const operationId = operationOf(exhibit.request.method, url.pathname);
  if (!operationId) {
    console.log(`Verdict: ${rule.id} not judged: ${exhibit.request.method} ${url.pathname} is no operation of the contract (exit 2)`);
    return CANNOT_REPLAY;
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // judged as text
  }
  const now = judgeAnswer({ operationId, status: res.status, headers: joinedHeaders(res), body, bodyText: text });
  for (const v of now) console.log(redact(`  now: ${line(v)}`));
  const recurring = exhibit.violations.filter((r) => now.some((v) => sameViolation(r, v)));
  const ofRule = now.filter((v) => v.ruleId === rule.id);
  if (recurring.length || ofRule.length) {
    const what = ofRule.length ? `${ofRule.length} violation(s) of ${rule.id}` : `the recorded violation ${line(recurring[0]!)}`;
    console.log(redact(`Verdict: ${rule.id} still violated: ${what} (exit 1)`));
    return STILL_VIOLATED;
  }
  const judges = judgesOf(rule.id, operationId);
  if (judges.length) {
    console.log(
      `Verdict: ${rule.id} not violated: its check (${judges.map((j) => j.name).join(', ')}) finds no violation in this answer (exit 0)`,
    );
    return NOT_VIOLATED;
  }
  // No check of the rule judges one answer alone (it compares answers, or needs the test's request):
  // its own tests judge it, against the recorded target.
  console.log(`${rule.id} is judged across several calls: rerunning its own tests against ${url.origin}…`);
  const maxSpend = opts.maxSpend ?? report.spend.budgetUsd ?? 0;
  const { code, verdict } = await rerunTests(rule, opts.target ?? url.origin, maxSpend);
  const said = code === STILL_VIOLATED ? 'still violated' : code === NOT_VIOLATED ? 'not violated' : 'not judged';
  console.log(redact(`Verdict: ${rule.id} ${said}: ${verdict} (exit ${code})`));
  return code;
}
