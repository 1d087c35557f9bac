/**
 * In-memory job store, keyed per owner account (spec: Authentication rule 3, "A request can see
 * only jobs submitted with its own key"). Every method is synchronous, so a lookup and the insert
 * that follows it in one handler can never interleave with another request: parallel submits of
 * one idempotency key make exactly one job.
 */
import type { EpochMs } from '../data/model.ts';
import { DAY } from '../data/rng.ts';
import type { Job } from './model.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

const ownerKey = (owner: string, key: string): string => `${owner}\u0000${key}`;

export class JobStore {
  private readonly byId = new Map<string, Job>();
  private readonly byOwnerKey = new Map<string, Job>();
  private readonly byOwner = new Map<string, Job[]>();

  /** The job `owner` created with idempotency key `key` (keys are scoped per account, gap JOB-029). */
  byKey(owner: string, key: string): Job | undefined {
    if (mutant('job-idem-shared-across-keys')) return [...this.byId.values()].find((j) => j.idempotencyKey === key);
    return this.byOwnerKey.get(ownerKey(owner, key));
  }

  /**
   * The job `id` if `owner` owns it. An unknown id and another account's id both give undefined,
   * so the route cannot answer them differently (spec: GET /api/auth/forecast-requests/{jobId} item 4).
   */
  get(owner: string, id: string): Job | undefined {
    const job = this.byId.get(id.toLowerCase());
    // Any letter case names the job (gap JOB-037); the alternate stub matches the jobId as issued only.
    if (alt('JOB-037') && job?.id !== id) return undefined;
    return job?.owner === owner ? job : undefined;
  }

  /** Any owner's job (control plane only). */
  find(id: string): Job | undefined {
    return this.byId.get(id.toLowerCase());
  }

  /** Jobs `owner` created since the start of the UTC day of `now` (the daily quota's count). */
  createdToday(owner: string, now: EpochMs, offsetMs = 0): number {
    // `offsetMs`: the day counted starts that long after 00:00 UTC (mutant job-quota-reset-late only).
    const dayStart = Math.floor((now - offsetMs) / DAY) * DAY + offsetMs;
    const phantoms = (this.refusedSlots.get(owner) ?? []).filter((t) => t >= dayStart && t <= now).length;
    return (this.byOwner.get(owner) ?? []).filter((j) => j.createdAt >= dayStart && j.createdAt <= now).length + phantoms;
  }

  /** Quota slots taken by refused generations of `owner` (mutant job-quota-counts-refused only), by time. */
  private readonly refusedSlots = new Map<string, EpochMs[]>();

  /** Mutant job-quota-counts-refused: a generation the standard scope refused still takes a quota slot at `now`. */
  takeRefusedSlot(owner: string, now: EpochMs): void {
    this.refusedSlots.set(owner, [...(this.refusedSlots.get(owner) ?? []), now]);
  }

  /** Every job of `owner`, oldest first. */
  ownedBy(owner: string): readonly Job[] {
    return this.byOwner.get(owner) ?? [];
  }

  add(job: Job): void {
    this.byId.set(job.id.toLowerCase(), job);
    this.byOwnerKey.set(ownerKey(job.owner, job.idempotencyKey), job);
    const list = this.byOwner.get(job.owner);
    if (list) list.push(job);
    else this.byOwner.set(job.owner, [job]);
  }

  /** Drops every job (control-plane reset). */
  clear(): void {
    this.byId.clear();
    this.byOwnerKey.clear();
    this.byOwner.clear();
  }
}
