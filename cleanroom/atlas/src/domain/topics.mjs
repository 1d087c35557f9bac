// Topic exclusion: sports outcomes, mention markets and short-horizon crypto
// up/down markets (15-minute and hourly) are never forecast. Daily and longer
// crypto horizons stay in scope.
import { ApiError } from '../util/http.mjs';

const MESSAGES = {
  sports: 'Sports outcome markets are outside forecast coverage.',
  mentions: 'Mention markets are outside forecast coverage.',
  crypto_up_down: 'Short-horizon crypto up/down markets (15-minute and hourly settles) are outside forecast coverage.',
};

export function exclusionOf(m) {
  if (!m || !m.excluded) return null;
  return { reason: m.excluded, message: MESSAGES[m.excluded] };
}

export function assertNotExcluded(m) {
  const ex = exclusionOf(m);
  if (ex) throw new ApiError(422, 'forecast_topic_excluded', ex.message, { reason: ex.reason, marketKey: m.marketKey });
}
