/**
 * What one differential run shows against what its mode expects (scripts/differential.ts, issue 32).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DifferentialTarget } from './targets.ts';

export type ModeName = 'conforming' | 'deviating';

/** The verdicts a differential run counts, in table order. */
const COUNTED = ['PASSED', 'WARN', 'FAILED', 'ERROR', 'NOT_RUN', 'SKIPPED', 'THROTTLED'] as const;

/** One run's figures and the expectations it missed (empty `problems`: as expected). */
export interface RunResult {
  target: string;
  mode: ModeName;
  /** The CLI's exit code (null: killed at the time limit). */
  exit: number | null;
  /** Wall time, ms. */
  ms: number;
  counts: Record<(typeof COUNTED)[number], number>;
  failed: { id: string; reason: string }[];
  errors: { id: string; reason: string }[];
  /** Planted deviations FAILED under one of their rules (deviating mode). */
  caught: string[];
  /** Planted deviations no rule of theirs FAILED (deviating mode). */
  missed: string[];
  /** NOT_RUN reasons, the most frequent first (a reason's rule-specific tail cut), with their counts. */
  notRun: { reason: string; n: number }[];
  problems: string[];
}

interface ReportedRule {
  id: string;
  status: string;
  reasons: string[];
}

/** A NOT_RUN reason without what varies per rule or test, so that like reasons count together. */
const reasonKind = (reason: string): string =>
  reason
    .replace(/\(suites\/[^)]*\)/g, '(…)')
    .replace(/ of suites\/.*$/, ' of …')
    .slice(0, 140);

/** Judges a run from its rules.json against what `mode` expects of `target`. */
export function judgeRun(target: DifferentialTarget, mode: ModeName, reportDir: string, exit: number | null, ms: number): RunResult {
  const file = join(reportDir, 'rules.json');
  const rules: ReportedRule[] = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { rules: ReportedRule[] }).rules : [];
  const counts = Object.fromEntries(COUNTED.map((s) => [s, rules.filter((r) => r.status === s).length])) as RunResult['counts'];
  const pick = (status: string) => rules.filter((r) => r.status === status).map((r) => ({ id: r.id, reason: r.reasons[0] ?? '' }));
  const failed = pick('FAILED');
  const errors = pick('ERROR');
  const failedIds = new Set(failed.map((f) => f.id));
  const deviations = mode === 'deviating' ? target.deviations : [];
  const caught = deviations.filter((d) => d.rules.some((id) => failedIds.has(id))).map((d) => d.id);
  const missed = deviations.filter((d) => !caught.includes(d.id)).map((d) => d.id);
  const planted = new Set(deviations.flatMap((d) => d.rules));
  const kinds = new Map<string, number>();
  for (const r of pick('NOT_RUN')) kinds.set(reasonKind(r.reason), (kinds.get(reasonKind(r.reason)) ?? 0) + 1);
  const notRun = [...kinds.entries()].map(([reason, n]) => ({ reason, n })).sort((a, b) => b.n - a.n);
  const problems: string[] = [];
  if (!rules.length) problems.push(`no rules.json (exit ${exit === null ? 'killed at the time limit' : exit})`);
  const beyond = failed.filter((f) => !planted.has(f.id));
  if (beyond.length)
    problems.push(
      `${beyond.length} FAILED ${mode === 'conforming' ? 'on a conforming implementation' : 'beyond the planted deviations'}: ${beyond.map((f) => `${f.id} (${f.reason.slice(0, 160)})`).join('; ')}`,
    );
  if (errors.length) problems.push(`${errors.length} ERROR: ${errors.map((e) => `${e.id} (${e.reason.slice(0, 160)})`).join('; ')}`);
  if (missed.length) problems.push(`planted deviation(s) not caught: ${missed.join(', ')}`);
  const blinded = notRun.filter((k) => /stopped before judging|could not read the target's answer|failed on /.test(k.reason));
  if (blinded.length)
    problems.push(`rules left unjudged by another rule's failure: ${blinded.map((k) => `${k.n}× ${k.reason}`).join('; ')}`);
  return { target: target.name, mode, exit, ms, counts, failed, errors, caught, missed, notRun, problems };
}

/** The run table: one row per target and mode. */
export function renderTable(results: readonly RunResult[]): string {
  const head = ['target', 'mode', ...COUNTED, 'deviations caught', 'time', 'as expected'];
  const rows = results.map((r) => [
    r.target,
    r.mode,
    ...COUNTED.map((s) => String(r.counts[s])),
    r.mode === 'deviating' ? `${r.caught.length} of ${r.caught.length + r.missed.length}` : '–',
    `${Math.round(r.ms / 1000)} s`,
    r.problems.length ? 'no' : 'yes',
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
