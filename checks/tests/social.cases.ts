/** Fixtures of the social-account profile and social search checks (PROF-*, PARAM-078, XSRCH-*). */
import { CHECKS } from '../registry.ts';
import { cases, mutate } from './cases.ts';

const C = CHECKS;
type Row = Record<string, unknown>;

const ids = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `p${from + i}`);
const profile: Row = {
  handle: 'forecaster',
  interests: [{ label: 'weather', post_ids: ids(1, 5) }],
  beliefs: [{ label: 'rain', post_ids: ids(6, 10) }],
  tendencies: [{ label: 'early', post_ids: ids(11, 15) }],
  observations: [],
  risk_profile: null,
  information_processing: { label: 'reads sources', post_ids: ['p1'] },
  evidence: ids(1, 15).map((post_id, i) => ({
    post_id,
    published_at: `2026-11-${String(i + 1).padStart(2, '0')}T12:00:00Z`,
    text: 'post',
  })),
  window: { post_count: 15, lookback_days: 90, from_date: '2026-08-22', to_date: '2026-11-20' },
  meta: { research_turns: 2, cached: false },
};
const asked = { lookbackDays: 90 };
const list = (p: Row, key: string): Row => (p[key] as Row[])[0]!;

export const SOCIAL_CASES = [
  cases({
    check: C.checkSocialProfile,
    ok: [
      [profile, asked],
      [mutate(profile, (p) => ((p.window as Row).lookback_days = 365)), {}],
      // meta's contents are not shown (gap PROF-018): research turns found under another name.
      [mutate(profile, (p) => (p.meta = { cache_hit: false, turns: 3 })), asked],
    ],
    bad: {
      'PROF-012': [mutate(profile, (p) => (list(p, 'tendencies').post_ids = [...ids(11, 14), 'p99'])), asked],
      'PROF-013': [mutate(profile, (p) => (p.observations = [{ label: 'uncited', post_ids: [] }])), asked],
      // 20 posts cited, 16 counted: fewer than the cited posts.
      'PROF-014': [
        mutate(profile, (p) => {
          list(p, 'tendencies').post_ids = ids(11, 20);
          p.evidence = ids(1, 20).map((post_id, i) => ({
            post_id,
            published_at: `2026-11-${String(i + 1).padStart(2, '0')}T12:00:00Z`,
            text: 'post',
          }));
          (p.window as Row).post_count = 16;
        }),
        asked,
      ],
      // More posts counted than cited: the count may include uncited grounded posts (gap PROF-020, a warning).
      'PROF-020': [mutate(profile, (p) => ((p.window as Row).post_count = 99)), asked],
      'PROF-015': [
        mutate(profile, (p) => {
          list(p, 'tendencies').post_ids = ids(11, 14);
          (p.window as Row).post_count = 14;
        }),
        asked,
      ],
      'PROF-016': [profile, { lookbackDays: 30 }],
      'PARAM-078': [profile, {}],
      'PROF-023': [mutate(profile, (p) => ((p.evidence as Row[])[0]!.published_at = '2026-01-01T12:00:00Z')), asked],
      'PROF-024': [mutate(profile, (p) => (p.meta = { turns: 4 })), asked],
    },
  }),
  cases({
    check: C.checkReused,
    ok: [
      ['PROF-006', profile, mutate(profile, (p) => ((p.meta as Row).cached = true)), 'a second call within the day'],
      ['PROF-006', profile, mutate(profile, (p) => (p.meta = { cache_hit: true })), 'a second call, meta named otherwise'],
    ],
    bad: {
      'PROF-006': ['PROF-006', profile, mutate(profile, (p) => ((p.window as Row).to_date = '2026-11-21')), 'a second call within the day'],
    },
  }),
  cases({
    check: C.checkNotReused,
    ok: [['PROF-007', profile, mutate(profile, (p) => ((p.window as Row).to_date = '2026-11-21')), 'a call after refresh']],
    bad: { 'PROF-007': ['PROF-007', profile, mutate(profile, (p) => ((p.meta as Row).cached = true)), 'a call after refresh'] },
  }),
];

const NOW = Date.parse('2026-11-20T10:00:00Z');
const daysAgo = (d: number): string => new Date(NOW - d * 86_400_000).toISOString();
const search = { limit: 15, rangeDays: 30, nowMs: NOW, toleranceMs: 1000 };

export const SOCIAL_SEARCH_CASES = [
  cases({
    check: C.checkSocialSearch,
    ok: [
      [{ results: [{ published_at: daysAgo(1) }, { published_at: daysAgo(29) }] }, search],
      [{ items: [] }, search],
      // Another shape (gap XSRCH-011): the body's one array, each result's one date-time member.
      [{ matches: [{ id: 'p1', posted_at: daysAgo(2) }], as_of: daysAgo(0) }, search],
      // No recognisable results: nothing judged.
      [{ a: [], b: [] }, search],
    ],
    bad: {
      'XSRCH-001': [{ results: [{ published_at: daysAgo(1) }, { published_at: daysAgo(2) }] }, { ...search, limit: 1 }],
      'XSRCH-002': [{ matches: [{ id: 'p1', posted_at: daysAgo(40) }] }, search],
      'XSRCH-003': [{ results: [{ published_at: daysAgo(40) }] }, { ...search, rangeRule: 'XSRCH-003' }],
    },
  }),
  cases({
    check: C.checkRangeCovered,
    ok: [
      // Every earlier post inside the 180-day range is returned again.
      [
        { results: [{ post_id: 'p1', published_at: daysAgo(120) }] },
        [{ post_id: 'p1', published_at: daysAgo(120) }],
        { ...search, limit: 30, rangeDays: 180 },
      ],
      // An earlier post now past the range is not expected.
      [{ results: [] }, [{ post_id: 'p1', published_at: daysAgo(181) }], { ...search, limit: 30, rangeDays: 180 }],
      // A full answer is not judged: older posts may have been cut.
      [
        { results: [{ post_id: 'p2', published_at: daysAgo(1) }] },
        [{ post_id: 'p1', published_at: daysAgo(120) }],
        { ...search, limit: 1, rangeDays: 180 },
      ],
    ],
    bad: {
      // A range accepted at 180 but searched over 90 days (round-20 bug): the 120-day-old post is left out.
      'XSRCH-013': [
        { matches: [{ id: 'p2', posted_at: daysAgo(3) }] },
        [{ id: 'p1', posted_at: daysAgo(120) }],
        { ...search, limit: 30, rangeDays: 180 },
      ],
    },
  }),
];
