/**
 * The run's request counts per principal and per scope (suites/support/pacing.ts counts them per
 * worker): each worker adds its counts to the run coordinator's (lib/run-coordinator.ts) when it ends,
 * and the rule reporter prints the run's total as one end-of-run summary line. Labels are principal
 * labels (e.g. "FC_API_KEY"), never keys.
 */

/** Request counts: principal label → scope (standard, x_research, ip_guard) → requests sent. */
export type RequestCounts = Record<string, Record<string, number>>;

/** Adds `more` into `total` (in place). */
export function addCounts(total: RequestCounts, more: RequestCounts): void {
  for (const [label, row] of Object.entries(more)) {
    const t = (total[label] ??= {});
    for (const [scope, n] of Object.entries(row)) if (Number.isFinite(n)) t[scope] = (t[scope] ?? 0) + n;
  }
}

/**
 * The run's request counts as one summary line (e.g. "Requests: 1,210 sent (per principal, per scope:
 * FC_API_KEY: ip_guard 1,210, standard 1,180, x_research 30; ...)"); every request passes the per-IP
 * guard, so its counts are the total.
 */
export function requestSummary(total: RequestCounts): string {
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
