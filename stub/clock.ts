/**
 * The stub's clock: real elapsed time from an anchor, plus whatever the control plane advanced.
 * The dataset is generated relative to the anchor, so a pinned anchor (STUB_NOW) makes every answer
 * reproducible. Units: ms since the epoch.
 */
export class Clock {
  private readonly startedAt = performance.now();
  private advancedMs = 0;

  constructor(readonly anchor: Date) {}

  nowMs(): number {
    return this.anchor.getTime() + Math.floor(performance.now() - this.startedAt) + this.advancedMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Moves the clock forward by `seconds` (control plane). @throws RangeError for a negative value. */
  advance(seconds: number): Date {
    if (!(seconds >= 0)) throw new RangeError('advanceSeconds must be >= 0');
    this.advancedMs += seconds * 1000;
    return this.now();
  }

  /** Milliseconds the control plane has advanced the clock so far. */
  offsetMs(): number {
    return this.advancedMs;
  }

  /** Drops every control-plane advance (control plane reset); real elapsed time is kept. */
  resetOffset(): void {
    this.advancedMs = 0;
  }
}
