/**
 * The run's request counts per principal and per scope (suites/support/pacing.ts counts them per
 * worker): each worker writes one counts file into its project's output directory, the rule reporter
 * sums them into one end-of-run summary line. Labels are principal labels (e.g. "FC_API_KEY"), never keys.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_FILES, requestCountsFile } from './run-state.ts';

/** Request counts: principal label → scope (standard, x_research, ip_guard) → requests sent. */
export type RequestCounts = Record<string, Record<string, number>>;

/** Writes one worker's counts into `dir` (nothing when it counted nothing). */
export function saveRequestCounts(dir: string, worker: string, counts: RequestCounts): void {
  if (Object.keys(counts).length === 0) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, requestCountsFile(worker)), JSON.stringify(counts));
}

/**
 * The run's request counts per principal and per scope, summed over every worker's counts file, as
 * one summary line (e.g. "Requests: FC_API_KEY 1,210 (standard 1,180, x_research 30) ...").
 */
export function requestSummary(outputDirs: Iterable<string>): string {
  const total: RequestCounts = {};
  for (const dir of new Set(outputDirs)) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((n) => n.startsWith(PROJECT_FILES.requestCountsPrefix))) {
      const counts = JSON.parse(readFileSync(join(dir, f), 'utf8')) as RequestCounts;
      for (const [label, row] of Object.entries(counts)) {
        const t = (total[label] ??= {});
        for (const [scope, n] of Object.entries(row)) t[scope] = (t[scope] ?? 0) + n;
      }
    }
  }
  const labels = Object.keys(total).sort();
  if (!labels.length) return 'Requests: none counted';
  const n = (v: number) => v.toLocaleString('en-US');
  const parts = labels.map((l) => {
    const row = total[l]!;
    const scopes = Object.keys(row)
      .sort()
      .map((s) => `${s} ${n(row[s]!)}`);
    return `${l}: ${scopes.join(', ')}`;
  });
  const all = labels.reduce((s, l) => s + (total[l]!.ip_guard ?? 0), 0);
  return `Requests: ${n(all)} sent (per principal, per scope: ${parts.join('; ')})`;
}
