/**
 * The sources route's window over the target's clock moved through the control plane (contract/control.yaml): an
 * item is windowed on a time that does not move back (SRC-021). A clock suite (lib/suite-phases.ts CLOCK_SUITES): it
 * runs in the serial conformance-clock project, and first of them by its file name, so the evidence of the last hours
 * is still recent when it reads it (the later clock suites move the clock by hours to weeks). Without a control plane
 * its test SKIPs.
 */
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { feedMarkets, readFeed } from './support/feed.ts';
import { checkSourcesSubset } from '../checks/evidence.ts';
import { drawnFrom } from './support/exhibit.ts';

test(
  "sources window on a time that does not move back: a market's 48-hour items, posts and articles, are in its 168-hour answer 60 hours later",
  { ...ruleDetails('SRC-021', ...contractRules('listSources', 'getLatest')) },
  async ({ paid, controlPlane, budget, sharedAnswers }) => {
    // Social posts window on when last seen as relevant (75323952ae04), a time that only moves forward; an article on
    // its published_at. An item inside 48 hours at T is inside 108 hours at T + 60 h, so inside a 168-hour window
    // (round-43 bug: posts served at most 48 hours of a wider window, articles the whole window).
    await budget.reserveCalls('listSources', 2);
    const { res: feedRes, body: feedBody } = await readFeed(paid, { hours: 6, types: 'article,x_post' }, sharedAnswers);
    await expect(feedRes).toMatchContract('getLatest');
    const keys = feedMarkets(feedBody)
      .slice(0, 10)
      .map((m) => m.marketKey);
    test.skip(
      keys.length === 0,
      `no market got evidence in the last 6 hours (GET /api/v1/latest?hours=6&types=article,x_post answered ${feedRes.status()} with ${feedBody?.events?.length ?? 0} event(s))`,
    );
    const ask = async (window: number) => {
      const res = await paid.get('/api/v1/sources', { params: { market_keys: keys.join(','), window } });
      await expect(res).toMatchContract('listSources');
      return { res, body: res.status() === 200 ? ((await res.json()) as { sources?: Record<string, unknown>[] }) : undefined };
    };
    const before = await ask(48);
    test.skip(!before.body, `the 48-hour answer was ${before.res.status()}`);
    const items = before.body!.sources ?? [];
    const posts = items.filter((i) => i.type === 'x_post').length;
    await controlPlane.advanceClock(60 * 3600);
    const after = await ask(168);
    test.skip(!after.body, `the 168-hour answer 60 hours later was ${after.res.status()}`);
    test.info().annotations.push({
      type: 'note',
      description: `${items.length} item(s) in the 48-hour answer (${posts} social post(s)); ${after.body!.sources?.length ?? 0} in the 168-hour answer 60 hours later`,
    });
    judged('SRC-021', items.length, "an item of a market's 48-hour answer", 'listSources');
    expect(
      drawnFrom(after.res, checkSourcesSubset(before.body, after.body, 'SRC-021', { label: 'the 168-hour answer 60 hours later' })),
    ).toHaveNoViolations(after.body);
  },
);
