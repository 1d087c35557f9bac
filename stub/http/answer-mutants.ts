/**
 * Mutants of one operation's answer (issue 34, stub/mutants.ts rows with an `operation`): a rule the
 * suites already kill on one operation, broken on another, as a bug in that one route's own serializer
 * would break it. Each rewrites the answer's final JSON or headers when its mutant is on and the answer is
 * its operation's; the shared presenters (stub/present) stay correct, so every other operation still
 * answers right. Nothing here runs unless a mutant is on (`anyMutant`).
 */
import { anyMutant, mutant } from '../mutants.ts';

type Row = Record<string, unknown>;

/** An answer on its way out: status, headers (names as written) and the JSON text of its body. */
export interface OutgoingAnswer {
  status: number;
  headers: Record<string, string> | undefined;
  text: string;
}

/** Every object inside `value`, depth first (the value itself included). */
function objects(value: unknown, out: Row[] = []): Row[] {
  if (Array.isArray(value)) for (const v of value) objects(v, out);
  else if (value && typeof value === 'object') {
    out.push(value as Row);
    for (const v of Object.values(value)) objects(v, out);
  }
  return out;
}

/** Sets `key` of `o` (a mutant's one write), reporting that the answer changed. */
function set(o: Row, key: string, value: unknown): true {
  o[key] = value;
  return true;
}

const isRef = (o: Row): boolean => typeof o.relationship === 'string' && typeof o.direction === 'string';
const isRouting = (o: Row): boolean => typeof o.marketKey === 'string' && typeof o.venue === 'string' && 'nativeMarketId' in o;

