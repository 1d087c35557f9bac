/**
 * AVAIL-045 across answers (round-8 bug): availability's latestForecast is judged against the forecast instants
 * answers dated two seconds or more before it stated; answers in flight together are never compared. Tests of the
 * harness: no rule annotation, nothing credited.
 */
import { expect, test } from '@playwright/test';
import { checkNewestForecast, forecastInstants, newestForecastInstances, type NewestViews } from '../newest-forecast.ts';

const KEY = 'venue_a:512';
const catalog = (at: string) => ({ markets: [{ marketKey: KEY, latest_forecast_at: at }] });
const availability = (createdAt: string) => ({ market: { marketKey: KEY }, latestForecast: { id: 'f1', createdAt } });
const T0 = Date.parse('2026-11-30T00:00:00Z');

test('checkNewestForecast: a latestForecast older than a forecast an earlier answer showed is a violation', () => {
  const views: NewestViews = new Map();
  expect(checkNewestForecast(forecastInstants('listMarkets', catalog('2026-11-29T10:00:00Z')), views, T0, 'listMarkets')).toEqual([]);
  const older = forecastInstants('getForecastAvailability', availability('2026-11-20T10:00:00Z'));
  expect(newestForecastInstances(older.latest, views, T0 + 5000, 'AVAIL-045')).toBe(1);
  const found = checkNewestForecast(older, views, T0 + 5000, 'availability');
  expect(found.map((v) => [v.ruleId, v.path])).toEqual([['AVAIL-045', '/latestForecast/createdAt']]);
  expect(found[0]!.message).toContain('listMarkets: /markets/0/latest_forecast_at');
});

test('checkNewestForecast: a newer latestForecast, a second of rounding and answers in flight together are clean', () => {
  const views: NewestViews = new Map();
  checkNewestForecast(
    forecastInstants('getLatest', {
      events: [{ type: 'forecast', market: { marketKey: KEY }, forecast: { created_at: '2026-11-29T10:00:00.900Z' } }],
    }),
    views,
    T0,
    'getLatest',
  );
  expect(
    checkNewestForecast(forecastInstants('getForecastAvailability', availability('2026-11-29T10:00:00Z')), views, T0 + 3000, 'a'),
  ).toEqual([]);
  expect(
    checkNewestForecast(forecastInstants('getForecastAvailability', availability('2026-11-29T11:00:00Z')), views, T0 + 3000, 'a'),
  ).toEqual([]);
  // Dated within two seconds of the sighting: not compared (a forecast may have been published between the two).
  const fresh: NewestViews = new Map();
  checkNewestForecast(forecastInstants('listMarkets', catalog('2026-11-29T10:00:00Z')), fresh, T0, 'listMarkets');
  const older = forecastInstants('getForecastAvailability', availability('2026-11-20T10:00:00Z'));
  expect(newestForecastInstances(older.latest, fresh, T0 + 1000, 'AVAIL-045')).toBe(0);
  expect(checkNewestForecast(older, fresh, T0 + 1000, 'a')).toEqual([]);
  // No readable Date: nothing judged, nothing recorded.
  expect(checkNewestForecast(older, new Map(), NaN, 'a')).toEqual([]);
});
