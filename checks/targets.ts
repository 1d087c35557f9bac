/**
 * Checks of GET /api/public/forecast-targets resolutions (rules TGT-*): the event/exact-child shapes,
 * the per-child generation bodies and prices, the allContracts fan-out plan, and the agreement of
 * two resolutions of the same event. Pure functions: each returns violations, none throws.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import type { RuleCase } from './define.ts';
import { isRecord as isObj } from '../lib/guards.ts';
import { defineCheck, ruleRange } from './define.ts';

type Obj = Record<string, unknown>;

const present = (v: unknown): boolean => v !== undefined && v !== null;

/** Price of one generation, USD (spec price table: POST /api/auth/forecast-requests $1.00). */
export const GENERATION_USD = 1;
const USD_FORMAT = /^\d+\.\d{2}$/;
/** Child statuses that read as open (the value set is gap TGT-036; the stub's is 'open') and as not open. */
const OPEN = /^(open|active)$/i;
const NOT_OPEN = /^(closed|settled|finali[sz]ed|resolved|determined|expired|inactive|halted|paused|suspended|cancell?ed|delisted)$/i;
/** The venue_a child's members, the stub's choice (gap TGT-047). */
const VENUE_A_CHILD_KEYS = ['question', 'outcome', 'yesBid', 'yesAsk', 'marketId', 'generation'];

/** A USD amount string ('1.00', '$1.00') as a number; NaN when it is not one (gap TGT-035). */
export function parseUsd(v: unknown): number {
  if (typeof v !== 'string') return NaN;
  const s = v.trim().replace(/^\$/, '');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
}

/**
 * The venue-native id a child is forecast under: the ticker on venue_b; on venue_a the numeric
 * market id, whose member name is a choice (gap TGT-047; stub: marketId): marketId, market_id, id or
 * numericId, else the one member named like a market id (…MarketId, …market_id) with a numeric value.
 */
export function childMarketId(child: unknown, venue: unknown): string | undefined {
  if (!isObj(child)) return undefined;
  const named =
    venue === 'venue_a'
      ? [child.marketId, child.market_id, child.id, child.numericId].find((c) => typeof c === 'string' || typeof c === 'number')
      : child.ticker;
  if (typeof named === 'string' || typeof named === 'number') return String(named);
  if (venue !== 'venue_a') return undefined;
  const like = Object.entries(child).filter(([k, v]) => /market_?id$/i.test(k) && /^\d+$/.test(String(v)));
  return like.length === 1 ? String(like[0]![1]) : undefined;
}

