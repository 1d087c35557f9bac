/**
 * Venue-side URL forms. Hosts use the reserved `.example` TLD because the spec neutralises venue
 * names. The path shapes mirror the forms the forecast-targets route accepts: venue_b daily-event
 * pages `/markets/{series}/{series-slug}/{event}` and venue_a `/event/{slug}`,
 * `/event/{slug}/{market-slug}` and `/market/{slug}`.
 */
export const VENUE_HOSTS = {
  venue_a: 'https://venue-a.example',
  venue_a_us: 'https://us.venue-a.example',
  venue_b: 'https://venue-b.example',
  venue_c: 'https://venue-c.example',
  broker_a: 'https://broker-a.example',
} as const;

export const venueBEventUrl = (series: string, seriesSlug: string, eventTicker: string): string =>
  `${VENUE_HOSTS.venue_b}/markets/${series.toLowerCase()}/${seriesSlug}/${eventTicker.toLowerCase()}`;

export const venueBSourceUrl = (ticker: string): string => `https://api.venue-b.example/trade-api/v2/markets/${ticker}`;
export const venueBEventSourceUrl = (eventTicker: string): string => `https://api.venue-b.example/trade-api/v2/events/${eventTicker}`;

export const brokerAUrl = (category: string, eventTicker: string): string =>
  `${VENUE_HOSTS.broker_a}/prediction-markets/${category}/${eventTicker.toLowerCase()}`;

export const venueAEventUrl = (eventSlug: string): string => `${VENUE_HOSTS.venue_a}/event/${eventSlug}`;
export const venueAEventMarketUrl = (eventSlug: string, marketSlug: string): string =>
  `${VENUE_HOSTS.venue_a}/event/${eventSlug}/${marketSlug}`;
export const venueAMarketUrl = (slug: string): string => `${VENUE_HOSTS.venue_a}/market/${slug}`;
export const venueASourceUrl = (id: string): string => `https://api.venue-a.example/markets/${id}`;
export const venueAEventSourceUrl = (id: string): string => `https://api.venue-a.example/events/${id}`;

export const venueAUsMarketUrl = (id: string): string => `${VENUE_HOSTS.venue_a_us}/market/${id}`;
export const venueAUsSourceUrl = (id: string): string => `https://api.us.venue-a.example/v1/markets/${id}`;

export const venueCMarketUrl = (id: string): string => `${VENUE_HOSTS.venue_c}/m/${id}`;

/** Lowercase, ASCII, hyphen-separated; how venue_a derives slugs from questions. */
export const slugify = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[$%,.'"?()]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
