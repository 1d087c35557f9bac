/**
 * `forecast-conformance replay`: re-sends one recorded failing case (the evidence of a FAILED or WARN
 * rule in rules.json) and prints the answer and the verdict of the contract validator on it.
 * Secret placeholders ($FC_API_KEY, ...) are filled from the environment, never from the report.
 */
import { readReport } from '../reporter/report.ts';
import { validateResponse } from '../contract/index.ts';
import { operationOf } from '../contract/route-match.ts';
import { redact, registerSecret } from '../lib/redact.ts';
import { readSecrets, UsageError } from './settings.ts';
import { createAgent, DEFAULT_MAX_BODY_BYTES, exchange, type HttpAnswer } from '../lib/http-client.ts';

export interface ReplayOptions {
  reportDir: string;
  rule?: string;
  /** 1-based index among the rule's evidence. */
  case: number;
  target?: string;
  /** The answer's body limit, bytes (default DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
}

/** How long the replayed call may take, ms. */
const REPLAY_TIMEOUT_MS = 15_000;

/** Returns 0 when the answer now satisfies the rule, 1 when it still violates it, 2 when it cannot be sent. */
export async function replayCommand(opts: ReplayOptions): Promise<number> {
  const report = readReport(opts.reportDir);
  const rule = opts.rule ? report.rules.find((r) => r.id === opts.rule) : report.rules.find((r) => r.evidence?.some((e) => e.request));
  if (!rule)
    throw new UsageError(
      opts.rule
        ? `${opts.rule} is not in ${opts.reportDir}/rules.json`
        : `no rule in ${opts.reportDir}/rules.json carries a recorded request`,
    );
  const evidence = rule.evidence?.filter((e) => e.request)[opts.case - 1];
  if (!evidence?.request) throw new UsageError(`${rule.id} has no recorded request #${opts.case}`);
  const secrets = readSecrets();
  for (const v of Object.values(secrets)) registerSecret(v);
  const values: Record<string, string | undefined> = {
    FC_API_KEY: secrets.apiKey,
    FC_API_KEY_2: secrets.apiKey2,
    FC_CONTROL_TOKEN: secrets.controlToken,
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(evidence.request.headers)) {
    const missing: string[] = [];
    const filled = value.replace(/\$(FC_[A-Z0-9_]+)/g, (_, v: string) => values[v] ?? (missing.push(v), ''));
    if (missing.length) throw new UsageError(`header ${name} needs ${missing.join(', ')} in the environment`);
    if (filled !== '***') headers[name] = filled;
  }
  const url = new URL(evidence.request.url);
  if (opts.target) {
    const t = new URL(opts.target);
    url.protocol = t.protocol;
    url.host = t.host;
  }
  console.log(`Replaying ${rule.id} case ${opts.case}: ${evidence.request.method} ${url}`);
  for (const v of evidence.violations) console.log(`  recorded: [${v.ruleId}] ${v.path}: ${v.message}`);
  let res: HttpAnswer;
  const agent = createAgent(undefined, REPLAY_TIMEOUT_MS);
  try {
    const body = evidence.request.body !== undefined ? Buffer.from(evidence.request.body, 'utf8') : undefined;
    res = await exchange(
      agent,
      url,
      { method: evidence.request.method, headers, body },
      { timeoutMs: REPLAY_TIMEOUT_MS, maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
    );
  } catch (err) {
    console.error(`forecast-conformance: could not send: ${redact((err as Error).message)}`);
    return 2;
  } finally {
    await agent.destroy().catch(() => undefined);
  }
  const text = res.body.toString('utf8');
  // Repeated headers joined as a Response joins them.
  const resHeaders: Record<string, string> = {};
  for (const { name, value } of res.headers) {
    const k = name.toLowerCase();
    resHeaders[k] = k in resHeaders ? `${resHeaders[k]}, ${value}` : value;
  }
  console.log(`Answer: HTTP ${res.status}`);
  for (const [k, v] of Object.entries(resHeaders)) console.log(`  ${k}: ${redact(v)}`);
  console.log(redact(text.slice(0, 2048)));
  const operationId = operationOf(evidence.request.method, url.pathname);
  if (!operationId) {
    console.log('Verdict: unknown operation; compare the answer with the recorded violation above.');
    return 1;
  }
  let body: unknown = text;
  let parsed = false;
  try {
    body = JSON.parse(text);
    parsed = true;
  } catch {
    // judged as text
  }
  const violations = validateResponse(operationId, { status: res.status, headers: resHeaders, body, bodyText: text });
  const same = violations.filter((v) => v.ruleId === rule.id && v.severity === 'error');
  for (const v of violations) console.log(`  now: [${v.ruleId}] ${v.path}: ${v.message}`);
  if (same.length) {
    console.log(`Verdict: ${rule.id} still FAILED by the contract validator (${operationId})`);
    return 1;
  }
  console.log(
    `Verdict: the contract validator finds no ${rule.id} violation in this answer (${operationId}${parsed ? '' : ', body not JSON'}); checks specific to the suite test may still differ`,
  );
  return 0;
}
