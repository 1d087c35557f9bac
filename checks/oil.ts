/**
 * Checks of the crude-oil signal, GET /api/v1/signals/oil (spec: Resources / Crude-oil signal;
 * rules OIL-*). Field presence and types are the SCH rules of CrudeOilSignal and its parts.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { type RuleCase } from './define.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';

const MARKS = ['venue_a_perps', 'perp_venue_b'] as const;

export interface OilRequest {
  /** include_marks as sent; undefined = omitted (the default, true). */
  includeMarks?: boolean;
}

/**
 * One oil signal body: reading_missing iff reading is null (OIL-001/002), degraded false when both
 * marks were fetched or none was requested (OIL-006), requested marks present unless degraded (OIL-008; PARAM-071 when
 * include_marks is omitted), episode.days a
 * whole number, at least 1 for an open episode and no more than the UTC days from its opening through the latest reading
 * (OIL-016); warnings for the gaps OIL-009 (include_marks=false) and OIL-018
 * (is_current vs days_since_reading).
 */
export function checkOilSignal(body: unknown, req: OilRequest = {}): Violation[] {
  const b = obj(body);
  // Not an object: nothing of it can be judged here (the schema rules report it).
  if (!b) return [];
  const out: Violation[] = [];
  const reading = b.reading;
  if (reading === null && b.reading_missing !== true)
    out.push(violation('OIL-001', '/reading_missing', `reading is null but reading_missing is ${JSON.stringify(b.reading_missing)}`));
  if (reading !== null && reading !== undefined && b.reading_missing !== false) {
    out.push(
      violation(
        'OIL-002',
        '/reading_missing',
        `reading is present (is_current ${JSON.stringify(obj(reading)?.is_current)}) but reading_missing is ${JSON.stringify(b.reading_missing)}`,
      ),
    );
  }

  const marks = obj(b.marks) ?? {};
  const requested = req.includeMarks !== false;
  const fetched = MARKS.filter((k) => obj(marks[k]) !== undefined);
  if (requested) {
    if (fetched.length === MARKS.length && b.degraded !== false)
      out.push(violation('OIL-006', '/degraded', `both marks were fetched but degraded is ${JSON.stringify(b.degraded)}`));
    if (b.degraded !== true) {
      // Omitted include_marks means true: a missing mark then breaks the default (PARAM-071).
      const rule = req.includeMarks === undefined ? 'PARAM-071' : 'OIL-008';
      for (const k of MARKS)
        if (!fetched.includes(k))
          out.push(
            violation(
              rule,
              ptr('marks', k),
              `include_marks ${req.includeMarks === undefined ? 'omitted (default true)' : 'true'} but ${k} is ${JSON.stringify(marks[k])} and degraded is not true`,
            ),
          );
    }
  } else {
    // The stub's choice leaves both members out (gap OIL-009); present, even null, is another choice.
    const carried = MARKS.filter((k) => k in marks);
    if (carried.length) out.push(violation('OIL-009', '/marks', `include_marks=false but marks carries ${carried.join(', ')}`, 'warning'));
    // No mark is requested, so none failed: degraded (true when a requested mark could not be fetched) is false
    // (OIL-006; round-12 bug: degraded read from the marks' upstream health whatever was asked).
    if (b.degraded !== false)
      out.push(violation('OIL-006', '/degraded', `include_marks=false requests no mark, but degraded is ${JSON.stringify(b.degraded)}`));
  }

  // A count of consecutive reading days: a whole number, at least 1 for an open episode (it holds its opening day);
  // 0 where no episode runs (no reading yet) is a truthful count (issue 32 triage: the nullability and status values
  // of the episode's members are not shown).
  const episode = obj(b.episode);
  const days = episode?.days;
  const least = episode?.status === 'open' ? 1 : 0;
  if (days !== null && days !== undefined && !(typeof days === 'number' && Number.isInteger(days) && days >= least)) {
    out.push(
      violation(
        'OIL-016',
        '/episode/days',
        `episode.days ${JSON.stringify(days)} is not a whole number of at least ${least}${least ? ' (the episode is open)' : ''}`,
      ),
    );
  }
  // Nor more reading days than there are days from the opening day through the latest frozen reading: an open
  // episode's reading days lie between the two (round-14 bug: days counted from the clock, a day with no reading
  // yet counted before the freeze). Read from the answer's own opened_at and reading_date, UTC calendar days.
  const span = openSpanDays(episode, obj(reading));
  if (span !== undefined && typeof days === 'number' && Number.isInteger(days) && days > span)
    out.push(
      violation(
        'OIL-016',
        '/episode/days',
        `episode.days ${days} counts more reading days than the ${span} UTC day(s) from the episode's opening (opened_at ${String(episode?.opened_at)}) through the latest reading (${String(obj(reading)?.reading_date)})`,
      ),
    );

  const r = obj(reading);
  if (r && typeof r.days_since_reading === 'number') {
    if (r.is_current === true && r.days_since_reading > 1)
      out.push(violation('OIL-018', '/reading/is_current', `is_current true with days_since_reading ${r.days_since_reading}`, 'warning'));
    if (r.is_current === false && r.days_since_reading === 0)
      out.push(violation('OIL-018', '/reading/is_current', 'is_current false with days_since_reading 0', 'warning'));
    if (!Number.isInteger(r.days_since_reading))
      out.push(
        violation(
          'OIL-018',
          '/reading/days_since_reading',
          `days_since_reading ${r.days_since_reading} is no whole number of UTC calendar days (stub choice)`,
          'warning',
        ),
      );
  }
  return out;
}

