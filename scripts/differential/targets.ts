/**
 * The targets of `npm run differential` (issue 32): every clean-room implementation under `cleanroom/`
 * (one folder each, described by its `cleanroom.json`), and the alternate stub served as a separate
 * process (`stub/main.ts` with STUB_VARIANT=alt), whose planted deviations are stub mutants.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../proof/playwright-run.ts';
import { loadRules } from '../../contract/rules.ts';

/** A planted deviation as a manifest states it: the spec sentence it breaks, by section and fingerprint. */
interface DeviationEntry {
  /** The implementation's own name for it (its DEVIATIONS.md). */
  id: string;
  /** The spec section of the sentence it breaks. */
  section: string;
  /** What the implementation gets wrong, in a few words. */
  what: string;
  /** Fingerprints (contract/spec-text.ts) of the sentence or table row it breaks. */
  sentences: string[];
}

/** A planted deviation with the catalogue rules citing its sentence: it is caught when one of them is FAILED. */
export interface PlantedDeviation extends DeviationEntry {
  rules: string[];
}

/** The deviation with every catalogue rule whose source cites one of its sentences. @throws Error when none does */
function withRules(d: DeviationEntry): PlantedDeviation {
  const rules = [...loadRules().values()].filter((r) => !r.retired && r.source?.some((s) => d.sentences.includes(s.fp))).map((r) => r.id);
  if (!rules.length) throw new Error(`deviation ${d.id}: no catalogue rule cites ${d.sentences.join(', ')}`);
  return { ...d, rules };
}

/** The sentences a catalogue rule cites (a stub mutant's deviation breaks its rule's sentence). */
const sentencesOf = (ruleId: string): string[] =>
  loadRules()
    .get(ruleId)
    ?.source?.map((s) => s.fp) ?? [];

/** One implementation the differential lane runs the harness against. */
export interface DifferentialTarget {
  name: string;
  /** Working directory of its start command. */
  dir: string;
  /** Command and arguments that start it (it prints `listening on http://HOST:PORT` when ready). */
  start: string[];
  /** Environment of every start, besides PORT, HOST, SITE_URL, the API keys and the control token. */
  env: Record<string, string>;
  /** Environment that switches its planted deviations on. */
  deviate: Record<string, string>;
  /** Whether it serves the control plane (contract/control.yaml) when started with CONTROL_TOKEN. */
  controlPlane: boolean;
  deviations: PlantedDeviation[];
}

/** `cleanroom/<name>/cleanroom.json`. */
interface Manifest {
  start: string[];
  controlPlane: boolean;
  deviate: Record<string, string>;
  deviations: DeviationEntry[];
}

/** The alternate stub's planted deviations: registered mutants (stub/mutants.ts), one per family. */
const ALT_STUB_DEVIATIONS: DeviationEntry[] = [
  {
    id: 'job-no-retry-after',
    section: 'Endpoints / GET /api/auth/forecast-requests/{jobId}',
    what: 'a pending job read without Retry-After',
    sentences: sentencesOf('JOB-015'),
  },
  {
    id: 'mkt-topic-case',
    section: 'Endpoints / GET /api/v1/markets',
    what: 'topic matched case-sensitively',
    sentences: sentencesOf('MKT-013'),
  },
  {
    id: 'quote-us-live',
    section: 'Resources and their fields / Venue quote (VenueQuoteV1)',
    what: 'venue_a_us quoted live',
    sentences: sentencesOf('QUOTE-002'),
  },
  { id: 'lim-429-no-ratelimit', section: 'Errors', what: 'a 429 without RateLimit headers', sentences: sentencesOf('LIM-022') },
];

/**
 * Every target, clean-rooms first (in folder order), then the alternate stub.
 * @throws Error when a cleanroom.json is malformed
 */
export function DIFFERENTIAL_TARGETS(): DifferentialTarget[] {
  const base = join(ROOT, 'cleanroom');
  const cleanrooms = existsSync(base)
    ? readdirSync(base, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(base, d.name, 'cleanroom.json')))
        .map((d) => d.name)
        .sort()
    : [];
  return [
    ...cleanrooms.map((name): DifferentialTarget => {
      const m = JSON.parse(readFileSync(join(base, name, 'cleanroom.json'), 'utf8')) as Manifest;
      if (!Array.isArray(m.start) || !m.start.length || !Array.isArray(m.deviations))
        throw new Error(`cleanroom/${name}/cleanroom.json: start (command) and deviations (list) are required`);
      return {
        name,
        dir: join(base, name),
        start: m.start,
        env: {},
        deviate: m.deviate ?? {},
        controlPlane: Boolean(m.controlPlane),
        deviations: m.deviations.map(withRules),
      };
    }),
    {
      name: 'alt-stub',
      dir: ROOT,
      start: [process.execPath, '--import', 'tsx', 'stub/main.ts'],
      env: { STUB_VARIANT: 'alt' },
      deviate: { FC_MUTANT: ALT_STUB_DEVIATIONS.map((d) => d.id).join(',') },
      controlPlane: true,
      deviations: ALT_STUB_DEVIATIONS.map(withRules),
    },
  ];
}