/** What a test expects of one resolution. */
export interface TargetExpectation {
  /** The ref as sent (TGT-001). */
  ref: string;
  /** event input or exact child input. */
  kind: 'event' | 'market';
  /** Expected alternative (TGT-002). */
  venue?: 'venue_a' | 'venue_b';
  /** Expected event.ticker for venue_b event input (TGT-020). */
  eventTicker?: string;
  /** Expected selected child id (ticker, or numeric venue_a id) for exact input (TGT-021/-023/-025/-026). */
  selected?: string;
  /** The venue_a event's slug, which event.ticker carries by the stub's choice (gap TGT-042). */
  eventSlug?: string;
  /** Rule to blame when `selected` does not match (the accepted-form rule under test). */
  selectedRule?: string;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** One child's generation {costUsd, body} (TGT-014, -015, -033, gap TGT-035). */
function checkChildGeneration(child: Obj, venue: unknown, path: string): Violation[] {
  const out: Violation[] = [];
  const gen = child.generation;
  if (!isObj(gen)) return [violation('TGT-015', path + ptr('generation'), 'child carries no generation {costUsd, body}')];
  const cost = parseUsd(gen.costUsd);
  if (Math.abs(cost - GENERATION_USD) > 1e-9)
    out.push(violation('TGT-014', path + ptr('generation', 'costUsd'), `costUsd ${JSON.stringify(gen.costUsd)} is not $1.00`));
  else if (typeof gen.costUsd === 'string' && !USD_FORMAT.test(gen.costUsd))
    out.push(
      violation(
        'TGT-035',
        path + ptr('generation', 'costUsd'),
        `costUsd ${JSON.stringify(gen.costUsd)} is not in the form 1.00`,
        'warning',
      ),
    );
  const body = gen.body;
  const id = childMarketId(child, venue);
  if (!isObj(body)) return [...out, violation('TGT-015', path + ptr('generation', 'body'), 'child generation has no body')];
  if (body.kind !== 'venue_market')
    out.push(violation('TGT-015', path + ptr('generation', 'body', 'kind'), `kind ${JSON.stringify(body.kind)}`));
  if (body.venue !== venue)
    out.push(
      violation(
        'TGT-015',
        path + ptr('generation', 'body', 'venue'),
        `body venue ${JSON.stringify(body.venue)} in a ${String(venue)} resolution`,
      ),
    );
  if (id !== undefined && body.market_id !== id)
    out.push(
      violation(
        'TGT-015',
        path + ptr('generation', 'body', 'market_id'),
        `body market_id ${JSON.stringify(body.market_id)} does not name this child (${id})`,
      ),
    );
  if (venue === 'venue_a' && !(typeof body.market_id === 'string' && /^\d+$/.test(body.market_id))) {
    out.push(
      violation(
        'TGT-033',
        path + ptr('generation', 'body', 'market_id'),
        `venue_a body market_id ${JSON.stringify(body.market_id)} is not numeric`,
      ),
    );
  }
  return out;
}

/**
 * allContracts: count, one request per child, estimated cost (TGT-016, -017, -018, gap TGT-035). Its
 * presence is a choice (the required flags are not shown, gap TGT-046): an answer without it judges none
 * of these rules.
 */
function checkAllContracts(body: Obj, markets: Obj[], path: string): Violation[] {
  const all = body.allContracts;
  const at = path + ptr('allContracts');
  if (all === undefined) return [violation('TGT-046', at, 'the answer leaves allContracts out', 'warning')];
  if (!isObj(all)) return []; // the schema rules judge its type
  const out: Violation[] = [];
  const requests = Array.isArray(all.requests) ? all.requests : [];
  if (all.marketCount !== requests.length)
    out.push(violation('TGT-016', at + ptr('marketCount'), `marketCount ${String(all.marketCount)} ≠ ${requests.length} requests`));
  if (all.marketCount !== markets.length)
    out.push(violation('TGT-017', at + ptr('marketCount'), `marketCount ${String(all.marketCount)} ≠ ${markets.length} children`));
  const childBodies = markets.map((c) => JSON.stringify(isObj(c.generation) ? c.generation.body : null)).sort();
  const reqBodies = requests.map((r) => JSON.stringify(r)).sort();
  if (!sameJson(childBodies, reqBodies))
    out.push(violation('TGT-017', at + ptr('requests'), 'requests are not exactly the generation bodies of the children'));
  const est = parseUsd(all.estimatedCostUsd);
  // "each child is a separate forecast at its own price": the estimate is the sum of the children's costUsd
  const sum = markets.reduce((total, c) => total + (isObj(c.generation) ? parseUsd(c.generation.costUsd) : NaN), 0);
  if (!(Math.abs(est - sum) <= 0.005))
    out.push(
      violation(
        'TGT-018',
        at + ptr('estimatedCostUsd'),
        `estimatedCostUsd ${JSON.stringify(all.estimatedCostUsd)} ≠ ${sum.toFixed(2)}, the sum of the ${markets.length} children's costUsd`,
      ),
    );
  else if (typeof all.estimatedCostUsd === 'string' && !USD_FORMAT.test(all.estimatedCostUsd))
    out.push(
      violation(
        'TGT-035',
        at + ptr('estimatedCostUsd'),
        `estimatedCostUsd ${JSON.stringify(all.estimatedCostUsd)} is not in the form N.NN`,
        'warning',
      ),
    );
  return out;
}

/**
 * Every rule of one 200 resolution: TGT-001..007, -009, -010, -012..-018, -033 and, through
 * `expect`, the accepted-form rule that names the selected child or event.
 */
export function checkTargetResolution(body: unknown, expect: TargetExpectation, path = ''): Violation[] {
  if (!isObj(body)) return [violation('TGT-001', path || '/', 'resolution is not an object')];
  const out: Violation[] = [];
  const venue = body.venue;
  if (body.input !== expect.ref)
    out.push(
      violation('TGT-001', path + ptr('input'), `input ${JSON.stringify(body.input)} does not echo the ref ${JSON.stringify(expect.ref)}`),
    );
  if (expect.venue && venue !== expect.venue)
    out.push(violation('TGT-002', path + ptr('venue'), `a ${expect.venue} ref answered venue ${JSON.stringify(venue)}`));
  const markets = (Array.isArray(body.markets) ? body.markets : []).filter(isObj);
  const event = isObj(body.event) ? body.event : {};

  if (expect.kind === 'event') {
    if (body.targetType !== 'event')
      out.push(violation('TGT-003', path + ptr('targetType'), `event input answered targetType ${JSON.stringify(body.targetType)}`));
    if (body.selectionRequired !== true)
      out.push(
        violation(
          'TGT-004',
          path + ptr('selectionRequired'),
          `event input answered selectionRequired ${JSON.stringify(body.selectionRequired)}`,
        ),
      );
    if (present(body.generation)) out.push(violation('TGT-005', path + ptr('generation'), 'event input carries a generation body'));
    if (present(body.selectedMarket)) out.push(violation('TGT-006', path + ptr('selectedMarket'), 'event input carries a selectedMarket'));
    if (expect.eventTicker !== undefined && String(event.ticker).toLowerCase() !== expect.eventTicker.toLowerCase()) {
      out.push(
        violation('TGT-020', path + ptr('event', 'ticker'), `event.ticker ${JSON.stringify(event.ticker)} is not ${expect.eventTicker}`),
      );
    }
  } else {
    if (body.targetType !== 'market')
      out.push(violation('TGT-010', path + ptr('targetType'), `exact input answered targetType ${JSON.stringify(body.targetType)}`));
    if (body.selectionRequired !== false)
      out.push(
        violation(
          'TGT-038',
          path + ptr('selectionRequired'),
          `exact child input answered selectionRequired ${JSON.stringify(body.selectionRequired) ?? '(left out)'}`,
          'warning',
        ),
      );
    const sel = body.selectedMarket;
    if (!isObj(sel)) out.push(violation('TGT-012', path + ptr('selectedMarket'), 'exact child input carries no selectedMarket'));
    else {
      const selId = childMarketId(sel, venue);
      if (selId === undefined || !markets.some((c) => childMarketId(c, venue) === selId))
        out.push(
          violation('TGT-012', path + ptr('selectedMarket'), `selectedMarket ${String(selId)} is not one of the children in markets`),
        );
      if (expect.selected !== undefined && selId?.toLowerCase() !== expect.selected.toLowerCase()) {
        out.push(
          violation(
            expect.selectedRule ?? 'TGT-012',
            path + ptr('selectedMarket'),
            `selected ${String(selId)}, expected ${expect.selected}`,
          ),
        );
      }
      const selBody = isObj(sel.generation) ? sel.generation.body : undefined;
      if (!isObj(body.generation)) out.push(violation('TGT-013', path + ptr('generation'), 'exact child input carries no generation body'));
      else if (!sameJson(body.generation, selBody))
        out.push(violation('TGT-013', path + ptr('generation'), "generation is not the selected child's generation body"));
    }
  }

  if (venue === 'venue_a' && expect.eventSlug !== undefined && String(event.ticker).toLowerCase() !== expect.eventSlug.toLowerCase())
    out.push(
      violation(
        'TGT-042',
        path + ptr('event', 'ticker'),
        `event.ticker ${JSON.stringify(event.ticker)} is not the event's slug`,
        'warning',
      ),
    );
  markets.forEach((child, i) => {
    const at = path + ptr('markets', i);
    if (venue === 'venue_b' && present(event.ticker) && child.eventTicker !== event.ticker) {
      out.push(
        violation(
          'TGT-007',
          at + ptr('eventTicker'),
          `child eventTicker ${JSON.stringify(child.eventTicker)} ≠ event.ticker ${JSON.stringify(event.ticker)}`,
        ),
      );
    }
    out.push(...checkChildStatus(child.status, at), ...checkChildChoices(child, venue, at), ...checkChildGeneration(child, venue, at));
  });
  out.push(...checkAllContracts(body, markets, path));
  return out;
}

/**
 * A child's status: open children only (TGT-009), judged where the value reads as open or as not open;
 * the value set is a choice (gap TGT-036, the stub's 'open'), so an unknown value is reported there and
 * judges nothing.
 */
function checkChildStatus(status: unknown, at: string): Violation[] {
  if (status === undefined || status === 'open') return [];
  if (typeof status === 'string' && NOT_OPEN.test(status))
    return [violation('TGT-009', at + ptr('status'), `child status ${JSON.stringify(status)} is not open`)];
  const known = typeof status === 'string' && OPEN.test(status);
  return [
    violation(
      'TGT-036',
      at + ptr('status'),
      `child status ${JSON.stringify(status)}${known ? '' : ' is not a value the harness can read as open or not (TGT-009 not judged)'}`,
      'warning',
    ),
  ];
}

/** A child's shape against the stub's choices (warnings): prices in dollars 0..1 (gap TGT-045), venue_a member names (gap TGT-047). */
function checkChildChoices(child: Obj, venue: unknown, at: string): Violation[] {
  const out: Violation[] = [];
  const prices = ['yesBid', 'yesAsk', 'lastPrice'].filter(
    (k) => typeof child[k] === 'number' && ((child[k] as number) < 0 || (child[k] as number) > 1),
  );
  if (prices.length)
    out.push(
      violation(
        'TGT-045',
        at + ptr(prices[0]!),
        `${prices.join(', ')} ${prices.map((k) => String(child[k])).join(', ')}: not dollars 0..1`,
        'warning',
      ),
    );
  if (venue === 'venue_a' && !VENUE_A_CHILD_KEYS.every((k) => k in child))
    out.push(violation('TGT-047', at, `a venue_a child with members ${Object.keys(child).join(', ')}`, 'warning'));
  return out;
}

/** The children's ids, in order. */
export const childIds = (body: unknown): string[] =>
  isObj(body) && Array.isArray(body.markets) ? body.markets.map((c) => childMarketId(c, body.venue) ?? '?') : [];

/**
 * Two resolutions name the same children (`rule` blames the accepted form or TGT-011); a different
 * order is gap TGT-037 (warning).
 */
export function checkSameChildren(a: unknown, b: unknown, rule: string, path = ''): Violation[] {
  const ia = childIds(a);
  const ib = childIds(b);
  if (!sameJson([...ia].sort(), [...ib].sort()))
    return [violation(rule, path + ptr('markets'), `children differ: [${ib.join(', ')}] vs [${ia.join(', ')}]`)];
  if (!sameJson(ia, ib)) return [violation('TGT-037', path + ptr('markets'), 'same children in a different order', 'warning')];
  return [];
}

/** Two resolutions are the same apart from `input` (an accepted form resolves like another). */
export function checkSameResolution(a: unknown, b: unknown, rule: string, path = ''): Violation[] {
  if (!isObj(a) || !isObj(b)) return [violation(rule, path || '/', 'a resolution is missing')];
  const strip = ({ input: _input, ...rest }: Obj): Obj => rest;
  return sameJson(strip(a), strip(b))
    ? []
    : [violation(rule, path || '/', `resolutions of ${JSON.stringify(a.input)} and ${JSON.stringify(b.input)} differ beyond input`)];
}

/** The 404 answer echoes the unresolved reference in a ticker field (TGT-029; its place is gap TGT-034). */
export function checkNotFoundEcho(body: unknown, ref: string): Violation[] {
  if (!isObj(body)) return [violation('TGT-029', '/', '404 body is not an object')];
  if (body.ticker === ref) return [];
  const nested = JSON.stringify(body).includes(`"ticker":${JSON.stringify(ref)}`);
  return nested
    ? [violation('TGT-034', '/ticker', 'the echo sits in a nested ticker field, not at the top level', 'warning')]
    : [
        violation(
          'TGT-029',
          '/ticker',
          `404 body does not echo ${JSON.stringify(ref)} in a ticker field (ticker: ${JSON.stringify(body.ticker)})`,
        ),
      ];
}

/** The children of a resolution (objects of its markets array). */
const childrenOf = (body: unknown): Obj[] => (isObj(body) && Array.isArray(body.markets) ? body.markets.filter(isObj) : []);
const hasPlan = ([body]: [unknown, TargetExpectation, string?]): number => Number(isObj(body) && isObj(body.allContracts));

/**
 * Cases narrower than a resolution: TGT-009 speaks of a child whose status reads as open or not (the
 * value set is gap TGT-036), TGT-016..018 of an answer that carries the fan-out plan (gap TGT-046).
 */
const TARGET_CASES: Record<string, RuleCase<[unknown, TargetExpectation, string?]>> = {
  'TGT-009': {
    what: 'a child whose status reads as open or as not open',
    count: ([body]) =>
      childrenOf(body).filter((c) => typeof c.status === 'string' && (OPEN.test(c.status) || NOT_OPEN.test(c.status))).length,
  },
  'TGT-016': { what: 'a resolution carrying allContracts', count: hasPlan },
  'TGT-017': { what: 'a resolution carrying allContracts', count: hasPlan },
  'TGT-018': { what: 'a resolution carrying allContracts', count: hasPlan },
};

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The targets checks, by name (the name of the function each wraps). */
export const TARGETS_CHECKS = {
  checkTargetResolution: defineCheck(
    'checkTargetResolution',
    [
      ...ruleRange('TGT', 1, 7),
      'TGT-009',
      'TGT-010',
      ...ruleRange('TGT', 12, 18),
      'TGT-020',
      'TGT-033',
      'TGT-035',
      'TGT-036',
      'TGT-038',
      'TGT-042',
      'TGT-045',
      'TGT-046',
      'TGT-047',
    ],
    checkTargetResolution,
    ([, expect]) => expect.selectedRule,
    TARGET_CASES,
  ),
  checkSameChildren: defineCheck('checkSameChildren', ['TGT-037'], checkSameChildren, ([, , rule]) => rule),
  checkSameResolution: defineCheck('checkSameResolution', [], checkSameResolution, ([, , rule]) => rule),
  checkNotFoundEcho: defineCheck('checkNotFoundEcho', ['TGT-029', 'TGT-034'], checkNotFoundEcho),
  checkChildYesSide: defineCheck('checkChildYesSide', ['TGT-049'], checkChildYesSide),
};

/** How far from one half a quote's YES midpoint must lie for its side to be told from the NO side's (TGT-049). */
const SIDE_MARGIN = 0.2;

/**
 * TGT-049 (round-17 bug: venue_a children carried the NO side's book as yesBid/yesAsk): each child of `body` whose
 * market `quotes` knows (by `<venue>:<child id>`, the venue quote's yes_bid and yes_ask) has its YES midpoint nearer
 * the quote's than the complement. A quote within SIDE_MARGIN of one half cannot tell the sides apart (a live book
 * moves between the two answers), and a price in neither dollars nor cents (gap TGT-045) is not read.
 * @returns the violations and how many children were compared
 */
export function checkChildYesSide(
  body: unknown,
  quotes: ReadonlyMap<string, { yes_bid: number; yes_ask: number }>,
  path = '',
): { violations: Violation[]; compared: number } {
  const found: Violation[] = [];
  let compared = 0;
  if (!isObj(body)) return { violations: found, compared };
  const listed = Array.isArray(body.markets) ? (body.markets as unknown[]) : [];
  // The selected child once: it is usually one of the listed children too.
  const selectedId = childMarketId(body.selectedMarket, body.venue);
  const children = [...listed, ...(selectedId !== undefined && !childIds(body).includes(selectedId) ? [body.selectedMarket] : [])];
  for (const [i, child] of children.entries()) {
    const id = childMarketId(child, body.venue);
    const quote = id === undefined ? undefined : quotes.get(`${String(body.venue)}:${id}`.toLowerCase());
    if (!quote || !isObj(child) || typeof child.yesBid !== 'number' || typeof child.yesAsk !== 'number') continue;
    const quoteMid = (quote.yes_bid + quote.yes_ask) / 2;
    const top = Math.max(child.yesBid, child.yesAsk);
    const scale = top <= 1 ? 1 : top <= 100 ? 100 : undefined;
    if (Math.abs(quoteMid - 0.5) < SIDE_MARGIN || scale === undefined) continue;
    compared++;
    const mid = (child.yesBid + child.yesAsk) / 2 / scale;
    if (Math.abs(mid - quoteMid) > Math.abs(mid - (1 - quoteMid)))
      found.push(
        violation(
          'TGT-049',
          `${path}${i < listed.length ? `/markets/${i}` : '/selectedMarket'}/yesBid`,
          `child ${id}: yesBid ${child.yesBid} and yesAsk ${child.yesAsk} lie nearer the NO side (${(1 - quoteMid).toFixed(3)}) than the venue quote's YES midpoint ${quoteMid.toFixed(3)}`,
        ),
      );
  }
  return { violations: found, compared };
}
