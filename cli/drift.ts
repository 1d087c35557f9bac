/**
 * `forecast-conformance drift`: the target's served contract (GET /openapi.json, or a saved document)
 * compared with the reference contract and, with `--baseline FILE`, with an earlier served document,
 * before any suite runs. Every difference is printed with its class and JSON pointer (reporter/drift.ts).
 * Exit codes: 0 compared (breaking differences only reported by default); 1 a breaking difference with
 * `--fail-on-drift breaking`; 2 no contract to compare (not served, unreachable, not OpenAPI, a bad file).
 */
import { DEFAULT_MAX_BODY_BYTES } from '../lib/http-client.ts';
import { redact } from '../lib/redact.ts';
import { breakingCount, driftGate, driftLines, driftSection, readContractFile, type FailOnDrift } from '../reporter/drift.ts';
import { preflight } from './preflight.ts';
import { httpUrl, UsageError } from './settings.ts';
import { processEnvironment } from '../lib/settings.ts';

export interface DriftFlags {
  target?: string;
  against?: string;
  baseline?: string;
  failOnDrift?: FailOnDrift;
  /** Per-request timeout, ms (the wait is capped at 10 s, as the run's preflight). */
  timeoutMs?: number;
  json?: boolean;
}

/** The served document and where it came from; a reason instead when there is none to compare. */
async function servedContract(flags: DriftFlags, env: NodeJS.ProcessEnv): Promise<{ doc: unknown; source: string } | { reason: string }> {
  const target = flags.target ?? (env.FC_TARGET ? httpUrl('FC_TARGET', env.FC_TARGET) : undefined);
  if (flags.against) {
    try {
      return { doc: readContractFile(flags.against), source: flags.against };
    } catch (err) {
      return { reason: (err as Error).message };
    }
  }
  if (!target) throw new UsageError('drift: give --target URL (or FC_TARGET) or --against FILE');
  const pre = await preflight(target, { timeoutMs: flags.timeoutMs ?? 15_000, maxBodyBytes: DEFAULT_MAX_BODY_BYTES });
  return pre.ok ? { doc: pre.doc, source: `GET ${target}/openapi.json` } : { reason: pre.reason };
}

/**
 * The `drift` command. Returns the exit code (0, 1 or 2, above).
 * @throws UsageError for --target with --against, or neither (the caller prints it, exit 2)
 */
export async function driftCommand(flags: DriftFlags, env: NodeJS.ProcessEnv = processEnvironment()): Promise<number> {
  if (flags.target && flags.against) throw new UsageError('drift: --target and --against exclude each other');
  const served = await servedContract(flags, env);
  if ('reason' in served) {
    console.error(`forecast-conformance: drift: no served contract to compare: ${redact(served.reason)}`);
    return 2;
  }
  const section = driftSection(served.doc, {
    source: served.source,
    failOn: flags.failOnDrift ?? null,
    ...(flags.baseline ? { baseline: flags.baseline } : {}),
  });
  if (flags.json) console.log(redact(JSON.stringify(section, null, 2)));
  else for (const line of driftLines(section)) console.log(redact(line));
  if (section.status !== 'compared') {
    console.error(`forecast-conformance: drift: ${redact(section.reason ?? 'not compared')}`);
    return 2;
  }
  const gate = driftGate(section);
  if (gate) {
    console.error(`forecast-conformance: ${gate}`);
    return 1;
  }
  const n = breakingCount(section);
  if (!flags.json)
    console.log(
      n ? `${n} breaking difference(s), reported only (exit 0; --fail-on-drift breaking makes them exit 1)` : 'No breaking difference.',
    );
  return 0;
}