/** Applies the body rewrite of `operationId`'s mutant, if one is on; whether the body changed. */
function rewriteBody(operationId: string, status: number, body: Row): boolean {
  const all = (): Row[] => objects(body);
  if (status >= 400) {
    if (mutant('err-no-message-sources') && operationId === 'listSources') return delete body.message;
    // The stance route's own not-found body, without its message (round-25 bug; the 404 itself is the stub's choice).
    if (mutant('err-no-message-stance-404') && operationId === 'getAssetStance' && status === 404) return delete body.message;
    if (mutant('err-retry-after-on-422-latest') && operationId === 'getLatest' && status === 422) return set(body, 'retry_after', 1);
    if (mutant('err-invalid-key-code-stance') && operationId === 'getAssetStance' && status === 401)
      return set(body, 'error', 'unauthorized');
    if (mutant('err-402-code-portfolio') && operationId === 'getPortfolio' && status === 402)
      return set(body, 'error', 'payment_requested');
    if (mutant('err-409-code-link') && operationId === 'linkWallet' && status === 409) return set(body, 'error', 'conflict');
    if (mutant('lim-429-no-retry-after-body-oil') && operationId === 'getOilSignal' && status === 429) return delete body.retry_after;
    if (mutant('lim-429-retry-after-ms-sources') && operationId === 'listSources' && status === 429 && typeof body.retry_after === 'number')
      return set(body, 'retry_after', body.retry_after * 1000);
    return false;
  }
  if (
    (mutant('rel-affects-edge-sources') && operationId === 'listSources') ||
    (mutant('rel-affects-edge-job') && operationId === 'getForecastRequest')
  ) {
    const ref = all().find(isRef);
    return !!ref && set(ref, 'relationship', 'AFFECTS');
  }
  if (mutant('rel-odds-leak-availability') && operationId === 'getForecastAvailability') {
    const refs = all().filter(isRef);
    for (const ref of refs) ref.market_odds = 0.5;
    return refs.length > 0;
  }
  if (mutant('route-key-dash-sources') && operationId === 'listSources') {
    const rows = all().filter(isRouting);
    for (const row of rows) row.marketKey = (row.marketKey as string).replace(':', '-');
    return rows.length > 0;
  }
  if (mutant('route-broker-all-latest') && operationId === 'getLatest') {
    const rows = all().filter((o) => isRouting(o) && o.venue === 'venue_a');
    for (const row of rows) row.broker_channels = ['broker_a'];
    return rows.length > 0;
  }
  if (mutant('route-venue-a-url-availability') && operationId === 'getForecastAvailability') {
    const rows = all().filter((o) => isRouting(o) && o.venue !== 'venue_a');
    for (const row of rows) row.venueAUrl = `https://venue-a.example/market/${String(row.nativeMarketId)}`;
    return rows.length > 0;
  }
  if (mutant('quote-odds-bid-latest') && operationId === 'getLatest') {
    let changed = false;
    for (const o of all()) {
      const quote = o.venue_quote as Row | null | undefined;
      if (!quote || typeof quote.yes_bid !== 'number' || quote.yes_bid === quote.selected_probability) continue;
      // The odds sit beside the quote or in its row's venue_data (the latest route's market).
      const holders = [o, ...(o.venue_data && typeof o.venue_data === 'object' ? [o.venue_data as Row] : [])];
      for (const holder of holders)
        for (const field of ['market_odds', 'yes_odds']) if (field in holder) changed = set(holder, field, quote.yes_bid);
    }
    return changed;
  }
  if (mutant('quote-snapshot-observed-now-markets') && operationId === 'listMarkets') {
    // The stored snapshot's observed_at replaced by the time of the answer (round-5 bug, on another route).
    let changed = false;
    for (const o of all()) {
      const quote = o.venue_quote as Row | null | undefined;
      if (quote && quote.quote_method === 'graph_snapshot') changed = set(quote, 'observed_at', new Date().toISOString());
    }
    return changed;
  }
  if (mutant('asset-linked-probability-no-side') && operationId === 'searchAssets') {
    // A refreshed forecast's linked market shows the NO side's probability (the stored forecast read keeps the YES side).
    let changed = false;
    for (const o of all()) {
      const p = o.latest_service_probability;
      if (typeof p === 'number' && p !== 0.5 && typeof o.latest_forecast_delta === 'number' && o.latest_forecast_delta !== 0)
        changed = set(o, 'latest_service_probability', Math.round((1 - p) * 10_000) / 10_000);
    }
    return changed;
  }
  if (mutant('tgt-venue-a-children-no-side') && operationId === 'getForecastTargets' && body.venue === 'venue_a') {
    // venue_a children carry the NO side's book as yesBid/yesAsk (round-17 bug).
    let changed = false;
    const kids = [
      ...(Array.isArray(body.markets) ? (body.markets as Row[]) : []),
      ...(body.selectedMarket ? [body.selectedMarket as Row] : []),
    ];
    for (const c of kids)
      if (typeof c.yesBid === 'number' && typeof c.yesAsk === 'number') {
        const [bid, ask] = [c.yesBid, c.yesAsk];
        changed = set(c, 'yesBid', Math.round((1 - ask) * 10_000) / 10_000);
        set(c, 'yesAsk', Math.round((1 - bid) * 10_000) / 10_000);
      }
    return changed;
  }
  if (mutant('asset-linked-thesis-sibling') && operationId === 'searchAssets') {
    // Each Asset's linked markets of one event carry the thesis of the event's first market with one (round-16 bug:
    // the theses looked up by event, not by market).
    let changed = false;
    for (const a of all()) {
      if (!Array.isArray(a.linked_markets)) continue;
      const first = new Map<string, unknown>();
      for (const m of a.linked_markets as Row[]) {
        const ev = (m.event as Row | undefined)?.id ?? m.nativeEventId;
        if (typeof m.thesis !== 'string' || typeof ev !== 'string') continue;
        if (!first.has(ev)) first.set(ev, m.thesis);
        else if (first.get(ev) !== m.thesis) changed = set(m, 'thesis', first.get(ev));
      }
    }
    return changed;
  }
  if (mutant('sig-ref-side-null-availability') && operationId === 'getForecastAvailability') {
    // A publication's ref states no side on availability, where the signal list states its side (round-7 bug).
    const refs = all().filter((o) => isRef(o) && o.relationship === 'HAS_SIGNAL' && o.side !== null && 'side' in o);
    for (const ref of refs) ref.side = null;
    return refs.length > 0;
  }
  if (mutant('asset-summary-q-forecast-off') && operationId === 'searchAssets' && typeof body.query === 'string') {
    // q mode's market_summary counts one market with a forecast fewer than reference mode (round-7 bug).
    let changed = false;
    for (const o of all()) {
      const summary = o.market_summary as Row | undefined;
      if (summary && typeof summary.markets_with_forecast === 'number' && summary.markets_with_forecast > 0)
        changed = set(summary, 'markets_with_forecast', summary.markets_with_forecast - 1);
    }
    return changed;
  }
  if (mutant('src-article-published-late') && operationId === 'listSources' && Array.isArray(body.sources)) {
    // Each article dated five minutes after its publication, as when it was correlated (round-7 bug).
    let changed = false;
    for (const item of body.sources as Row[])
      if (item.type === 'article' && typeof item.published_at === 'string')
        changed = set(item, 'published_at', new Date(Date.parse(item.published_at) + 300_000).toISOString());
    return changed;
  }
  if (mutant('asset-ref-ticker-lower-availability') && operationId === 'getForecastAvailability') {
    // An AssetRef states its Asset's ticker in lower case, where asset search states it as stored.
    const refs = all().filter(
      (o) => isRef(o) && typeof o.assetKey === 'string' && typeof o.ticker === 'string' && o.ticker !== o.ticker.toLowerCase(),
    );
    for (const ref of refs) ref.ticker = (ref.ticker as string).toLowerCase();
    return refs.length > 0;
  }
  if (mutant('route-mispriced-series-null') && operationId === 'listMispricedMarkets') {
    // The mispriced list's venue_b rows state seriesTicker null, where the market list states the series (round-27 bug).
    let changed = false;
    for (const o of all())
      if (o.venue === 'venue_b' && typeof o.marketKey === 'string' && typeof o.seriesTicker === 'string')
        changed = set(o, 'seriesTicker', null);
    return changed;
  }
  if (mutant('quote-linked-clock-observed') && operationId === 'searchAssets') {
    // A book quote's source clock replaced by its observed_at in the linked markets (round-25 bug).
    let changed = false;
    for (const o of all()) {
      const quote = o.venue_quote as Row | null | undefined;
      if (quote && ['midpoint', 'bid', 'ask'].includes(String(quote.quote_method)) && typeof quote.observed_at === 'string')
        changed = set(quote, 'venue_timestamp', quote.observed_at);
    }
    return changed;
  }
  if (mutant('quote-us-live-search') && operationId === 'searchAssets') {
    let changed = false;
    for (const o of all()) {
      const quote = o.venue_quote as Row | null | undefined;
      if (o.venue === 'venue_a_us' && quote && typeof quote === 'object') changed = set(quote, 'freshness', 'verified');
    }
    return changed;
  }
  return false;
}

/**
 * The answer as the mutant on `operationId` would write it (the same object when no mutant applies).
 * Source: the issue-34 rows of stub/mutants.ts.
 */
export function mutateAnswer(operationId: string, answer: OutgoingAnswer): OutgoingAnswer {
  if (!anyMutant()) return answer;
  if (mutant('lim-429-no-ratelimit-social') && operationId === 'searchSocial' && answer.status === 429 && answer.headers) {
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name.toLowerCase() !== 'ratelimit'));
    return { ...answer, headers };
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return answer;
  }
  if (!body || typeof body !== 'object' || !rewriteBody(operationId, answer.status, body as Row)) return answer;
  return { ...answer, text: JSON.stringify(body) };
}
