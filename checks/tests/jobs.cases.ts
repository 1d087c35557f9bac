/** Fixtures of the forecast-generation job checks (JOB-*, AUTH-008). */
import { CHECKS } from '../registry.ts';
import { alsoBreaks, cases } from './cases.ts';

const C = CHECKS;
type Row = Record<string, unknown>;

const request = { kind: 'venue_market', venue: 'venue_a', market_id: '512' };
const listing = { venue: 'venue_a', nativeMarketId: '512', serviceMarketId: 'venue_a:512', marketKey: 'venue_a:512' };
const job = (status: string, change: Row = {}): Row => ({
  jobId: 'job_1',
  status,
  forecastIds: status === 'succeeded' ? ['fc_1'] : [],
  forecasts: [],
  errorCode: status === 'failed' ? 'forecast_execution_failed' : status === 'rejected' ? 'forecast_request_rejected' : null,
  listing,
  ...change,
});
const statusCtx = { view: 'status', jobId: 'job_1', request } as const;
const resultCtx = { view: 'result', jobId: 'job_1', request } as const;
const read = (body: Row, headers: Record<string, string> = {}) => ({ headers, body });
const pending = { 'retry-after': '5' };

export const JOB_CASES = [
  cases({
    check: C.checkJobRead,
    ok: [
      [read(job('succeeded')), statusCtx],
      [read(job('succeeded', { forecasts: [{ id: 'fc_1', probability: 0.4 }] })), resultCtx, '/job'],
      [read(job('running'), pending), resultCtx],
      [read(job('failed')), statusCtx],
      [read(job('rejected')), resultCtx],
      // The listing may name the market by its serviceMarketId or marketKey as well.
      [read(job('running', { listing: { ...listing, nativeMarketId: 'x-512', serviceMarketId: '512' } }), pending), statusCtx],
      [read(job('accepted'), pending), { view: 'status', jobId: 'JOB_1' }],
    ],
    bad: {
      'JOB-002': [read(job('succeeded', { jobId: 'job_2' })), statusCtx],
      'JOB-009': [read(job('succeeded', { forecastIds: [] })), statusCtx],
      'JOB-010': [read(job('succeeded', { forecasts: [{ id: 'fc_1' }] })), statusCtx],
      'JOB-011': [read(job('succeeded')), resultCtx],
      'JOB-012': [read(job('rejected', { forecasts: [{ id: 'fc_1' }] })), resultCtx],
      'JOB-013': [read(job('running', { forecasts: [{ id: 'fc_1' }] }), pending), resultCtx],
      'JOB-014': [read(job('failed', { forecasts: [{ id: 'fc_1' }] })), resultCtx],
      'JOB-015': [read(job('submitted')), statusCtx],
      'JOB-018': [read(job('succeeded'), pending), statusCtx],
      'JOB-019': [read(job('failed', { errorCode: null })), statusCtx],
      'JOB-023': [read(job('succeeded', { listing: { ...listing, venue: 'venue_b' } })), statusCtx],
      'JOB-030': [read(job('running', { forecastIds: ['fc_1'] }), pending), statusCtx],
    },
  }),
  cases({
    check: C.checkStatusProgress,
    ok: [
      [undefined, 'accepted', 'job_1'],
      ['accepted', 'running', 'job_1'],
      ['running', 'failed', 'job_1'],
      ['succeeded', 'succeeded', 'job_1'],
    ],
    bad: { 'JOB-024': ['succeeded', 'running', 'job_1'], 'JOB-017': ['running', 'submitted', 'job_1'] },
  }),
  cases({
    check: C.checkViewsAgree,
    ok: [
      [{ status: 'rejected' }, { status: 'rejected' }, 'job_1'],
      // A job that moved between the two reads is no case.
      [{ status: 'running' }, { status: 'succeeded' }, 'job_1'],
    ],
    bad: { 'JOB-009': [{ status: 'failed' }, { status: 'rejected' }, 'job_1'] },
  }),
  cases({
    check: C.checkSameNotFound,
    ok: [
      [
        { status: 404, bodyText: '{"error":"not_found","message":"job job_A not found"}' },
        { status: 404, bodyText: '{"error":"not_found","message":"job JOB_B not found"}' },
        'job_A',
        'job_B',
      ],
    ],
    bad: {
      'AUTH-008': alsoBreaks([{ status: 200, bodyText: '{}' }, { status: 404, bodyText: '{}' }, 'job_A', 'job_B'], 'JOB-016'),
      'JOB-016': [
        { status: 404, bodyText: '{"error":"not_found","message":"job job_A is not yours"}' },
        { status: 404, bodyText: '{"error":"not_found","message":"job job_B not found"}' },
        'job_A',
        'job_B',
      ],
    },
  }),
  cases({
    check: C.checkSameNotFound,
    ok: [
      [
        {
          status: 404,
          bodyText: '{}',
          headers: { date: 'Mon, 30 Nov 2026 10:00:00 GMT', ratelimit: '"standard-second";r=18;t=1', 'content-type': 'application/json' },
        },
        {
          status: 404,
          bodyText: '{}',
          headers: { date: 'Mon, 30 Nov 2026 10:00:01 GMT', ratelimit: '"standard-second";r=17;t=1', 'content-type': 'application/json' },
        },
        'job_A',
        'job_B',
      ],
    ],
    bad: {
      'JOB-016': [
        { status: 404, bodyText: '{}', headers: { 'retry-after': '2', 'content-type': 'application/json' } },
        { status: 404, bodyText: '{}', headers: { 'content-type': 'application/json' } },
        'job_A',
        'job_B',
      ],
    },
  }),
  cases({
    check: C.checkSubmission,
    ok: [[{ jobId: 'job_1', status: 'accepted' }], [{ id: 'job_1' }], [{ job: { uuid: '0f8fad5b-d9cb-469f-a165-70867728950e' } }]],
    bad: { 'JOB-002': [{ status: 'accepted', jobId: '' }] },
  }),
  cases({
    check: C.checkNoForeignJob,
    ok: [
      [{ status: 202, bodyText: '{"jobId":"0f8fad5b-d9cb-469f-a165-70867728950e"}' }, ['7c9e6679-7425-40de-944b-e07fc1f90ae7']],
      [{ status: 422, bodyText: '{"error":"idempotency_key_reused","message":"used"}' }, ['7c9e6679-7425-40de-944b-e07fc1f90ae7']],
    ],
    bad: {
      'AUTH-019': [{ status: 202, bodyText: '{"jobId":"7C9E6679-7425-40DE-944B-E07FC1F90AE7"}' }, ['7c9e6679-7425-40de-944b-e07fc1f90ae7']],
    },
  }),
  cases({
    check: C.checkQuotaError,
    ok: [[{ error: 'rate_limited', message: 'quota', retryAfter: 30, limit: 5, limit_scope: 'account', quotaScope: 'forecast_requests' }]],
    bad: {
      'JOB-003': [{ retryAfter: 1.5, limit: 5, limit_scope: 'account', quotaScope: 'forecast_requests' }],
      'JOB-004': [{ retryAfter: 30, limit: 5, limit_scope: '', quotaScope: 'forecast_requests' }],
      'JOB-005': [{ retryAfter: 30, limit: 5, limit_scope: 'account' }],
      'JOB-006': [{ retryAfter: 30, limit: '5', limit_scope: 'account', quotaScope: 'forecast_requests' }],
    },
  }),
  cases({
    check: C.checkQuotaError,
    ok: [
      [
        { retryAfter: 61854, limit: 50, limit_scope: 'standard', quotaScope: 'venue_market_daily' },
        { headers: { 'retry-after': '61855' }, admitted: 50 },
      ],
    ],
    bad: {
      'JOB-003': [
        { retryAfter: 61854000, limit: 50, limit_scope: 'standard', quotaScope: 'venue_market_daily' },
        { headers: { 'retry-after': '61854' }, admitted: 50 },
      ],
      'JOB-006': [
        { retryAfter: 61854, limit: 20000, limit_scope: 'standard', quotaScope: 'venue_market_daily' },
        { headers: { 'retry-after': '61854' }, admitted: 50 },
      ],
    },
  }),
];