/** The UTC calendar days from an open episode's opening day through the latest reading's day, inclusive; undefined
 * when the episode is not open, either date is unreadable or the reading precedes the opening (then no bound is read). */
function openSpanDays(episode: Record<string, unknown> | undefined, reading: Record<string, unknown> | undefined): number | undefined {
  if (episode?.status !== 'open' || typeof episode.opened_at !== 'string' || typeof reading?.reading_date !== 'string') return undefined;
  const opened = Date.parse(episode.opened_at);
  // A date (the stub's form) or a date-time (another allowed form, gap OIL-022): its UTC day.
  const latest = /^\d{4}-\d{2}-\d{2}/.test(reading.reading_date) ? Date.parse(`${reading.reading_date.slice(0, 10)}T00:00:00Z`) : NaN;
  if (!Number.isFinite(opened) || !Number.isFinite(latest)) return undefined;
  const DAY_MS = 86_400_000;
  const span = Math.round((latest - Math.floor(opened / DAY_MS) * DAY_MS) / DAY_MS) + 1;
  return span >= 1 ? span : undefined;
}

/**
 * A stale reading (control-plane state `stale`: the reading due was missed): reading non-null with
 * reading_missing false, is_current false and days_since_reading >= 1 (OIL-003).
 */
export function checkStaleReading(body: unknown): Violation[] {
  const b = obj(body);
  const r = obj(b?.reading);
  if (!b || !r) return [violation('OIL-003', '/reading', `a stale reading was set but reading is ${JSON.stringify(b?.reading)}`)];
  const out: Violation[] = [];
  if (b.reading_missing !== false)
    out.push(
      violation(
        'OIL-003',
        '/reading_missing',
        `a stale reading gives reading_missing ${JSON.stringify(b.reading_missing)}, expected false`,
      ),
    );
  if (r.is_current !== false)
    out.push(violation('OIL-003', '/reading/is_current', `a stale reading has is_current ${JSON.stringify(r.is_current)}, expected false`));
  if (!(typeof r.days_since_reading === 'number' && r.days_since_reading >= 1)) {
    out.push(
      violation(
        'OIL-003',
        '/reading/days_since_reading',
        `a stale reading has days_since_reading ${JSON.stringify(r.days_since_reading)}, expected at least 1`,
      ),
    );
  }
  return out;
}

/**
 * The answer after the reading due now was recorded (control-plane state `current`) in a scope whose earlier answer
 * was `before` (its state `none` or `stale`): reading is that latest frozen reading (OIL-004): non-null, is_current
 * true, and a reading_date after the earlier reading's when both are YYYY-MM-DD dates (their form is gap OIL-022);
 * and reading is not null, a reading having been recorded (OIL-005). A target that kept serving the earlier block
 * (round-37 bug: the daily block cached per UTC date) breaks them.
 */
export function checkLatestReading(body: unknown, before: unknown): Violation[] {
  const b = obj(body);
  if (!b) return [];
  const r = obj(b.reading);
  if (!r)
    return [
      violation('OIL-005', '/reading', `a reading was recorded, but reading is ${JSON.stringify(b.reading)}`),
      violation('OIL-004', '/reading', `the reading due now was recorded, but reading is ${JSON.stringify(b.reading)}`),
    ];
  const out: Violation[] = [];
  if (r.is_current !== true)
    out.push(
      violation(
        'OIL-004',
        '/reading/is_current',
        `the reading due now was recorded, but the reading answered has is_current ${JSON.stringify(r.is_current)}`,
      ),
    );
  const day = (v: unknown): number | undefined =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : undefined;
  const was = day(obj(obj(before)?.reading)?.reading_date);
  const now = day(r.reading_date);
  if (was !== undefined && now !== undefined && now <= was)
    out.push(
      violation(
        'OIL-004',
        '/reading/reading_date',
        `the reading due now was recorded, but reading_date ${String(r.reading_date)} is not after the earlier reading's ${String(obj(obj(before)?.reading)?.reading_date)}`,
      ),
    );
  return out;
}

/**
 * A requested venue mark whose fetch failed (control-plane marksDown): degraded true (OIL-007) and
 * the member null (gap OIL-010, warning on another representation).
 */
export function checkMarkDown(body: unknown, mark: (typeof MARKS)[number]): Violation[] {
  const b = obj(body);
  if (!b) return [];
  const out: Violation[] = [];
  if (b.degraded !== true)
    out.push(violation('OIL-007', '/degraded', `${mark} could not be fetched but degraded is ${JSON.stringify(b.degraded)}`));
  const member = obj(b.marks)?.[mark];
  if (member !== null)
    out.push(violation('OIL-010', ptr('marks', mark), `${mark} could not be fetched: ${JSON.stringify(member)} (stub: null)`, 'warning'));
  return out;
}

const present = (v: unknown): boolean => v !== null && v !== undefined;

/** The narrow cases of checkOilSignal's rules: each speaks of an answer with one trait, not of every oil answer. */
const OIL_CASES: Record<string, RuleCase<[unknown, OilRequest?]>> = {
  'OIL-002': { what: 'an oil signal with a non-null reading', count: ([b]) => Number(present(obj(b)?.reading)) },
  'OIL-006': {
    what: 'an oil signal with every requested venue mark fetched (or none requested: include_marks=false)',
    count: ([b, req]) =>
      Number(obj(b) !== undefined && (req?.includeMarks === false || MARKS.every((k) => obj(obj(obj(b)?.marks)?.[k]) !== undefined))),
  },
  'OIL-016': { what: 'an oil signal with a non-null episode.days', count: ([b]) => Number(present(obj(obj(b)?.episode)?.days)) },
  'PARAM-071': {
    what: 'an oil answer to a request that omits include_marks',
    count: ([b, req]) => Number(obj(b) !== undefined && req?.includeMarks === undefined),
  },
};

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The oil checks, by name (the name of the function each wraps). */
export const OIL_CHECKS = {
  checkOilSignal: defineCheck(
    'checkOilSignal',
    ['OIL-001', 'OIL-002', 'OIL-006', 'OIL-008', 'OIL-009', 'OIL-016', 'OIL-018', 'PARAM-071'],
    checkOilSignal,
    undefined,
    OIL_CASES,
  ),
  checkStaleReading: defineCheck('checkStaleReading', ['OIL-003'], checkStaleReading),
  checkLatestReading: defineCheck('checkLatestReading', ['OIL-004', 'OIL-005'], checkLatestReading),
  checkMarkDown: defineCheck('checkMarkDown', ['OIL-007', 'OIL-010'], checkMarkDown),
};
